// /articles: public list (newest first) and detail with neighbours; admin create, replace, delete.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleDetailSchema,
  ArticleInputSchema,
  ArticleListSchema,
  ArticleSchema,
} from '@portfolio/contract';
import type { ArticleInput } from '@portfolio/contract';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import {
  idParamsSchema,
  messageSchema,
  noQuerySchema,
  paginationQuerySchema,
} from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import {
  createArticle,
  deleteArticle,
  findArticleWithNeighbours,
  listArticles,
  replaceArticle,
} from './repository.js';

export const ARTICLE_NOT_FOUND = 'Article not found';

const articleRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, cache, auth }) => {
  async function assertImageExists(input: ArticleInput) {
    if (input.imagePath && !(await imageExists(db, input.imagePath))) {
      throw new HttpError(400, `ImagePath ${input.imagePath} does not refer to a stored image.`);
    }
  }

  app.get(
    '/articles',
    {
      schema: {
        querystring: paginationQuerySchema,
        response: { 200: ArticleListSchema },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, () => listArticles(db, request.query)),
  );

  app.get(
    '/articles/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: ArticleDetailSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, async () => {
        const article = await findArticleWithNeighbours(db, request.params.id);
        if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
        return article;
      }),
  );

  app.post(
    '/articles',
    {
      onRequest: auth.requireAdmin,
      schema: { body: ArticleInputSchema, response: { 201: ArticleSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      return reply.code(201).send(await createArticle(db, request.body));
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
      return article;
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
