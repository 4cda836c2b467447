// GET /about-data: the owner's name, title, intro paragraphs and fun facts.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import { noQuerySchema } from '../../http/schemas.js';
import type { AboutData } from './about-data.js';

const aboutDataSchema = {
  type: 'object',
  required: ['name', 'title', 'intro', 'funFacts'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    intro: { type: 'array', items: { type: 'string' } },
    funFacts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'value'],
        properties: { label: { type: 'string' }, value: { type: 'string' } },
      },
    },
  },
} as const;

const aboutRoutes: FastifyPluginAsync<RouteContext & { about: AboutData }> = async (
  app,
  { cache, about },
) => {
  app.get(
    '/about-data',
    { schema: { querystring: noQuerySchema, response: { 200: aboutDataSchema } } },
    (request, reply) => replyWithCachedJson(cache, request, reply, async () => about),
  );
};

export default aboutRoutes;
