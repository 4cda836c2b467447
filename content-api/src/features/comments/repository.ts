// Members' comments in the database (docs/decisions/200): an article's page of approved threads,
// what a member posts, edits and deletes, and what the owner moderates.
import { randomUUID } from 'node:crypto';
import {
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_REPLIES_SHOWN,
  COMMENT_THREADS_PER_PAGE,
  DEFAULT_COMMENT_SETTINGS,
  DELETED_MEMBER_NAME,
  UNNAMED_MEMBER_NAME,
  replyPageCount,
} from '@portfolio/contract';
import type {
  CommentBulkInput,
  CommentOrder,
  CommentPage,
  CommentSettings,
  CommentStatus,
  CommentThread,
  ModeratedComment,
  ModerationListQuery,
  OwnComment,
  PublicComment,
} from '@portfolio/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect.js';
import { articles, blockedMembers, commentSettings, comments, profiles } from '../../db/schema.js';
import { linksIn } from './links.js';

const SETTINGS_ROW = 1;

/** The name a comment shows: its member's, as their profile gives it, or a stand-in. */
const authorName = sql<string>`case when ${comments.authorUid} is null then ${DELETED_MEMBER_NAME}
  else coalesce(nullif(trim(${profiles.name}), ''), nullif(trim(${profiles.username}), ''),
    ${UNNAMED_MEMBER_NAME}) end`;

const publicColumns = {
  id: comments.id,
  parentId: comments.parentId,
  authorName,
  body: comments.body,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
};

interface PublicRow {
  id: string;
  parentId: string | null;
  authorName: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
}

const toPublic = (row: PublicRow): PublicComment => ({
  _id: row.id,
  parentId: row.parentId,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
});

const approvedOf = (articleId: string) =>
  and(eq(comments.articleId, articleId), eq(comments.status, 'approved'));

/** The article's approved comments, replies included: the count its cards and pages show. */
async function approvedTotal(db: Database, articleId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(comments).where(approvedOf(articleId));
  return row?.count ?? 0;
}

/** Each of `threadIds`' approved replies, counted. */
async function replyCounts(
  db: Database,
  articleId: string,
  threadIds: readonly string[],
): Promise<Map<string, number>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select({ parentId: comments.parentId, count: count() })
    .from(comments)
    .where(and(approvedOf(articleId), inArray(comments.parentId, [...threadIds])))
    .groupBy(comments.parentId);
  return new Map(rows.map((row) => [row.parentId ?? '', row.count]));
}

/**
 * A page of an article's approved threads, newest or oldest first: each thread's first comment
 * and the count of its replies, COMMENT_THREADS_PER_PAGE of them whatever the article holds.
 */
export async function commentPage(
  db: Database,
  articleId: string,
  { order, page }: { order: CommentOrder; page: number },
): Promise<CommentPage> {
  const topLevel = and(approvedOf(articleId), isNull(comments.parentId));
  const [total, [threadTotals]] = await Promise.all([
    approvedTotal(db, articleId),
    db.select({ count: count() }).from(comments).where(topLevel),
  ]);
  const pages = Math.max(1, Math.ceil((threadTotals?.count ?? 0) / COMMENT_THREADS_PER_PAGE));
  const sort = order === 'newest' ? desc : asc;
  const threadRows = await db
    .select(publicColumns)
    .from(comments)
    .leftJoin(profiles, eq(profiles.uid, comments.authorUid))
    .where(topLevel)
    .orderBy(sort(comments.createdAt), sort(comments.id))
    .limit(COMMENT_THREADS_PER_PAGE)
    .offset((Math.min(page, pages) - 1) * COMMENT_THREADS_PER_PAGE);
  const counts = await replyCounts(
    db,
    articleId,
    threadRows.map((row) => row.id),
  );
  const threads: CommentThread[] = threadRows.map((row) => ({
    ...toPublic(row),
    replies: [],
    replyCount: counts.get(row.id) ?? 0,
  }));
  return { threads, total, page: Math.min(page, pages), pages, order };
}

