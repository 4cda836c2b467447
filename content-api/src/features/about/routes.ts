// GET /about-data: the owner's name, title, intro paragraphs and fun facts, from the site's
// settings (docs/decisions/141). Kept for the about pages of earlier deploys, which read it;
// GET /settings says all of it and more.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AboutDataSchema } from '@portfolio/contract';
import type { AboutData } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import { noQuerySchema } from '../../http/schemas.js';

const aboutRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { cache, settings }) => {
  app.get(
    '/about-data',
    { schema: { querystring: noQuerySchema, response: { 200: AboutDataSchema } } },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, async (): Promise<AboutData> => {
        const { owner, about } = await settings.get();
        return { name: owner.name, title: owner.jobTitle, ...about };
      }),
  );
};

export default aboutRoutes;
