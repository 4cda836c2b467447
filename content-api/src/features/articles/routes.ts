// /articles: public list (newest first) and detail with neighbours; admin create, replace, delete.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import type { IdParams, PaginationQuery } from '../../http/schemas.js';
import {
  IMAGE_PATH_PATTERN,
  idParamsSchema,
  isoDateTime,
  messageSchema,
  noQuerySchema,
  paginationQuerySchema,
  text,
} from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import type { ArticleInput } from './repository.js';
import {
  createArticle,
  deleteArticle,
  findArticleWithNeighbours,
  listArticles,
  replaceArticle,
} from './repository.js';

export const ARTICLE_NOT_FOUND = 'Article not found';

const articleProperties = {
  _id: { type: 'string' },
  title: { type: 'string' },
  content: { type: 'string' },
  imagePath: { type: 'string' },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
} as const;

const articleSchema = {
  type: 'object',
  required: ['_id', 'title', 'content', 'createdAt', 'updatedAt'],
  properties: articleProperties,
} as const;

const neighbourSchema = {
  type: ['object', 'null'],
  required: ['_id', 'title'],
  properties: { _id: { type: 'string' }, title: { type: 'string' } },
} as const;

const articleWithNeighboursSchema = {
  type: 'object',
  required: [...articleSchema.required, 'previous', 'next'],
  properties: { ...articleProperties, previous: neighbourSchema, next: neighbourSchema },
} as const;

const articleInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content'],
  properties: {
    title: text(200),
    content: text(100_000),
    imagePath: { type: 'string', pattern: IMAGE_PATH_PATTERN },
    createdAt: isoDateTime,
  },
} as const;

const articleRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, cache, auth }) => {
  async function assertImageExists(input: ArticleInput) {
    if (input.imagePath && !(await imageExists(db, input.imagePath))) {
      throw new HttpError(400, `ImagePath ${input.imagePath} does not refer to a stored image.`);
    }
  }

  app.get<{ Querystring: PaginationQuery }>(
    '/articles',
    {
      schema: {
        querystring: paginationQuerySchema,
        response: { 200: { type: 'array', items: articleSchema } },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, () => listArticles(db, request.query)),
  );

  app.get<{ Params: IdParams }>(
    '/articles/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: articleWithNeighboursSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, async () => {
        const article = await findArticleWithNeighbours(db, request.params.id);
        if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
        return article;
      }),
  );

  app.post<{ Body: ArticleInput }>(
    '/articles',
    {
      onRequest: auth.requireAdmin,
      schema: { body: articleInputSchema, response: { 201: articleSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      return reply.code(201).send(await createArticle(db, request.body));
    },
  );

  app.put<{ Params: IdParams; Body: ArticleInput }>(
    '/articles/:id',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: articleInputSchema,
        response: { 200: articleSchema },
      },
    },
    async (request) => {
      await assertImageExists(request.body);
      const article = await replaceArticle(db, request.params.id, request.body);
      if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
      return article;
    },
  );

  app.delete<{ Params: IdParams }>(
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
