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
 * How long one call to the API for a public answer may take. It is made once for every render
 * that asks for the same answer meanwhile, and outlives a render that stops waiting (its budget
 * spent, its visitor gone): the answer is kept for the next render (docs/decisions/117).
 */
export const DEFAULT_SHARED_CALL_TIMEOUT_MS = 30_000;
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

/** A whole answer of the API, read once and handed to every caller that waited for it. */
interface SharedAnswer extends KeptAnswer {
  status: number;
  statusText: string;
}

/** `promise`, or the reason `signal` gives when it is aborted first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The request's URL and method, and whether it carries credentials. */
function describe(input: string | URL | Request, init?: RequestInit) {
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
  sharedCallTimeoutMs?: number;
}

export function createContentCache({
  watch,
  apiBase,
  maxBytes = DEFAULT_CONTENT_CACHE_MAX_BYTES,
  ttlMs = DEFAULT_CONTENT_CACHE_TTL_MS,
  sharedCallTimeoutMs = DEFAULT_SHARED_CALL_TIMEOUT_MS,
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
  /** Calls to the API under way, by URL: a second caller waits for the first one's answer. */
  const calls = new Map<string, Promise<SharedAnswer>>();

  /** One call for `url`, on a signal of its own: no caller's abort ends it. */
  function sharedCall(
    fetchImpl: typeof fetch,
    url: string,
    input: string | URL | Request,
    init: RequestInit | undefined,
  ): Promise<SharedAnswer> {
    const under = calls.get(url);
    if (under) return under;
    const ticket = generation;
    const signal = AbortSignal.timeout(sharedCallTimeoutMs);
    const call = (async () => {
      const request = input instanceof Request ? new Request(input, { signal }) : input;
      const response = await fetchImpl(request, { ...init, signal });
      const body = new Uint8Array(await response.arrayBuffer());
      if (
        isCachedContent(response) &&
        watch.live &&
        ticket === generation &&
        body.length <= maxBytes
      ) {
        const headers = KEPT_HEADERS.flatMap((name): [string, string][] => {
          const value = response.headers.get(name);
          return value === null ? [] : [[name, value]];
        });
        answers.set(url, { body, headers });
      }
      return {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body,
      };
    })().finally(() => calls.delete(url));
    // Every caller may have stopped waiting: its failure is theirs, never unhandled.
    call.catch(() => undefined);
    calls.set(url, call);
    return call;
  }

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
        const answer = await untilAborted(sharedCall(fetchImpl, url, input, init), signal);
        return new Response(answer.body, {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
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
