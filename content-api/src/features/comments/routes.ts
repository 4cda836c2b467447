// Members' comments (docs/decisions/200). Anyone reads an article's approved comments, a page of
// threads at a time (through the response cache); a signed-in member posts, replies, edits
// within 15 minutes and deletes their own; the owner moderates: the pending first, approve, hide,
// delete, block a member, and the settings that decide what waits for approval. The owner hears
// of a comment that waits, and a member who asked of a reply to their comment, once it is shown
// (./notifications.ts, docs/decisions/201).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMMENT_MAX_LINKS,
  COMMENT_MESSAGES,
  CommentBulkInputSchema,
  CommentBulkResultSchema,
  CommentEditSchema,
  CommentInputSchema,
  CommentPageQuerySchema,
  CommentPageSchema,
  CommentPostedSchema,
  CommentSettingsSchema,
  ModeratedCommentListSchema,
  ModerationListQuerySchema,
  OwnCommentListSchema,
  OwnCommentSchema,
  PENDING_COUNT_HEADER,
  TOTAL_COUNT_HEADER,
} from '@portfolio/contract';
import { Object as ObjectOf, String as StringType } from '@sinclair/typebox';
import type { SiteMailer } from '../../mail/site-mailer.js';
import type { RouteContext } from '../../route-context.js';
import { identityOf, roleOf } from '../../auth/identity.js';
import { HttpError } from '../../http/errors.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import { findArticle } from '../articles/repository.js';
import type { NotificationOptions } from '../contact/notifications.js';
import {
  actOnComments,
  blockMember,
  commentPage,
  commentThread,
  countRecentComments,
  deleteOwnComment,
  editComment,
  getCommentSettings,
  listForModeration,
  listOwnComments,
  postComment,
  saveCommentSettings,
  unblockMember,
} from './repository.js';
import type { CommentAuthor } from './repository.js';
import { linksIn } from './links.js';
import { createCommentNotifier } from './notifications.js';

/** Larger bodies get 413 before they are parsed (a comment is at most 5,000 characters). */
export const COMMENT_BODY_LIMIT = 32 * 1024;

/** POST /articles/:id/comments per minute per client (its address, as TRUST_PROXY allows). */
export const DEFAULT_COMMENT_RATE_LIMIT = 10;

/** Comments a member may post in MEMBER_WINDOW_MS, counted in the database (every instance). */
export const DEFAULT_MEMBER_COMMENT_LIMIT = 5;
const MEMBER_WINDOW_MS = 10 * 60 * 1000;

export interface CommentRouteOptions extends RouteContext {
  commentRateLimit?: number;
  memberCommentLimit?: number;
  /** The time the edit window is measured against (tests move it). */
  now?: () => Date;
  /** The site's mailer (docs/decisions/205): replies e-mailed to the members who asked. */
  mailer?: SiteMailer;
  /** The site's origin, without a trailing slash: the e-mails' links. */
  siteUrl: string;
  /** Where the owner's notifications may go (docs/decisions/163). */
  notifications?: NotificationOptions;
}

const uidParamsSchema = ObjectOf({ uid: StringType({ minLength: 1, maxLength: 128 }) });

const REFUSALS = {
  blocked: [403, COMMENT_MESSAGES.blocked],
  duplicate: [409, COMMENT_MESSAGES.duplicate],
  replyDepth: [400, COMMENT_MESSAGES.replyDepth],
  replyTarget: [400, COMMENT_MESSAGES.replyTarget],
  notFound: [404, COMMENT_MESSAGES.notFound],
  notYours: [403, COMMENT_MESSAGES.notYours],
  editWindow: [403, COMMENT_MESSAGES.editWindow],
} as const;

/** A comment with more links than COMMENT_MAX_LINKS is refused, whoever sends it. */
function refuseLinkFarms(body: string): void {
  if (linksIn(body) > COMMENT_MAX_LINKS) throw new HttpError(400, COMMENT_MESSAGES.tooManyLinks);
}

const refuse = (reason: keyof typeof REFUSALS): never => {
  const [status, message] = REFUSALS[reason];
  throw new HttpError(status, message);
};

