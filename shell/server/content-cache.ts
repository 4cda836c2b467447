// The site's copy of the content API's public answers (docs/decisions/074). Every page's data
// comes from the content API, and between two content changes the API answers the same request
// with the same bytes from its own cache. The site's server keeps those answers too, so a render
// does not wait for another process (nor make it work) for what it already has; pages are still
// rendered for every request. The renders' loaders get this cache's fetch through their context
// (docs/decisions/090); nothing else calls it.
//
// Kept: an answer to a GET to the API without credentials (no Authorization, no Cookie) that the
// API marks as its cached content (200, an ETag, Cache-Control: no-cache). Trusted and kept only
// while the API announces content changes (content-events.ts); every change empties it, and
// answers expire after a TTL in any case. Everything else goes to the API as before.
import { TOTAL_COUNT_HEADER } from '@portfolio/contract';
import { LRUCache } from 'lru-cache';
import type { ContentWatch } from './content-events';

export const DEFAULT_CONTENT_CACHE_MAX_BYTES = 8 * 1024 * 1024;
export const DEFAULT_CONTENT_CACHE_TTL_MS = 60_000;
/**
 * The answer headers a kept answer is given again with; x-total-count is part of a paged list's
 * answer (GET /articles, GET /search): the pages number themselves with it.
 */
const KEPT_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  TOTAL_COUNT_HEADER.toLowerCase(),
] as const;

interface KeptAnswer {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

/** The request's URL and method, and whether it carries credentials. */
function describe(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : null;
  const url = request ? request.url : String(input);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers ?? request?.headers);
  const credentials = headers.has('authorization') || headers.has('cookie');
  return { url, method, credentials, signal: init?.signal ?? request?.signal };
}

/** Whether the API answered from its content cache: the answers it revalidates by ETag. */
function isCachedContent(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.has('etag') &&
    /(^|,)\s*no-cache\s*(,|$)/i.test(response.headers.get('cache-control') ?? '')
  );
}

export interface ContentCache {
  /** `fetchImpl` with the API's public answers kept. */
  wrap(fetchImpl: typeof fetch): typeof fetch;
  /** Answers kept (for tests and diagnostics). */
  readonly size: number;
  close(): void;
}

export interface ContentCacheOptions {
  watch: ContentWatch;
  apiBase: string;
  maxBytes?: number;
  ttlMs?: number;
}

export function createContentCache({
  watch,
  apiBase,
  maxBytes = DEFAULT_CONTENT_CACHE_MAX_BYTES,
  ttlMs = DEFAULT_CONTENT_CACHE_TTL_MS,
}: ContentCacheOptions): ContentCache {
  const prefix = `${apiBase.replace(/\/+$/, '')}/`;
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => Math.max(1, answer.body.length),
    ttl: ttlMs,
  });
  /** Bumped on every change, so an answer asked for before one is not kept. */
  let generation = 0;
  const stopWatching = watch.onChange(() => {
    generation += 1;
    answers.clear();
  });
  let closed = false;

  return {
    wrap(fetchImpl) {
      return async function fetchWithContentCache(input, init) {
        if (closed || !watch.live) return fetchImpl(input, init);
        const { url, method, credentials, signal } = describe(input, init);
        if (method !== 'GET' || credentials || !url.startsWith(prefix)) {
          return fetchImpl(input, init);
        }
        const kept = answers.get(url);
        if (kept) {
          signal?.throwIfAborted();
          return new Response(kept.body, { status: 200, headers: kept.headers });
        }
        const ticket = generation;
        const response = await fetchImpl(input, init);
        if (!isCachedContent(response)) return response;
        const body = new Uint8Array(await response.arrayBuffer());
        if (watch.live && ticket === generation && body.length <= maxBytes) {
          const headers = KEPT_HEADERS.flatMap((name): [string, string][] => {
            const value = response.headers.get(name);
            return value === null ? [] : [[name, value]];
          });
          answers.set(url, { body, headers });
        }
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      };
    },
    get size() {
      return answers.size;
    },
    close() {
      closed = true;
      stopWatching();
      answers.clear();
    },
  };
}
