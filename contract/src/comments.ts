// Members' comments (docs/decisions/200): what the API answers of an article's comments, what a
// member sends, and what the owner moderates. A comment's text is Markdown of a small subset
// (links, emphasis, code), rendered by the site through the one sanitiser's `comment` profile
// (./content-html.ts); the API keeps it as written and counts its links.
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Literal,
  Null,
  Object as ObjectOf,
  Optional,
  String as StringType,
  Union,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { text } from './schemas.js';

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 5_000;
/** Comments carrying more links than this are refused outright, whatever the owner's setting. */
export const COMMENT_MAX_LINKS = 10;
/** How long after posting a member may still edit a comment. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
/**
 * Threads per page of an article's comments: each its first comment and the count of its
 * replies, which come with the thread alone (`?thread=`), so a page is as small at 10,000
 * comments as at 10 (docs/decisions/200).
 */
export const COMMENT_THREADS_PER_PAGE = 10;
/** Replies per page of a thread read alone, the oldest first. */
export const COMMENT_REPLIES_SHOWN = 50;
/** How many pages of replies a thread of `replyCount` replies fills (one when it has none). */
export const replyPageCount = (replyCount: number): number =>
  Math.max(1, Math.ceil(replyCount / COMMENT_REPLIES_SHOWN));
/** The name a comment is shown under once its member deleted their account and it was kept. */
export const DELETED_MEMBER_NAME = 'A deleted member';
/** The name of a member who has given none in their profile. */
export const UNNAMED_MEMBER_NAME = 'A member';

/** The article page's query parameters that choose its comments: their order and page. */
export const COMMENT_ORDER_PARAM = 'order';
export const COMMENT_PAGE_PARAM = 'page';
/** The article page's query parameter that reads one thread alone, with its replies. */
export const COMMENT_THREAD_PARAM = 'thread';
/** With a thread read alone: the page of its replies (COMMENT_REPLIES_SHOWN each). */
export const COMMENT_REPLIES_PARAM = 'replies';
/** The article page's comments section, where the links to its comments point by default. */
export const COMMENTS_ANCHOR = 'comments';
/** A comment's anchor on the article page. */
export const commentAnchor = (id: string): string => `comment-${id}`;

/**
 * The address of a page of the comments of the article at `articlePath`, or of one of its
 * threads read alone, at `anchor` (the comments' section unless said).
 */
export function commentsHref(
  articlePath: string,
  {
    order,
    page,
    thread,
    replies = 1,
  }: { order: CommentOrder; page: number; thread?: string | null; replies?: number },
  anchor: string = COMMENTS_ANCHOR,
): string {
  const search = new URLSearchParams();
  if (order !== 'newest') search.set(COMMENT_ORDER_PARAM, order);
  if (page > 1) search.set(COMMENT_PAGE_PARAM, String(page));
  if (thread) search.set(COMMENT_THREAD_PARAM, thread);
  if (thread && replies > 1) search.set(COMMENT_REPLIES_PARAM, String(replies));
  const query = search.size > 0 ? `?${search}` : '';
  return `${articlePath}${query}#${anchor}`;
}

/**
 * Where a comment is read on the site: its thread alone, whatever page of threads it is on, at
 * the comment (a path: a mail puts the site's address before it). A reply past the thread's
 * first page of replies is on `replyPage` (the page its place gives: `replyPageCount(place)`).
 */
export function commentPath(
  articleSlug: string,
  comment: { _id: string; parentId: string | null },
  replyPage = 1,
): string {
  return commentsHref(
    `/article/${encodeURIComponent(articleSlug)}`,
    { order: 'newest', page: 1, thread: comment.parentId ?? comment._id, replies: replyPage },
    commentAnchor(comment._id),
  );
}

