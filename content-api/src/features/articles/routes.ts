// /articles: public list (newest first; by tag, text or state) and detail with neighbours (by id,
// slug or former slug); admin create, replace, delete. /tags: the tags and their counts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleDetailSchema,
  ArticleInputSchema,
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticleSchema,
  DraftsQuerySchema,
  PublicationInputSchema,
  TOTAL_COUNT_HEADER,
  TagListSchema,
} from '@portfolio/contract';
import type { ArticleInput } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { adminForDrafts, replyWithContent } from '../../http/content-reads.js';
import { HttpError } from '../../http/errors.js';
import { jsonWithHeaders } from '../../http/response-cache.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import { withContentImages } from '../images/content-images.js';
import { withImage, withImages } from '../images/variants.js';
import { ArticleListing } from './listing.js';
import {
  createArticle,
  deleteArticle,
  findArticleWithNeighbours,
  listArticlePage,
  listTags,
  replaceArticle,
  setArticlePublication,
  SlugTakenError,
} from './repository.js';

export const ARTICLE_NOT_FOUND = 'Article not found';

const articleRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, cache, auth }) => {
  // The public lists' order, in memory between content changes (docs/decisions/133).
  const listing = new ArticleListing(db, cache);

  async function assertImageExists(input: ArticleInput) {
    if (input.imagePath && !(await imageExists(db, input.imagePath))) {
      throw new HttpError(400, `ImagePath ${input.imagePath} does not refer to a stored image.`);
    }
  }

  /** A slug another article has is the client's to change: a 409 with its message. */
  async function slugChecked<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof SlugTakenError) throw new HttpError(409, error.message);
      throw error;
    }
  }

  // Drafts and scheduled articles: only with `?include=drafts` and an admin's token; to anyone
  // else an article that is not public is as unknown as one that does not exist (ADR 120).
  const draftsGuard = adminForDrafts(auth);

  app.get(
    '/articles',
    {
      preHandler: draftsGuard,
      schema: {
        querystring: ArticleListQuerySchema,
        response: { 200: ArticleListSchema },
      },
    },
    (request, reply) => {
      const { limit, offset, tag, query, state } = request.query;
      // The page, and in X-Total-Count how many articles the caller may see in all (the same
      // filter), so a client can number its pages; both are part of the cached answer.
      return replyWithContent(cache, request, reply, async (options) => {
        const page = { limit, offset, tag, query, state, ...options, now: new Date() };
        const { articles, total } = await listArticlePage(db, listing, page);
        return jsonWithHeaders(await withImages(db, articles), {
          [TOTAL_COUNT_HEADER]: String(total),
        });
      }) as Promise<void> | undefined;
    },
  );

  app.get(
    '/articles/:id',
    {
      preHandler: draftsGuard,
      schema: {
        params: idParamsSchema,
        querystring: DraftsQuerySchema,
        response: { 200: ArticleDetailSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithContent(cache, request, reply, async (options) => {
        const article = await findArticleWithNeighbours(db, request.params.id, options);
        if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
        return withContentImages(db, await withImage(db, article));
      }) as Promise<void> | undefined,
  );

  // Every tag with how many articles have it: of the public ones, or of all (admin).
  app.get(
    '/tags',
    {
      preHandler: draftsGuard,
      schema: { querystring: DraftsQuerySchema, response: { 200: TagListSchema } },
    },
    (request, reply) =>
      replyWithContent(cache, request, reply, (options) =>
        listTags(db, { ...options, now: new Date() }),
      ) as Promise<void> | undefined,
  );

  app.post(
    '/articles',
    {
      onRequest: auth.requireAdmin,
      schema: { body: ArticleInputSchema, response: { 201: ArticleSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      const article = await slugChecked(createArticle(db, request.body));
      return reply.code(201).send(await withImage(db, article));
    },
  );

  app.put(
    '/articles/:id',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: ArticleInputSchema,
        response: { 200: ArticleSchema },
      },
    },
    async (request) => {
      await assertImageExists(request.body);
      const article = await slugChecked(replaceArticle(db, request.params.id, request.body));
      if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
      return withImage(db, article);
    },
  );

  app.patch(
    '/articles/:id',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: PublicationInputSchema,
        response: { 200: ArticleSchema },
      },
    },
    async (request) => {
      const article = await setArticlePublication(db, request.params.id, request.body);
      if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
      return withImage(db, article);
    },
  );

  app.delete(
    '/articles/:id',
    { onRequest: auth.requireAdmin, schema: { params: idParamsSchema } },
    async (request, reply) => {
      if (!(await deleteArticle(db, request.params.id)))
        throw new HttpError(404, ARTICLE_NOT_FOUND);
      return reply.code(204).send();
    },
  );
};

export default articleRoutes;
