// The site's render cache (docs/decisions/039). A page rendered for a visitor without a session
// is the same for every such visitor until content or a remote changes, so its HTML is kept and
// sent again, with the new response's nonce put where the old one was.
//
// It is only trusted while the content API tells this server about content changes
// (content-events.mjs): each change empties it, and while the API's event stream is down (or the
// API says it cannot hear other instances' writes) nothing is served from it or kept in it. The
// server also empties it when a remote is redeployed (clear()), and entries expire after a TTL in
// any case.
import { LRUCache } from 'lru-cache';
import { watchContent } from './content-events.mjs';

export const DEFAULT_RENDER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const DEFAULT_RENDER_CACHE_TTL_MS = 60_000;

/**
 * @typedef {{ status: number, parts: Buffer[], bytes: number }} CachedPage
 *   The page's bytes cut at each occurrence of the nonce it was rendered with.
 * @typedef {{
 *   lookup(key: string, nonce: string): { status: number, body: Buffer } | undefined,
 *   ticket(): number,
 *   store(key: string, ticket: number, status: number, html: Buffer, nonce: string): void,
 *   clear(): void,
 *   readonly live: boolean,
 *   close(): void,
 * }} RenderCache
 */

/**
 * `watch`: the content API's change announcements, shared with the server's other caches; without
 * it the cache opens its own stream to `apiBase` (and closes it on close()).
 * @param {{
 *   watch?: import('./content-events.mjs').ContentWatch,
 *   apiBase?: string,
 *   maxBytes?: number,
 *   ttlMs?: number,
 *   reconnectMs?: number,
 *   log?: (message: string) => void,
 *   EventSourceImpl?: typeof import('eventsource').EventSource,
 * }} options
 * @returns {RenderCache}
 */
export function createRenderCache({
  watch: sharedWatch,
  apiBase = '',
  maxBytes = DEFAULT_RENDER_CACHE_MAX_BYTES,
  ttlMs = DEFAULT_RENDER_CACHE_TTL_MS,
  reconnectMs,
  log,
  EventSourceImpl,
}) {
  const watch = sharedWatch ?? watchContent({ apiBase, reconnectMs, log, EventSourceImpl });
  /** @type {LRUCache<string, CachedPage>} */
  const pages = new LRUCache({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.bytes),
    ttl: ttlMs,
  });
  /** Bumped on every clear, so a render that started before it is not kept. */
  let generation = 0;
  const clear = () => {
    generation += 1;
    pages.clear();
  };
  const stopWatching = watch.onChange(clear);

  return {
    lookup(key, nonce) {
      const page = watch.live ? pages.get(key) : undefined;
      if (!page) return undefined;
      const slot = Buffer.from(nonce);
      const body = Buffer.concat(
        page.parts.flatMap((part, index) => (index === 0 ? [part] : [slot, part])),
      );
      return { status: page.status, body };
    },
    ticket: () => generation,
    store(key, ticket, status, html, nonce) {
      if (!watch.live || ticket !== generation || html.length > maxBytes) return;
      const parts = html
        .toString('utf8')
        .split(nonce)
        .map((part) => Buffer.from(part));
      pages.set(key, { status, parts, bytes: html.length });
    },
    clear,
    get live() {
      return watch.live;
    },
    close() {
      stopWatching();
      if (!sharedWatch) watch.close();
      clear();
    },
  };
}
