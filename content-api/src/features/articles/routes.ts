// /articles: public list (newest first) and detail with neighbours; admin create, replace, delete.
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
} from '@portfolio/contract';
import type { ArticleInput } from '@portfolio/contract';
import type { RouteContext } from '../../app.js';
import { adminForDrafts, replyWithContent } from '../../http/content-reads.js';
import { HttpError } from '../../http/errors.js';
import { jsonWithHeaders } from '../../http/response-cache.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import { withImage, withImages } from '../images/variants.js';
import {
  countArticles,
  createArticle,
  deleteArticle,
  findArticleWithNeighbours,
  listArticles,
  replaceArticle,
  setArticlePublication,
} from './repository.js';

export const ARTICLE_NOT_FOUND = 'Article not found';

const articleRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, cache, auth }) => {
  async function assertImageExists(input: ArticleInput) {
    if (input.imagePath && !(await imageExists(db, input.imagePath))) {
      throw new HttpError(400, `ImagePath ${input.imagePath} does not refer to a stored image.`);
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
      const { limit, offset } = request.query;
      // The page, and in X-Total-Count how many articles the caller may see in all (the same
      // filter), so a client can number its pages; both are part of the cached answer.
      return replyWithContent(cache, request, reply, async (options) => {
        const now = new Date();
        const [page, total] = await Promise.all([
          listArticles(db, { limit, offset, ...options, now }),
          countArticles(db, { ...options, now }),
        ]);
        return jsonWithHeaders(await withImages(db, page), {
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
        return withImage(db, article);
      }) as Promise<void> | undefined,
  );

  app.post(
    '/articles',
    {
      onRequest: auth.requireAdmin,
      schema: { body: ArticleInputSchema, response: { 201: ArticleSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      return reply.code(201).send(await withImage(db, await createArticle(db, request.body)));
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
      const article = await replaceArticle(db, request.params.id, request.body);
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
