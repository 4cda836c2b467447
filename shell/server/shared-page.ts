// A page every visitor without a session gets byte for byte (docs/decisions/100): its plain
// bytes, a strong validator of them, its policy (the hashes of its inline scripts), and its
// Brotli and gzip forms, made once per page version and kept beside the plain bytes while the
// render cache keeps the page. Sending one answers If-None-Match with 304, and picks the encoding
// the request accepts; an encoding not made yet is made for that response with fast settings.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, deflate, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Every encoding a shared page is sent in, each its own representation with its own ETag. The
 * site's compression (@fastify/compress) is given this very list (app.ts), so it never encodes a
 * page this module sent plain: a deflate or zstd answer under the plain form's ETag.
 */
export const PAGE_ENCODINGS = ['br', 'gzip', 'deflate'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];
/** The forms kept beside a page (deflate, which few clients ask for alone, is made per answer). */
type KeptEncoding = 'br' | 'gzip';
const KEPT_ENCODINGS: KeptEncoding[] = ['br', 'gzip'];

export interface SharedPage {
  status: number;
  html: Buffer;
  /** The opaque part of its strong ETag: a SHA-256 of the plain bytes (base64url, 128 bits). */
  tag: string;
  /** Its Content-Security-Policy: the SHA-256 of each inline script it holds. */
  policy: string;
  /** Its kept compressed forms, once made (compressAll). */
  encoded: Partial<Record<KeptEncoding, Buffer>>;
  /**
   * Its own Cross-Origin-Opener-Policy, in place of the site's (a page of islands', docs/
   * decisions/177); none: the site's.
   */
  openerPolicy?: string;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** Kept forms: the smallest each format makes, once per page version, off the event loop. */
const KEPT: Record<KeptEncoding, (html: Buffer) => Promise<Buffer>> = {
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
const ONCE: Record<PageEncoding, (html: Buffer) => Promise<Buffer>> = {
  br: (html: Buffer) =>
    brotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  gzip: (html: Buffer) => gzipAsync(html, { level: 6 }),
  deflate: (html: Buffer) => deflateAsync(html, { level: 6 }),
};

export function sharedPage(
  status: number,
  html: Buffer,
  policy: string,
  openerPolicy?: string,
): SharedPage {
  const tag = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  return { status, html, tag, policy, encoded: {}, ...(openerPolicy && { openerPolicy }) };
}

/** Makes the kept forms of a page (the render cache calls it once per page version). */
export async function compressAll(page: SharedPage): Promise<void> {
  await Promise.all(
    KEPT_ENCODINGS.map(async (encoding) => {
      page.encoded[encoding] ??= await KEPT[encoding](page.html);
    }),
  );
}

/** The ETag of one form of a page: each encoding is its own representation. */
export const etagOf = (page: Pick<SharedPage, 'tag'>, encoding: PageEncoding | null) =>
  `"${page.tag}${encoding ? `-${encoding}` : ''}"`;

/**
 * Whether If-None-Match names this page in the form this request gets (RFC 9110's weak
 * comparison: `W/` aside, the same opaque tag). Another form's tag is another representation:
 * a 304 for it would tell a cache holding the gzip form that the Brotli one is fresh.
 */
export function matchesPage(
  ifNoneMatch: string | undefined,
  page: Pick<SharedPage, 'tag'>,
  encoding: PageEncoding | null,
) {
  if (!ifNoneMatch) return false;
  const own = etagOf(page, encoding);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === own;
  });
}

/** Accept-Encoding values seen, and what each picks: a bounded memo (a header is any text). */
const negotiator = new Negotiator<PageEncoding>({
  supportedValues: [...PAGE_ENCODINGS],
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
  /** A page the server could not render whole (503): when to ask again (s). */
  retryAfterS?: number;
  /**
   * The answer sets a cookie (a canary cohort's): never "unchanged", or the asker keeps the
   * copy it holds and never gets the cookie (an edge revalidating its cookie-less page).
   */
  setsCookie?: boolean;
}

/** What a request gets of a page: its status, its headers and its body (none for a 304). */
export interface SharedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * The answer to a request for a page, when its form for the request is at hand (else null: an
 * encoding not made yet). Headers are the page's own; the site's security headers come on top.
 */
export function sharedAnswer(
  page: SharedPage,
  { acceptEncoding, ifNoneMatch }: { acceptEncoding?: string; ifNoneMatch?: string },
  { cacheControl, timing, reportingEndpoints, retryAfterS }: SendSharedOptions,
  made?: Buffer,
): SharedAnswer | null {
  const encoding = pickEncoding(acceptEncoding);
  // A 304's headers replace the stored ones in the browser's cache: the policy goes with it
  // too, or the page kept there would run under the site's static policy.
  const headers: Record<string, string> = {
    vary: 'Accept-Encoding, Cookie',
    'cache-control': cacheControl,
    etag: etagOf(page, encoding),
    'content-security-policy': page.policy,
    'reporting-endpoints': reportingEndpoints,
  };
  if (page.openerPolicy) headers['cross-origin-opener-policy'] = page.openerPolicy;
  if (retryAfterS !== undefined) headers['retry-after'] = String(retryAfterS);
  // Only a page with its content is ever "unchanged": an unavailable one is sent again.
  if (page.status < 500 && matchesPage(ifNoneMatch, page, encoding)) {
    headers['server-timing'] = timing;
    return { status: 304, headers };
  }
  const body =
    encoding === null
      ? page.html
      : (made ?? (encoding === 'deflate' ? undefined : page.encoded[encoding]));
  if (!body) return null;
  headers['content-type'] = 'text/html; charset=utf-8';
  if (encoding !== null) headers['content-encoding'] = encoding;
  // Last (docs/performance.md, "A cache hit without a copy").
  headers['server-timing'] = timing;
  return { status: page.status, headers, body };
}

/**
 * Sends a page: 304 when the request already holds it, else its form for the request's
 * Accept-Encoding. Synchronous when that form is made (a cache hit): no promise per hit.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SharedPage,
  options: SendSharedOptions,
): FastifyReply | Promise<FastifyReply> {
  const asked = {
    acceptEncoding: request.headers['accept-encoding'],
    ifNoneMatch: options.setsCookie ? undefined : request.headers['if-none-match'],
  };
  const send = (answer: SharedAnswer) =>
    reply.code(answer.status).headers(answer.headers).send(answer.body);
  const answer = sharedAnswer(page, asked, options);
  if (answer) return send(answer);
  // Accepted, not made yet: made for this response with fast settings.
  const encoding = pickEncoding(asked.acceptEncoding)!;
  return ONCE[encoding](page.html).then((made) => send(sharedAnswer(page, asked, options, made)!));
}
