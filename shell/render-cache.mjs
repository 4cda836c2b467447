// The site's render cache (docs/decisions/039). A page rendered for a visitor without a session
// is the same for every such visitor until content or a remote changes, so its HTML is kept and
// sent again, with the new response's nonce put where the old one was.
//
// It is only trusted while the content API tells this server about content changes: a stream
// of server-sent events (GET /content-events) that announces every invalidation of the API's
// own cache. Each event empties this cache; while the stream is down (or the API says it cannot
// hear other instances' writes) nothing is served from it or kept in it. The server also empties
// it when a remote is redeployed (clear()), and entries expire after a TTL in any case.
import { EventSource } from 'eventsource';
import { LRUCache } from 'lru-cache';

export const DEFAULT_RENDER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const DEFAULT_RENDER_CACHE_TTL_MS = 60_000;
/** Wait before opening the event stream again after the API refused or ended it. */
export const RECONNECT_MS = 2000;

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

/** The content API's event data: `{ generation, active }`; anything else is not trusted. */
function contentState(data) {
  try {
    const state = JSON.parse(data);
    return typeof state?.generation === 'number' && typeof state?.active === 'boolean'
      ? state
      : null;
  } catch {
    return null;
  }
}

/**
 * @param {{
 *   apiBase: string,
 *   maxBytes?: number,
 *   ttlMs?: number,
 *   reconnectMs?: number,
 *   log?: (message: string) => void,
 *   EventSourceImpl?: typeof EventSource,
 * }} options
 * @returns {RenderCache}
 */
export function createRenderCache({
  apiBase,
  maxBytes = DEFAULT_RENDER_CACHE_MAX_BYTES,
  ttlMs = DEFAULT_RENDER_CACHE_TTL_MS,
  reconnectMs = RECONNECT_MS,
  log = () => {},
  EventSourceImpl = EventSource,
}) {
  /** @type {LRUCache<string, CachedPage>} */
  const pages = new LRUCache({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.bytes),
    ttl: ttlMs,
  });
  /** Bumped on every clear, so a render that started before it is not kept. */
  let generation = 0;
  let live = false;
  let closed = false;
  /** @type {EventSource | null} */
  let source = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;

  const clear = () => {
    generation += 1;
    pages.clear();
  };
  const goDark = (why) => {
    if (live) log(`Render cache off: ${why}`);
    live = false;
    clear();
  };

  function connect() {
    const events = new EventSourceImpl(`${apiBase}/content-events`);
    source = events;
    events.addEventListener('content', (event) => {
      const state = contentState(event.data);
      if (!state) return goDark('the content API sent an unreadable event');
      clear();
      if (!state.active) return goDark('the content API cannot hear all content changes');
      if (!live) log('Render cache on: the content API announces content changes');
      live = true;
    });
    events.addEventListener('error', () => {
      goDark('the content API event stream is down');
      // The stream retries network errors by itself, but not a refusal (e.g. 429 or an API
      // without the endpoint): then it is opened again here, later.
      if (events.readyState === EventSourceImpl.CLOSED && !closed) {
        retry = setTimeout(connect, reconnectMs);
        retry.unref?.();
      }
    });
  }
  connect();

  return {
    lookup(key, nonce) {
      const page = live ? pages.get(key) : undefined;
      if (!page) return undefined;
      const body = Buffer.concat(
        page.parts.flatMap((part, index) => (index === 0 ? [part] : [Buffer.from(nonce), part])),
      );
      return { status: page.status, body };
    },
    ticket: () => generation,
    store(key, ticket, status, html, nonce) {
      if (!live || ticket !== generation || html.length > maxBytes) return;
      const parts = html
        .toString('utf8')
        .split(nonce)
        .map((part) => Buffer.from(part));
      pages.set(key, { status, parts, bytes: html.length });
    },
    clear,
    get live() {
      return live;
    },
    close() {
      closed = true;
      clearTimeout(retry);
      source?.close();
      goDark('the server is closing');
    },
  };
}
