// An upload as it arrives (docs/decisions/123): the multipart file part is streamed to a
// temporary file while it is counted, so any number of uploads in flight cost the API disk, not
// memory; only the one-at-a-time image work (image-work.ts) reads one back. A body that says it
// is too big is refused before a byte is read, one that turns out too big as soon as it passes
// the limit, and either way the connection is closed rather than read to its end.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MULTIPART_ENVELOPE_BYTES } from '../../http/body-limits.js';
import { HttpError } from '../../http/errors.js';

export const MALFORMED_MULTIPART = 'Malformed multipart/form-data body.';

export function uploadTooLarge(maxBytes: number): string {
  return `The file is too large: images are limited to ${maxBytes / (1024 * 1024)} MiB.`;
}

export interface ReceivedUpload {
  /** The multipart field the file came in; undefined when the body had no file. */
  fieldname: string | undefined;
  filename: string;
  size: number;
  /** The whole file, read into memory: call it from image work only (image-work.ts). */
  read(): Promise<Buffer>;
  /** Removes the temporary file; call it when done, whatever happened. */
  discard(): Promise<void>;
}

const NOTHING: ReceivedUpload = {
  fieldname: undefined,
  filename: '',
  size: 0,
  read: async () => Buffer.alloc(0),
  discard: async () => undefined,
};

/** A 413, with the connection closed after it: the rest of the body is never read. */
function refuseTooLarge(reply: FastifyReply, maxBytes: number): HttpError {
  reply.header('connection', 'close');
  return new HttpError(413, uploadTooLarge(maxBytes));
}

/**
 * The multipart parser (busboy) reports a body that does not parse (no boundary, cut short)
 * with plain errors: those are the client's, so 400. Its own 4xx errors pass through.
 */
function clientError(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  request.log.info({ err: error }, 'malformed multipart body');
  return new HttpError(400, MALFORMED_MULTIPART);
}

/**
 * Receives the first file part of a multipart request into a temporary file, at most
 * `maxBytes` of it. Throws an HttpError (400, 413) for a body that is malformed or too large.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes + MULTIPART_ENVELOPE_BYTES) throw refuseTooLarge(reply, maxBytes);
  let file;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    throw clientError(request, error);
  }
  if (!file) return NOTHING;

  const folder = await mkdtemp(path.join(os.tmpdir(), 'portfolio-upload-'));
  const target = path.join(folder, 'file');
  const discard = () => rm(folder, { recursive: true, force: true });
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  // Past the limit busboy would skip the rest of the file: stop at once instead.
  const tooLarge = new HttpError(413, uploadTooLarge(maxBytes));
  file.file.once('limit', () => file.file.destroy(tooLarge));
  try {
    await pipeline(file.file, count, createWriteStream(target));
    if (file.file.truncated) throw tooLarge;
  } catch (error) {
    await discard();
    if (error === tooLarge) throw refuseTooLarge(reply, maxBytes);
    throw clientError(request, error);
  }
  return {
    fieldname: file.fieldname,
    filename: file.filename,
    size,
    read: () => readFile(target),
    discard,
  };
}
