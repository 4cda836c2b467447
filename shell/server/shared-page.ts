// A page every visitor without a session gets byte for byte (docs/decisions/100): its plain
// bytes, a strong validator of them, its policy (the hashes of its inline scripts), and its
// Brotli and gzip forms, made once per page version and kept beside the plain bytes while the
// render cache keeps the page. Sending one answers If-None-Match with 304, and picks the encoding
// the request accepts; an encoding not made yet is made for that response with fast settings.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

export type PageEncoding = 'br' | 'gzip';
const ENCODINGS: PageEncoding[] = ['br', 'gzip'];

export interface SharedPage {
  status: number;
  html: Buffer;
  /** The opaque part of its strong ETag: a SHA-256 of the plain bytes (base64url, 128 bits). */
  tag: string;
  /** Its Content-Security-Policy: the SHA-256 of each inline script it holds. */
  policy: string;
  /** Its compressed forms, once made (compressAll). */
  encoded: Partial<Record<PageEncoding, Buffer>>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Kept forms: the smallest each format makes, once per page version, off the event loop. */
const KEPT = {
  br: (html: Buffer) =>
    brotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  gzip: (html: Buffer) => gzipAsync(html, { level: zlib.Z_BEST_COMPRESSION }),
};
/** A form made for one response (a page not kept, or kept a moment ago): fast settings. */
const ONCE = {
  br: (html: Buffer) =>
    brotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  gzip: (html: Buffer) => gzipAsync(html, { level: 6 }),
};

export function sharedPage(status: number, html: Buffer, policy: string): SharedPage {
  const tag = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  return { status, html, tag, policy, encoded: {} };
}

/** Makes the kept forms of a page (the render cache calls it once per page version). */
export async function compressAll(page: SharedPage): Promise<void> {
  await Promise.all(
    ENCODINGS.map(async (encoding) => {
      page.encoded[encoding] ??= await KEPT[encoding](page.html);
    }),
  );
}

/** The ETag of one form of a page: each encoding is its own representation. */
export const etagOf = (page: Pick<SharedPage, 'tag'>, encoding: PageEncoding | null) =>
  `"${page.tag}${encoding ? `-${encoding}` : ''}"`;

/**
 * Whether If-None-Match names this page in any of its forms (a weak comparison, as RFC 9110
 * asks for this header: a cache may hold the gzip form and the browser the Brotli one).
 */
export function matchesPage(ifNoneMatch: string | undefined, page: Pick<SharedPage, 'tag'>) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const opaque = tag.replace(/^"|"$/g, '');
    return opaque === page.tag || ENCODINGS.some((each) => opaque === `${page.tag}-${each}`);
  });
}

/** Accept-Encoding values seen, and what each picks: a bounded memo (a header is any text). */
const negotiator = new Negotiator<PageEncoding>({
  supportedValues: ENCODINGS,
  cache: new LRUCache<string, string>({ max: 200 }),
});

export function pickEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  return negotiator.negotiate(acceptEncoding);
}

export interface SendSharedOptions {
  cacheControl: string;
  timing: string;
  reportingEndpoints: string;
}

/**
 * Sends a page: 304 when the request already holds it, else its form for the request's
 * Accept-Encoding. Synchronous when that form is made (a cache hit): no promise per hit.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SharedPage,
  { cacheControl, timing, reportingEndpoints }: SendSharedOptions,
): FastifyReply | Promise<FastifyReply> {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  // A 304's headers replace the stored ones in the browser's cache: the policy goes with it
  // too, or the page kept there would run under the site's static policy.
  reply
    .header('Vary', 'Accept-Encoding, Cookie')
    .header('Cache-Control', cacheControl)
    .header('ETag', etagOf(page, encoding))
    .header('Content-Security-Policy', page.policy)
    .header('Reporting-Endpoints', reportingEndpoints);
  if (matchesPage(request.headers['if-none-match'], page)) {
    return reply.code(304).header('Server-Timing', timing).send();
  }
  reply.code(page.status).type('text/html; charset=utf-8');
  if (encoding === null) return reply.header('Server-Timing', timing).send(page.html);
  reply.header('Content-Encoding', encoding);
  const made = page.encoded[encoding];
  if (made) return reply.header('Server-Timing', timing).send(made);
  return ONCE[encoding](page.html).then((body) => reply.header('Server-Timing', timing).send(body));
}
