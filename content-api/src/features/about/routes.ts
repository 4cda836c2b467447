// GET /about-data: the owner's name, title, intro paragraphs and fun facts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AboutDataSchema } from '@portfolio/contract';
import type { RouteContext } from '../../app.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import { noQuerySchema } from '../../http/schemas.js';
import type { AboutData } from './about-data.js';

const aboutRoutes: FastifyPluginAsyncTypebox<RouteContext & { about: AboutData }> = async (
  app,
  { cache, about },
) => {
  app.get(
    '/about-data',
    { schema: { querystring: noQuerySchema, response: { 200: AboutDataSchema } } },
    (request, reply) => replyWithCachedJson(cache, request, reply, async () => about),
  );
};

export default aboutRoutes;
