// GET /images/:name/:variant: a raster image resized and converted (docs/decisions/123), e.g.
// /images/photo-1a2b3c4d5e6f7a8b.jpg/640.avif. The widths and formats an image has are the ones
// its answers list (ImageSchema); each is made once and then served as kept.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImageVariantParamsSchema } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { HttpError } from '../../http/errors.js';
import { IMAGE_CONTENT_SECURITY_POLICY, IMAGE_NOT_FOUND } from './routes.js';
import { findImageRecord, loadVariant, offeredVariant } from './variants.js';

export const VARIANT_NOT_FOUND = 'This image has no such variant.';

const imageVariantRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db }) => {
  app.get(
    '/images/:name/:variant',
    {
      // The site (another origin) shows them with <img>.
      config: { embeddable: true },
      schema: { params: ImageVariantParamsSchema },
    },
    async (request, reply) => {
      const { name, variant } = request.params;
      const record = await findImageRecord(db, name);
      if (!record) throw new HttpError(404, IMAGE_NOT_FOUND);
      const offered = offeredVariant(record, variant);
      if (!offered) throw new HttpError(404, VARIANT_NOT_FOUND);
      const stored = await loadVariant(db, name, offered.width, offered.format);
      if (!stored) throw new HttpError(404, IMAGE_NOT_FOUND);
      reply
        .type(stored.contentType)
        // The image's name carries its content (a hash, or a seed name that never changes), the
        // variant's its width and format: the bytes at this address never change.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', IMAGE_CONTENT_SECURITY_POLICY);
      return reply.send(stored.data);
    },
  );
};

export default imageVariantRoutes;
