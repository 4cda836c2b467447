// /images: public, immutable image files; admins upload new ones.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { IMAGE_NAME_PATTERN } from '../../http/schemas.js';
import { inspectImage } from './image-type.js';
import { IMAGE_PATH_PREFIX, findImage, saveImage, uploadedImageName } from './repository.js';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_NOT_FOUND = 'Image not found';
export const MALFORMED_MULTIPART = 'Malformed multipart/form-data body.';
/** SVG opened directly must not run script or load anything; inline styles are harmless. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The first part of the upload, read whole. The multipart parser (busboy) reports a body that
 * does not parse (no boundary, cut short) with plain errors: those are the client's, so 400.
 */
async function readUpload(request: FastifyRequest) {
  try {
    const file = await request.file();
    if (!file) return { fieldname: undefined, filename: '', data: Buffer.alloc(0) };
    // Throws a 413 error when the file exceeds limits.fileSize.
    const data = await file.toBuffer();
    return { fieldname: file.fieldname, filename: file.filename, data };
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new HttpError(400, MALFORMED_MULTIPART);
  }
}

const imageRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, auth }) => {
  // Registered in this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
  });

  app.get<{ Params: { name: string } }>(
    '/images/:name',
    {
      // The site (another origin) shows them with <img>.
      config: { embeddable: true },
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
        .header('Cache-Control', 'public, max-age=31536000, immutable');
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
      const { fieldname, filename, data } = await readUpload(request);
      if (fieldname !== 'file') {
        throw new HttpError(400, 'Upload the image in a multipart field named "file".');
      }
      if (data.length === 0) throw new HttpError(400, 'The uploaded file is empty.');
      const inspection = inspectImage(data);
      if (!inspection.ok) throw new HttpError(415, inspection.reason);
      const name = uploadedImageName(filename, data, inspection.type);
      await saveImage(db, { name, contentType: inspection.type.contentType, data });
      return reply.code(201).send({ imagePath: `${IMAGE_PATH_PREFIX}${name}` });
    },
  );
};

export default imageRoutes;