/**
 * One approved thread of an article with a page of its approved replies (oldest first,
 * COMMENT_REPLIES_SHOWN a page: `replies`, or the last one when it is past the end) and their
 * count, as a page of its own; null when `threadId` is not an approved first comment of the
 * article.
 */
export async function commentThread(
  db: Database,
  articleId: string,
  threadId: string,
  { order, replies }: { order: CommentOrder; replies: number },
): Promise<CommentPage | null> {
  const [total, [row]] = await Promise.all([
    approvedTotal(db, articleId),
    db
      .select(publicColumns)
      .from(comments)
      .leftJoin(profiles, eq(profiles.uid, comments.authorUid))
      .where(and(approvedOf(articleId), isNull(comments.parentId), eq(comments.id, threadId))),
  ]);
  if (!row) return null;
  const replyCount = (await replyCounts(db, articleId, [threadId])).get(threadId) ?? 0;
  const replyPage = Math.min(replies, replyPageCount(replyCount));
  const replyRows = await db
    .select(publicColumns)
    .from(comments)
    .leftJoin(profiles, eq(profiles.uid, comments.authorUid))
    .where(and(approvedOf(articleId), eq(comments.parentId, threadId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENT_REPLIES_SHOWN)
    .offset((replyPage - 1) * COMMENT_REPLIES_SHOWN);
  const thread: CommentThread = { ...toPublic(row), replies: replyRows.map(toPublic), replyCount };
  return { threads: [thread], total, page: 1, pages: 1, order, replyPage };
}

// --- The owner's settings ------------------------------------------------------------------------

export async function getCommentSettings(db: Database): Promise<CommentSettings> {
  const [row] = await db.select().from(commentSettings).where(eq(commentSettings.id, SETTINGS_ROW));
  return row
    ? { linksBeforeReview: row.linksBeforeReview, deletedMemberComments: row.deletedMemberComments }
    : { ...DEFAULT_COMMENT_SETTINGS };
}

export async function saveCommentSettings(
  db: Database,
  settings: CommentSettings,
): Promise<CommentSettings> {
  await db
    .insert(commentSettings)
    .values({ id: SETTINGS_ROW, ...settings })
    .onConflictDoUpdate({
      target: commentSettings.id,
      set: { ...settings, updatedAt: new Date() },
    });
  return settings;
}

// --- A member's comments -------------------------------------------------------------------------

/** Who posts: a verified member (the admin's comments need no approval). */
export interface CommentAuthor {
  uid: string;
  email?: string;
  admin: boolean;
}

/**
 * A reply's place among its thread's approved replies, in the order the thread read alone shows
 * them (the oldest first, then by id), itself included; 0 for a thread's first comment. Its page
 * of replies is `replyPageCount(place)`.
 */
function replyPlace(db: Database) {
  const earlier = alias(comments, 'earlier');
  const place = db
    .select({ count: count() })
    .from(earlier)
    .where(
      and(
        eq(earlier.parentId, comments.parentId),
        eq(earlier.status, 'approved'),
        or(
          lt(earlier.createdAt, comments.createdAt),
          and(eq(earlier.createdAt, comments.createdAt), lte(earlier.id, comments.id)),
        ),
      ),
    );
  return sql<number>`(${place})`.mapWith(Number);
}

/** A comment's own columns: with `replyPlace(db)` as `replyPlace`, what toOwn() reads. */
const ownColumns = {
  ...publicColumns,
  articleId: comments.articleId,
  articleTitle: articles.title,
  articleSlug: articles.slug,
  status: comments.status,
  notifyEmail: comments.notifyEmail,
};

type OwnRow = PublicRow & {
  articleId: string;
  articleTitle: string;
  articleSlug: string;
  status: CommentStatus;
  notifyEmail: string | null;
  replyPlace: number;
};

const toOwn = (row: OwnRow): OwnComment => ({
  ...toPublic(row),
  articleId: row.articleId,
  articleTitle: row.articleTitle,
  articleSlug: row.articleSlug,
  status: row.status,
  notifyReplies: row.notifyEmail !== null,
  replyPage: replyPageCount(row.replyPlace),
});

function ownQuery(db: Database) {
  return db
    .select({ ...ownColumns, replyPlace: replyPlace(db) })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .leftJoin(profiles, eq(profiles.uid, comments.authorUid));
}

async function findOwn(db: Database, id: string): Promise<OwnComment | undefined> {
  const [row] = await ownQuery(db).where(eq(comments.id, id));
  return row && toOwn(row);
}

/** A member's comments, newest first (their dashboard and their data export). */
export async function listOwnComments(db: Database, uid: string): Promise<OwnComment[]> {
  const rows = await ownQuery(db)
    .where(eq(comments.authorUid, uid))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  return rows.map(toOwn);
}

/** How many comments a member posted since `since` (the per-member rate limit). */
export async function countRecentComments(db: Database, uid: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(comments)
    .where(and(eq(comments.authorUid, uid), gt(comments.createdAt, since)));
  return row?.count ?? 0;
}

export async function isBlocked(db: Database, uid: string): Promise<boolean> {
  const [row] = await db.select().from(blockedMembers).where(eq(blockedMembers.uid, uid));
  return row !== undefined;
}

/** Why a post or an edit is refused, when it is. */
export type CommentRefusal = 'blocked' | 'duplicate' | 'replyDepth' | 'replyTarget';

export type PostOutcome = { comment: OwnComment } | { refused: CommentRefusal };

/**
 * Whether a comment waits for the owner: never the owner's; a member's first, until one of theirs
 * has been approved; one carrying more links than the owner allows.
 */
async function statusFor(
  db: Database,
  author: CommentAuthor,
  links: number,
  settings: CommentSettings,
): Promise<CommentStatus> {
  if (author.admin) return 'approved';
  if (links > settings.linksBeforeReview) return 'pending';
  const [known] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.authorUid, author.uid), eq(comments.status, 'approved')))
    .limit(1);
  return known ? 'approved' : 'pending';
}