const commentRoutes: FastifyPluginAsyncTypebox<CommentRouteOptions> = async (
  app,
  {
    db,
    cache,
    auth,
    commentRateLimit = DEFAULT_COMMENT_RATE_LIMIT,
    memberCommentLimit = DEFAULT_MEMBER_COMMENT_LIMIT,
    now = () => new Date(),
    mailer,
    siteUrl,
    notifications,
  },
) => {
  const notifier = createCommentNotifier({
    db,
    mailer,
    siteUrl,
    notifications,
    log: app.log,
  });
  app.addHook('onClose', () => notifier.settle());

  const authorOf = (request: Parameters<typeof identityOf>[0]): CommentAuthor => {
    const identity = identityOf(request);
    return {
      uid: identity.uid,
      ...(identity.email !== undefined && { email: identity.email }),
      admin: roleOf(identity) === 'admin',
    };
  };

  /** The public article `key` names (id, slug or former slug), or a 404. */
  const publicArticleId = async (key: string): Promise<string> => {
    const article = await findArticle(db, key);
    if (!article) throw new HttpError(404, COMMENT_MESSAGES.articleNotFound);
    return article._id;
  };

  app.get(
    '/articles/:id/comments',
    {
      schema: {
        params: idParamsSchema,
        querystring: CommentPageQuerySchema,
        response: { 200: CommentPageSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, async () => {
        const articleId = await publicArticleId(request.params.id);
        const { order = 'newest', page = 1, thread, replies = 1 } = request.query;
        if (thread === undefined) return commentPage(db, articleId, { order, page });
        const alone = await commentThread(db, articleId, thread, { order, replies });
        if (!alone) throw new HttpError(404, COMMENT_MESSAGES.notFound);
        return alone;
      }) as Promise<void> | undefined,
  );

  app.post(
    '/articles/:id/comments',
    {
      onRequest: auth.requireUser,
      bodyLimit: COMMENT_BODY_LIMIT,
      config: {
        rateLimit: {
          max: commentRateLimit,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({ statusCode: 429, message: COMMENT_MESSAGES.rateLimited }),
        },
      },
      schema: {
        params: idParamsSchema,
        body: CommentInputSchema,
        response: { 201: CommentPostedSchema, 202: CommentPostedSchema },
      },
    },
    async (request, reply) => {
      const { website, ...input } = request.body;
      // A filled honeypot is answered like a comment waiting for approval; nothing is stored.
      if (website) return reply.code(202).send({ message: COMMENT_MESSAGES.pending });
      refuseLinkFarms(input.body);
      const author = authorOf(request);
      const articleId = await publicArticleId(request.params.id);
      if (!author.admin) {
        const since = new Date(now().getTime() - MEMBER_WINDOW_MS);
        if ((await countRecentComments(db, author.uid, since)) >= memberCommentLimit) {
          throw new HttpError(429, COMMENT_MESSAGES.rateLimited);
        }
      }
      const settings = await getCommentSettings(db);
      const outcome = await postComment(db, articleId, author, input, settings, now());
      if ('refused' in outcome) return refuse(outcome.refused);
      const { comment } = outcome;
      // The owner hears of what waits, after the answer; the member answered hears of a reply
      // shown, its e-mail read before the answer and sent after it.
      if (comment.status === 'pending') notifier.commentPending(comment);
      else if (comment.parentId !== null) await notifier.repliesShown([comment._id]);
      const message =
        comment.status === 'approved' ? COMMENT_MESSAGES.published : COMMENT_MESSAGES.pending;
      return reply.code(201).send({ message, comment });
    },
  );

  app.patch(
    '/comments/:id',
    {
      onRequest: auth.requireUser,
      bodyLimit: COMMENT_BODY_LIMIT,
      schema: {
        params: idParamsSchema,
        body: CommentEditSchema,
        response: { 200: OwnCommentSchema },
      },
    },
    async (request) => {
      refuseLinkFarms(request.body.body);
      const outcome = await editComment(
        db,
        request.params.id,
        authorOf(request),
        request.body.body,
        await getCommentSettings(db),
        now(),
      );
      return 'refused' in outcome ? refuse(outcome.refused) : outcome.comment;
    },
  );

  // A member deletes their own; the owner deletes any (also through POST /comments/bulk).
  app.delete(
    '/comments/:id',
    { onRequest: auth.requireUser, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const author = authorOf(request);
      const id = request.params.id;
      if (author.admin) {
        const { changed } = await actOnComments(db, { ids: [id], action: 'delete' });
        if (changed === 0) refuse('notFound');
      } else {
        const outcome = await deleteOwnComment(db, id, author.uid);
        if (outcome !== 'deleted') refuse(outcome);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/comments/mine',
    { onRequest: auth.requireUser, schema: { response: { 200: OwnCommentListSchema } } },
    (request) => listOwnComments(db, identityOf(request).uid),
  );

  // --- The owner's -----------------------------------------------------------------------------

  app.get(
    '/comments',
    {
      onRequest: auth.requireAdmin,
      schema: {
        querystring: ModerationListQuerySchema,
        response: { 200: ModeratedCommentListSchema },
      },
    },
    async (request, reply) => {
      const { comments, total, pending } = await listForModeration(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      reply.header(PENDING_COUNT_HEADER, String(pending));
      return comments;
    },
  );

  app.post(
    '/comments/bulk',
    {
      onRequest: auth.requireAdmin,
      schema: { body: CommentBulkInputSchema, response: { 200: CommentBulkResultSchema } },
    },
    async (request) => {
      const { changed, firstShown } = await actOnComments(db, request.body);
      // The replies shown for the first time are e-mailed (never again): read before the
      // answer, sent after it.
      await notifier.repliesShown(firstShown);
      return { changed };
    },
  );

  app.put(
    '/members/:uid/block',
    {
      onRequest: auth.requireAdmin,
      schema: { params: uidParamsSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const removed = await blockMember(db, request.params.uid);
      return { message: `Member blocked; ${removed} pending comment(s) removed.` };
    },
  );

  app.delete(
    '/members/:uid/block',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { params: uidParamsSchema },
    },
    async (request, reply) => {
      await unblockMember(db, request.params.uid);
      return reply.code(204).send();
    },
  );

  app.get(
    '/comments/settings',
    { onRequest: auth.requireAdmin, schema: { response: { 200: CommentSettingsSchema } } },
    () => getCommentSettings(db),
  );

  app.put(
    '/comments/settings',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { body: CommentSettingsSchema, response: { 200: CommentSettingsSchema } },
    },
    (request) => saveCommentSettings(db, request.body),
  );
};

export default commentRoutes;