/** What the API and the forms say of comments, word for word. */
export const COMMENT_MESSAGES = {
  published: 'Your comment is published.',
  pending: 'Thank you! Your comment will appear once the owner has approved it.',
  edited: 'Your comment is saved.',
  deleted: 'Your comment is deleted.',
  notFound: 'Comment not found',
  articleNotFound: 'Article not found',
  blocked: 'You can no longer comment on this site.',
  duplicate: 'You have already posted this comment.',
  tooManyLinks: `A comment may carry at most ${COMMENT_MAX_LINKS} links.`,
  replyDepth: 'Replies go to a comment, not to another reply.',
  replyTarget: 'The comment you reply to is not on this article.',
  editWindow: 'A comment can be edited for 15 minutes after it is posted.',
  notYours: 'You can only change your own comments.',
  rateLimited: 'Too many comments. Please wait a few minutes and try again.',
  signInToComment: 'Sign in or sign up to join the conversation.',
} as const;

/** The order of an article's comments: the newest threads first (default), or the oldest. */
export const CommentOrderSchema = Union([Literal('newest'), Literal('oldest')]);
export type CommentOrder = Static<typeof CommentOrderSchema>;

const commentBody = text(COMMENT_MAX_LENGTH);

/** A comment as the article page shows it: no address, no uid, only the name given. */
export const PublicCommentSchema = ObjectOf({
  _id: StringType(),
  /** The comment it answers; null for a thread's first comment. */
  parentId: Union([StringType(), Null()]),
  authorName: StringType(),
  /** Markdown of the comment subset, as written. */
  body: StringType(),
  /** ISO-8601. */
  createdAt: StringType(),
  /** ISO-8601; null when never edited. */
  editedAt: Union([StringType(), Null()]),
});
export type PublicComment = Static<typeof PublicCommentSchema>;

/**
 * A thread: an approved comment and the count of its approved replies; the replies themselves
 * (oldest first, a page of at most COMMENT_REPLIES_SHOWN) only when the thread is asked for alone.
 */
export const CommentThreadSchema = ObjectOf({
  ...PublicCommentSchema.properties,
  replies: ArrayOf(PublicCommentSchema),
  /** Every approved reply, shown or not. */
  replyCount: Integer({ minimum: 0 }),
});
export type CommentThread = Static<typeof CommentThreadSchema>;

/** GET /articles/:id/comments: a page of threads, or one thread with its replies (`?thread=`). */
export const CommentPageSchema = ObjectOf({
  threads: ArrayOf(CommentThreadSchema),
  /** Approved comments on the article, replies included (the count the cards show). */
  total: Integer({ minimum: 0 }),
  /** 1-based; pages are of COMMENT_THREADS_PER_PAGE threads. */
  page: Integer({ minimum: 1 }),
  pages: Integer({ minimum: 1 }),
  order: CommentOrderSchema,
  /**
   * A thread asked for alone: the page of its replies given (1-based, COMMENT_REPLIES_SHOWN
   * each; the last one when a later page was asked for). Absent on a page of threads.
   */
  replyPage: Optional(Integer({ minimum: 1 })),
});
export type CommentPage = Static<typeof CommentPageSchema>;