export async function postComment(
  db: Database,
  articleId: string,
  author: CommentAuthor,
  input: { body: string; parentId?: string; notifyReplies?: boolean },
  settings: CommentSettings,
  now = new Date(),
): Promise<PostOutcome> {
  if (await isBlocked(db, author.uid)) return { refused: 'blocked' };
  if (input.parentId !== undefined) {
    const [parent] = await db
      .select({ parentId: comments.parentId })
      .from(comments)
      .where(
        and(
          eq(comments.id, input.parentId),
          eq(comments.articleId, articleId),
          eq(comments.status, 'approved'),
        ),
      );
    if (!parent) return { refused: 'replyTarget' };
    if (parent.parentId !== null) return { refused: 'replyDepth' };
  }
  const body = input.body.trim();
  const links = linksIn(body);
  const [row] = await db
    .insert(comments)
    .values({
      id: randomUUID(),
      articleId,
      parentId: input.parentId ?? null,
      authorUid: author.uid,
      body,
      links,
      status: await statusFor(db, author, links, settings),
      notifyEmail: input.notifyReplies && author.email ? author.email : null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: comments.id });
  if (!row) return { refused: 'duplicate' };
  const comment = await findOwn(db, row.id);
  if (!comment) throw new Error(`Comment ${row.id} vanished after its insert`);
  return { comment };
}

export type ChangeOutcome =
  { comment: OwnComment } | { refused: 'notFound' | 'notYours' | 'editWindow' | 'duplicate' };

/**
 * A member's edit of their comment, within COMMENT_EDIT_WINDOW_MS of posting. An approved comment
 * that now carries more links than the owner allows waits for approval again.
 */
