// /images: public, immutable image files; admins upload new ones.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { IMAGE_NAME_PATTERN } from '../../http/schemas.js';
import { inspectImage } from './image-type.js';
import { IMAGE_PATH_PREFIX, findImage, saveImage, uploadedImageName } from './repository.js';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_NOT_FOUND = 'Image not found';
/** SVG opened directly must not run script or load anything; inline styles are harmless. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const imageRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, auth }) => {
  // Registered in this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
  });

  app.get<{ Params: { name: string } }>(
    '/images/:name',
    {
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', pattern: IMAGE_NAME_PATTERN } },
        },
      },
    },
    async (request, reply) => {
      const image = await findImage(db, request.params.name);
      if (!image) throw new HttpError(404, IMAGE_NOT_FOUND);
      reply
        .type(image.contentType)
        // Names carry a content hash (uploads) or never change (seed images).
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff');
      if (image.contentType === 'image/svg+xml') {
        reply.header('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
      }
      return reply.send(image.data);
    },
  );

  app.post(
    '/images',
    {
      onRequest: auth.requireAdmin,
      // The multipart envelope around a 2 MiB file; the file limit itself is enforced above.
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      schema: {
        response: {
          201: {
            type: 'object',
            required: ['imagePath'],
            properties: { imagePath: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Expected a multipart/form-data upload with a "file" field.');
      }
      const file = await request.file();
      if (!file || file.fieldname !== 'file') {
        throw new HttpError(400, 'Upload the image in a multipart field named "file".');
      }
      // Throws a 413 error when the file exceeds limits.fileSize.
      const data = await file.toBuffer();
      if (data.length === 0) throw new HttpError(400, 'The uploaded file is empty.');
      const inspection = inspectImage(data);
      if (!inspection.ok) throw new HttpError(415, inspection.reason);
      const name = uploadedImageName(file.filename, data, inspection.type);
      await saveImage(db, { name, contentType: inspection.type.contentType, data });
      return reply.code(201).send({ imagePath: `${IMAGE_PATH_PREFIX}${name}` });
    },
  );
};

export default imageRoutes;