export const CommentPageQuerySchema = ObjectOf(
  {
    order: Optional(CommentOrderSchema),
    page: Optional(Integer({ minimum: 1, maximum: 100_000 })),
    /** A thread's first comment: that thread alone, with its replies (a 404 if it is not one). */
    thread: Optional(StringType({ minLength: 1, maxLength: 64 })),
    /** With `thread`: the page of its replies, COMMENT_REPLIES_SHOWN each (the first by default). */
    replies: Optional(Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export type CommentPageQuery = Static<typeof CommentPageQuerySchema>;

/** POST /articles/:id/comments (a signed-in member). */
export const CommentInputSchema = ObjectOf(
  {
    body: commentBody,
    /** The comment answered: a thread's first comment on the same article. */
    parentId: Optional(StringType({ minLength: 1, maxLength: 64 })),
    /** E-mail me when someone replies. */
    notifyReplies: Optional(BooleanType()),
    /** Honeypot: hidden in the form, so only bots fill it in. */
    website: Optional(StringType({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type CommentInput = Static<typeof CommentInputSchema>;

/** PATCH /comments/:id (its member, within COMMENT_EDIT_WINDOW_MS). */
export const CommentEditSchema = ObjectOf({ body: commentBody }, { additionalProperties: false });
export type CommentEdit = Static<typeof CommentEditSchema>;

export const CommentStatusSchema = Union([
  Literal('pending'),
  Literal('approved'),
  Literal('hidden'),
]);
export type CommentStatus = Static<typeof CommentStatusSchema>;

/** A member's own comment (their answer to posting, and GET /comments/mine). */
export const OwnCommentSchema = ObjectOf({
  ...PublicCommentSchema.properties,
  articleId: StringType(),
  articleTitle: StringType(),
  articleSlug: StringType(),
  status: CommentStatusSchema,
  notifyReplies: BooleanType(),
  /**
   * The page of its thread's replies a reply is on when the thread is read alone (1 for a
   * thread's first comment; absent from an API older than it: the first).
   */
  replyPage: Optional(Integer({ minimum: 1 })),
});
export type OwnComment = Static<typeof OwnCommentSchema>;

export const OwnCommentListSchema = ArrayOf(OwnCommentSchema);

/**
 * POST /articles/:id/comments' answer: what the member is told, and the comment (none for a
 * filled honeypot, answered 202 like a comment that waits).
 */
export const CommentPostedSchema = ObjectOf({
  message: StringType(),
  comment: Optional(OwnCommentSchema),
});
export type CommentPosted = Static<typeof CommentPostedSchema>;

/** A comment as the owner moderates it: who wrote it, and where. */
export const ModeratedCommentSchema = ObjectOf({
  ...OwnCommentSchema.properties,
  /** Null once the member's account is deleted. */
  authorUid: Union([StringType(), Null()]),
  authorEmail: Union([StringType(), Null()]),
  /** How many links the text carries. */
  links: Integer({ minimum: 0 }),
  /** Whether its member is blocked. */
  authorBlocked: BooleanType(),
});
export type ModeratedComment = Static<typeof ModeratedCommentSchema>;

export const ModeratedCommentListSchema = ArrayOf(ModeratedCommentSchema);

/** The answer header of GET /comments saying how many comments wait for approval. */
export const PENDING_COUNT_HEADER = 'X-Pending-Count';

/**
 * GET /comments (admin): a page, the pending first then the newest; `status` keeps one state,
 * `query` those whose text, author or article title contains it.
 */
export const ModerationListQuerySchema = ObjectOf(
  {
    limit: Optional(Integer({ minimum: 1, maximum: 100 })),
    offset: Optional(Integer({ minimum: 0, maximum: 1_000_000 })),
    status: Optional(CommentStatusSchema),
    query: Optional(StringType({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ModerationListQuery = Static<typeof ModerationListQuerySchema>;

/** POST /comments/bulk (admin): approve, hide or delete several at once. */
export const CommentBulkInputSchema = ObjectOf(
  {
    ids: ArrayOf(StringType({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 200 }),
    action: Union([Literal('approve'), Literal('hide'), Literal('delete')]),
  },
  { additionalProperties: false },
);
export type CommentBulkInput = Static<typeof CommentBulkInputSchema>;

export const CommentBulkResultSchema = ObjectOf({ changed: Integer({ minimum: 0 }) });

/** What happens to a member's comments when they delete their account. */
export const DeletedMemberCommentsSchema = Union([Literal('remove'), Literal('keep')]);

/** GET and PUT /comments/settings (admin). */
export const CommentSettingsSchema = ObjectOf(
  {
    /** A comment with more links than this waits for approval, even from a known member. */
    linksBeforeReview: Integer({ minimum: 0, maximum: COMMENT_MAX_LINKS }),
    /** Kept comments show under DELETED_MEMBER_NAME. */
    deletedMemberComments: DeletedMemberCommentsSchema,
  },
  { additionalProperties: false },
);
export type CommentSettings = Static<typeof CommentSettingsSchema>;

export const DEFAULT_COMMENT_SETTINGS: CommentSettings = {
  linksBeforeReview: 2,
  deletedMemberComments: 'keep',
};