export async function editComment(
  db: Database,
  id: string,
  author: CommentAuthor,
  body: string,
  settings: CommentSettings,
  now = new Date(),
): Promise<ChangeOutcome> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row) return { refused: 'notFound' };
  if (row.authorUid !== author.uid) return { refused: 'notYours' };
  if (now.getTime() - row.createdAt.getTime() > COMMENT_EDIT_WINDOW_MS) {
    return { refused: 'editWindow' };
  }
  const text = body.trim();
  const links = linksIn(text);
  const status =
    row.status === 'approved' && !author.admin && links > settings.linksBeforeReview
      ? 'pending'
      : row.status;
  const [same] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.articleId, row.articleId),
        eq(comments.authorUid, author.uid),
        sql`md5(${comments.body}) = md5(${text})`,
        sql`${comments.id} <> ${id}`,
      ),
    );
  if (same) return { refused: 'duplicate' };
  await db
    .update(comments)
    .set({ body: text, links, status, editedAt: now })
    .where(eq(comments.id, id));
  const comment = await findOwn(db, id);
  return comment ? { comment } : { refused: 'notFound' };
}

/** A member deletes their own comment (its replies go with it). */
export async function deleteOwnComment(
  db: Database,
  id: string,
  uid: string,
): Promise<'deleted' | 'notFound' | 'notYours'> {
  const [row] = await db
    .select({ authorUid: comments.authorUid })
    .from(comments)
    .where(eq(comments.id, id));
  if (!row) return 'notFound';
  if (row.authorUid !== uid) return 'notYours';
  await db.delete(comments).where(eq(comments.id, id));
  return 'deleted';
}

// --- Moderation ----------------------------------------------------------------------------------

const pendingFirst = sql`case when ${comments.status} = 'pending' then 0 else 1 end`;

