// GET /settings (public, cached like every public read) and PUT /settings (admin): the site's
// settings (docs/decisions/141). A PUT is a write like any other: it empties the response cache
// and the site's servers hear it on /content-events, so every page, card and feed uses the new
// settings on the next request.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SiteSettingsInputSchema, SiteSettingsSchema } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { HttpError } from '../../http/errors.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import { messageSchema, noQuerySchema } from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import { settingsProblem } from './checks.js';
import { saveSettings, withBadges } from './repository.js';

const settingsRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (
  app,
  { db, cache, auth, settings },
) => {
  app.get(
    '/settings',
    { schema: { querystring: noQuerySchema, response: { 200: SiteSettingsSchema } } },
    (request, reply) => replyWithCachedJson(cache, request, reply, () => settings.get()),
  );

  app.put(
    '/settings',
    {
      onRequest: auth.requireAdmin,
      schema: {
        querystring: noQuerySchema,
        body: SiteSettingsInputSchema,
        response: {
          200: SiteSettingsSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
        },
      },
    },
    async (request) => {
      const input = request.body;
      const problem = settingsProblem(input);
      if (problem) throw new HttpError(400, problem);
      const certifications = input.portfolio.certifications;
      for (const [index, certification] of certifications.entries()) {
        if (certification.image && !(await imageExists(db, certification.image))) {
          throw new HttpError(
            400,
            `Portfolio.certifications[${index}].image ${certification.image} does not refer to a stored image.`,
          );
        }
      }
      const saved = await saveSettings(db, input);
      settings.invalidate();
      return withBadges(db, saved);
    },
  );
};

export default settingsRoutes;
