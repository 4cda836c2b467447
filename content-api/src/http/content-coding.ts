// Compressed forms of cached answers (ADR 032). @fastify/compress compresses every answer on
// every request; a cached answer is instead compressed once per coding, off the event loop, and
// the result is kept with the cache entry. Negotiation, codings, threshold and brotli quality
// are those of @fastify/compress, so a client gets what it got before, only sooner.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

export type ContentCoding = 'br' | 'gzip' | 'deflate';

/** In order of preference; `identity` means "send it as it is". */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'] as const;

/** Smaller bodies are sent as they are: compressing them saves too little. */
export const COMPRESSION_THRESHOLD = 1024;

const compressors: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    }),
  gzip: (body) => promisify(zlib.gzip)(body),
  deflate: (body) => promisify(zlib.deflate)(body),
};

/** The coding to send a body of `size` bytes in, for this Accept-Encoding; none for identity. */
export function chooseContentCoding(
  acceptEncoding: string | undefined,
  size: number,
): ContentCoding | undefined {
  if (!acceptEncoding || size < COMPRESSION_THRESHOLD) return undefined;
  // As @fastify/compress: `*` (no preference) and `x-gzip` count as gzip.
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const chosen = negotiate(header, [...SUPPORTED]);
  return chosen === null || chosen === 'identity' ? undefined : chosen;
}

/**
 * Caches the compressed forms of one body: each is made on first use, and requests that come
 * while it is being made wait for the same one. A made form is returned synchronously.
 */
export class CompressedForms {
  private readonly forms = new Map<ContentCoding, Buffer | Promise<Buffer>>();

  constructor(private readonly body: Buffer) {}

  get(coding: ContentCoding): Buffer | Promise<Buffer> {
    let form = this.forms.get(coding);
    if (!form) {
      form = compressors[coding](this.body).then(
        (compressed) => {
          this.forms.set(coding, compressed);
          return compressed;
        },
        (error: unknown) => {
          this.forms.delete(coding);
          throw error;
        },
      );
      this.forms.set(coding, form);
    }
    return form;
  }
}

/** Adds `Accept-Encoding` to the Vary header, keeping what is there (CORS sets `Origin`). */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}
