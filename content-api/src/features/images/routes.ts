// /images: public, immutable image files; admins upload new ones.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImageNameParamsSchema, ImageUploadSchema } from '@portfolio/contract';
import type { FastifyRequest } from 'fastify';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { rasterType } from './image-type.js';
import {
  IMAGE_PATH_PREFIX,
  deleteImage,
  findImage,
  saveImage,
  uploadedImageName,
} from './repository.js';
import { createSvgChecks } from './svg-checks.js';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_NOT_FOUND = 'Image not found';
export const IMAGE_IN_USE = 'This image is in use by a project or an article; change those first.';
export const MALFORMED_MULTIPART = 'Malformed multipart/form-data body.';
/**
 * Every image, opened directly: it may load, run, frame or submit nothing (an SVG's inline
 * styles are harmless), and `sandbox` gives it an opaque origin with navigation and scripts off.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'; form-action 'none'";

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

const imageRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, auth }) => {
  // Registered in this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
  });
  // SVG is checked and sanitised in worker threads, off the request thread (ADR 082).
  const svgChecks = createSvgChecks();
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
      // The multipart envelope around a 2 MiB file; the file limit itself is enforced above.
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      schema: {
        response: { 201: ImageUploadSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Expected a multipart/form-data upload with a "file" field.');
      }
      const upload = await readUpload(request);
      const { fieldname, filename } = upload;
      let { data } = upload;
      if (fieldname !== 'file') {
        throw new HttpError(400, 'Upload the image in a multipart field named "file".');
      }
      if (data.length === 0) throw new HttpError(400, 'The uploaded file is empty.');
      // Raster types by their bytes; anything else is an SVG or nothing, checked and rewritten
      // through the SVG allow-list in a worker (svg-checks.ts).
      const raster = rasterType(data);
      const inspection = raster
        ? { ok: true as const, type: raster, data }
        : await svgChecks.check(data);
      if (!inspection.ok) throw new HttpError(415, inspection.reason);
      ({ data } = inspection);
      const name = uploadedImageName(filename, data, inspection.type);
      await saveImage(db, { name, contentType: inspection.type.contentType, data });
      return reply.code(201).send({ imagePath: `${IMAGE_PATH_PREFIX}${name}` });
    },
  );

  app.delete(
    '/images/:name',
    { onRequest: auth.requireAdmin, schema: { params: ImageNameParamsSchema } },
    async (request, reply) => {
      const outcome = await deleteImage(db, request.params.name);
      if (outcome === 'missing') throw new HttpError(404, IMAGE_NOT_FOUND);
      if (outcome === 'in-use') throw new HttpError(409, IMAGE_IN_USE);
      return reply.code(204).send();
    },
  );
};

export default imageRoutes;