/** A page of comments for the owner: the pending first, then the newest; and the counts. */
export async function listForModeration(
  db: Database,
  query: ModerationListQuery,
): Promise<{ comments: ModeratedComment[]; total: number; pending: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(comments.status, query.status));
  const text = query.query?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = or(
      ilike(comments.body, pattern),
      ilike(profiles.name, pattern),
      ilike(profiles.username, pattern),
      ilike(profiles.email, pattern),
      ilike(articles.title, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const base = () =>
    db
      .select({
        ...ownColumns,
        replyPlace: replyPlace(db),
        authorUid: comments.authorUid,
        authorEmail: profiles.email,
        links: comments.links,
        authorBlocked: sql<boolean>`${blockedMembers.uid} is not null`,
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .leftJoin(profiles, eq(profiles.uid, comments.authorUid))
      .leftJoin(blockedMembers, eq(blockedMembers.uid, comments.authorUid));
  const [rows, [totals], [pendings]] = await Promise.all([
    base()
      .where(where)
      .orderBy(pendingFirst, desc(comments.createdAt), desc(comments.id))
      .limit(query.limit ?? 20)
      .offset(query.offset ?? 0),
    db
      .select({ count: count() })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .leftJoin(profiles, eq(profiles.uid, comments.authorUid))
      .where(where),
    db.select({ count: count() }).from(comments).where(eq(comments.status, 'pending')),
  ]);
  return {
    comments: rows.map((row) => ({
      ...toOwn(row),
      authorUid: row.authorUid,
      authorEmail: row.authorEmail,
      links: row.links,
      authorBlocked: Boolean(row.authorBlocked),
    })),
    total: totals?.count ?? 0,
    pending: pendings?.count ?? 0,
  };
}

/** What a moderation action did. */
export interface ActOutcome {
  /** How many comments changed. */
  changed: number;
  /**
   * The comments it showed for the first time: approved from pending (docs/decisions/201). One
   * approved again after it was hidden is not among them: a reply is e-mailed once, when first
   * shown.
   */
  firstShown: string[];
}

/** Approves, hides or deletes comments. */
export async function actOnComments(db: Database, input: CommentBulkInput): Promise<ActOutcome> {
  const ids = [...new Set(input.ids)];
  if (input.action === 'delete') {
    const rows = await db
      .delete(comments)
      .where(inArray(comments.id, ids))
      .returning({ id: comments.id });
    return { changed: rows.length, firstShown: [] };
  }
  if (input.action === 'hide') {
    const rows = await db
      .update(comments)
      .set({ status: 'hidden' })
      .where(and(inArray(comments.id, ids), sql`${comments.status} <> 'hidden'`))
      .returning({ id: comments.id });
    return { changed: rows.length, firstShown: [] };
  }
  // Approved from pending and from hidden apart, so what was pending is known by the statement
  // that changed it: of two approvals at once, only one finds a comment still pending.
  return db.transaction(async (tx) => {
    const approve = (from: CommentStatus) =>
      tx
        .update(comments)
        .set({ status: 'approved' })
        .where(and(inArray(comments.id, ids), eq(comments.status, from)))
        .returning({ id: comments.id });
    const fromPending = await approve('pending');
    const fromHidden = await approve('hidden');
    return {
      changed: fromPending.length + fromHidden.length,
      firstShown: fromPending.map((row) => row.id),
    };
  });
}

/** Blocks a member: their pending comments go, and new ones are refused. */
export async function blockMember(db: Database, uid: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(blockedMembers).values({ uid }).onConflictDoNothing();
    const removed = await tx
      .delete(comments)
      .where(and(eq(comments.authorUid, uid), eq(comments.status, 'pending')))
      .returning({ id: comments.id });
    return removed.length;
  });
}

export async function unblockMember(db: Database, uid: string): Promise<boolean> {
  const rows = await db
    .delete(blockedMembers)
    .where(eq(blockedMembers.uid, uid))
    .returning({ uid: blockedMembers.uid });
  return rows.length > 0;
}

// --- Replies e-mailed ----------------------------------------------------------------------------

/** A reply's e-mail to the member who asked to hear of replies to their comment. */
export interface ReplyMail {
  replyId: string;
  /** The thread it answers. */
  threadId: string;
  /** The address the comment answered was posted with, notifyReplies ticked. */
  to: string;
  /** The reply's author, as the page names them. */
  authorName: string;
  /** The reply's text, as written. */
  body: string;
  articleTitle: string;
  articleSlug: string;
  /** The page of its thread's replies it is on, as the thread read alone pages them. */
  replyPage: number;
}

/**
 * The e-mails `ids` call for (docs/decisions/201): of those that are approved replies, the ones
 * to an approved comment whose member asked to hear of replies and still has an account, by
 * another member (nobody is mailed of their own reply).
 */
export async function replyMailsFor(db: Database, ids: readonly string[]): Promise<ReplyMail[]> {
  if (ids.length === 0) return [];
  const parent = alias(comments, 'parent');
  const rows = await db
    .select({
      replyId: comments.id,
      threadId: parent.id,
      to: parent.notifyEmail,
      authorName,
      body: comments.body,
      articleTitle: articles.title,
      articleSlug: articles.slug,
      place: replyPlace(db),
    })
    .from(comments)
    .innerJoin(parent, eq(parent.id, comments.parentId))
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .leftJoin(profiles, eq(profiles.uid, comments.authorUid))
    .where(
      and(
        inArray(comments.id, [...ids]),
        eq(comments.status, 'approved'),
        eq(parent.status, 'approved'),
        isNotNull(parent.notifyEmail),
        isNotNull(parent.authorUid),
        sql`${comments.authorUid} is distinct from ${parent.authorUid}`,
      ),
    )
    .orderBy(comments.createdAt, comments.id);
  // The n-th reply is on the last page of a thread of n replies.
  return rows.flatMap(({ to, place: n, ...row }) =>
    to === null ? [] : [{ ...row, to, replyPage: replyPageCount(n) }],
  );
}
