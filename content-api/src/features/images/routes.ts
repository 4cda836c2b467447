// /images: public, immutable image files; admins upload new ones, list them with where each is
// shown (the media library, docs/decisions/142) and delete those nothing shows.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  ImageNameParamsSchema,
  ImageUploadSchema,
  MediaListQuerySchema,
  MediaListSchema,
  TOTAL_COUNT_HEADER,
} from '@portfolio/contract';
import type { MediaUse } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { IMAGE_UPLOAD_BODY_BYTES } from '../../http/body-limits.js';
import { HttpError } from '../../http/errors.js';
import { measureImage } from './image-size.js';
import { SVG, rasterType } from './image-type.js';
import { imageWork } from './image-work.js';
import { RasterImageError, cleanOriginal } from './raster.js';
import { deleteUnusedImage, listMedia } from './media.js';
import { IMAGE_PATH_PREFIX, findImage, saveImage, uploadedImageName } from './repository.js';
import { createSvgChecks } from './svg-checks.js';
import { receiveUpload } from './upload.js';
import { describeImage } from './variants.js';

/** Photos straight from a phone fit (docs/decisions/123); SVG stays at its old limit. */
export const MAX_IMAGE_BYTES = IMAGE_UPLOAD_MAX_BYTES;
export const MAX_SVG_BYTES = 2 * 1024 * 1024;
export const IMAGE_NOT_FOUND = 'Image not found';
/** Where a use is, in words: `the cover of the article "TLS in Practice"`. */
/** How the 409 names the site settings' use of an image (a certificate's badge). */
export const SETTINGS_USE = 'the site settings (a certificate badge)';

function describeUse(use: MediaUse): string {
  const where = [use.cover && 'the cover', use.inText && 'the text'].filter(Boolean).join(' and ');
  return `${where} of the ${use.kind} "${use.title}"`;
}

/**
 * The 409 of a delete: where the image is shown, so the owner knows what to change first
 * (`This image is in use: the cover of the article "A", the text of the article "B" and 3 more.`).
 */
export function imageInUse(
  uses: readonly MediaUse[],
  useCount: number,
  inSettings = false,
): string {
  const listed = [...(inSettings ? [SETTINGS_USE] : []), ...uses.slice(0, 3).map(describeUse)];
  const more = useCount + (inSettings ? 1 : 0) - listed.length;
  const last = more > 0 ? `${more} more` : listed.pop();
  const where = listed.length > 0 ? `${listed.join(', ')} and ${last}` : last;
  return `This image is in use: ${where}. Remove it from there first.`;
}
export const SVG_TOO_LARGE = 'The SVG image is too large: SVG images are limited to 2 MiB.';
/**
 * Every image, opened directly: it may load, run, frame or submit nothing (an SVG's inline
 * styles are harmless), and `sandbox` gives it an opaque origin with navigation and scripts off.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'; form-action 'none'";

/** An image the checks refuse is the client's mistake: its status and message, as an HttpError. */
function asClientError(error: unknown): never {
  throw error instanceof RasterImageError ? new HttpError(error.status, error.message) : error;
}

const imageRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, auth }) => {
  // Registered in this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
  });
  // SVG is checked and sanitised in worker threads, off the request thread (ADR 082).
  const svgChecks = createSvgChecks({
    onWorkerError: (error) => app.log.error({ err: error }, 'An SVG check worker failed'),
  });
  app.addHook('onClose', () => svgChecks.close());

  app.get(
    '/images/:name',
    {
      // The site (another origin) shows them with <img>.
      config: { embeddable: true },
      schema: { params: ImageNameParamsSchema },
    },
    async (request, reply) => {
      const image = await findImage(db, request.params.name);
      if (!image) throw new HttpError(404, IMAGE_NOT_FOUND);
      reply
        .type(image.contentType)
        // Names carry a content hash (uploads) or never change (seed images).
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', IMAGE_CONTENT_SECURITY_POLICY);
      return reply.send(image.data);
    },
  );

  app.post(
    '/images',
    {
      onRequest: auth.requireAdmin,
      // The multipart envelope around the largest file; the file limit itself: upload.ts.
      bodyLimit: IMAGE_UPLOAD_BODY_BYTES,
      // A photo on a slow link: the whole-request limit, for an admin only (http/time-limits.ts).
      config: { uploadBody: true },
      schema: {
        response: { 201: ImageUploadSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Expected a multipart/form-data upload with a "file" field.');
      }
      // Streamed to a temporary file; read back one upload at a time (docs/decisions/123).
      const upload = await receiveUpload(request, reply, MAX_IMAGE_BYTES);
      try {
        if (upload.fieldname !== 'file') {
          throw new HttpError(400, 'Upload the image in a multipart field named "file".');
        }
        if (upload.size === 0) throw new HttpError(400, 'The uploaded file is empty.');
        const stored = await imageWork.run(async () => {
          let data = await upload.read();
          // Raster types by their bytes; anything else is an SVG or nothing, checked and
          // rewritten through the SVG allow-list in a worker (svg-checks.ts, ADR 082).
          let type = rasterType(data);
          if (!type) {
            if (data.length > MAX_SVG_BYTES) throw new HttpError(413, SVG_TOO_LARGE);
            const checked = await svgChecks.check(data);
            if (!checked.ok) throw new HttpError(415, checked.reason);
            ({ data, type } = checked);
          }
          const measure = await measureImage(data, type.contentType).catch(asClientError);
          // Only its picture is published: not a phone photo's position and device, nor a
          // comment, a text chunk or a document after its end (raster.ts, image-chunks.ts).
          if (type !== SVG) {
            data = await cleanOriginal(data).catch(asClientError);
          }
          const name = uploadedImageName(upload.filename, data, type);
          await saveImage(db, { name, contentType: type.contentType, data, ...measure });
          return { name, contentType: type.contentType, ...measure };
        });
        const image = describeImage(stored);
        return reply
          .code(201)
          .send({ imagePath: `${IMAGE_PATH_PREFIX}${stored.name}`, ...(image && { image }) });
      } finally {
        await upload.discard();
      }
    },
  );

  // The media library: a page of the stored images with where each is shown (admin only).
  app.get(
    '/images',
    {
      onRequest: auth.requireAdmin,
      schema: { querystring: MediaListQuerySchema, response: { 200: MediaListSchema } },
    },
    async (request, reply) => {
      const { items, total } = await listMedia(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.delete(
    '/images/:name',
    { onRequest: auth.requireAdmin, schema: { params: ImageNameParamsSchema } },
    async (request, reply) => {
      const outcome = await deleteUnusedImage(db, request.params.name);
      if (outcome.status === 'missing') throw new HttpError(404, IMAGE_NOT_FOUND);
      if (outcome.status === 'in-use') {
        throw new HttpError(409, imageInUse(outcome.uses, outcome.useCount, outcome.inSettings));
      }
      return reply.code(204).send();
    },
  );
};

export default imageRoutes;
