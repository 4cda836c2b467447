// The site's render cache (docs/decisions/039, 075). A page rendered for a visitor without a
// session is the same for every such visitor until content or a remote changes, so its HTML is
// kept and sent again, with the new response's nonce put where the old one was. Pages are kept
// under their address (the path as the route spells it and the query it reads: page-address.ts),
// never the raw URL.
//
// A hit allocates nothing: each page keeps a few copies of its bytes, and a hit takes one, writes
// its nonce over the last one's, and the copy goes back when the response is finished (the socket
// holds it until then). A response that is cut off never gives its copy back; it is collected.
//
// It is only trusted while the content API tells this server about content changes
// (content-events.ts): each change empties it, and while the API's event stream is down (or the
// API says it cannot hear other instances' writes) nothing is served from it or kept in it. The
// server also empties it when a remote is redeployed (clear()), and entries expire after a TTL in
// any case.
import type { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import type { ContentWatch } from './content-events';

export const DEFAULT_RENDER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const DEFAULT_RENDER_CACHE_TTL_MS = 60_000;
/** Copies of a page kept for reuse, beyond its own bytes; the cache's size counts them. */
export const SPARE_COPIES = 4;

/** The page as rendered, where each occurrence of its nonce starts, and copies free for reuse. */
interface CachedPage {
  status: number;
  html: Buffer;
  nonceAt: number[];
  nonceLength: number;
  spares: Buffer[];
}

/** `body` is the hit's alone until its response emits `finish` (not when it is cut off). */
export interface CacheHit {
  status: number;
  body: Buffer;
}

export interface RenderCache {
  lookup(key: string, nonce: string, response: EventEmitter): CacheHit | undefined;
  /** A ticket taken before a render: a page rendered before a change is not kept after it. */
  ticket(): number;
  store(key: string, ticket: number, status: number, html: Buffer, nonce: string): void;
  clear(): void;
  close(): void;
}

export interface RenderCacheOptions {
  /** The content API's change announcements, shared with the server's other caches. */
  watch: ContentWatch;
  maxBytes?: number;
  ttlMs?: number;
}

/** What a page takes in the cache: its bytes and its spare copies. */
const sizeOf = (html: Buffer) => html.length * (1 + SPARE_COPIES);

export function createRenderCache({
  watch,
  maxBytes = DEFAULT_RENDER_CACHE_MAX_BYTES,
  ttlMs = DEFAULT_RENDER_CACHE_TTL_MS,
}: RenderCacheOptions): RenderCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, sizeOf(page.html)),
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
    lookup(key, nonce, response) {
      const page = watch.live ? pages.get(key) : undefined;
      if (!page) return undefined;
      if (Buffer.byteLength(nonce) !== page.nonceLength) {
        return { status: page.status, body: withNonce(page, nonce) };
      }
      const body = page.spares.pop() ?? Buffer.from(page.html);
      for (const at of page.nonceAt) body.write(nonce, at, 'utf8');
      // `finish`: the last byte was handed to the socket, so the copy is free again. A page
      // dropped meanwhile takes its spare copies with it.
      response.once('finish', () => {
        if (page.spares.length < SPARE_COPIES) page.spares.push(body);
      });
      return { status: page.status, body };
    },
    ticket: () => generation,
    store(key, ticket, status, html, nonce) {
      if (!watch.live || ticket !== generation || sizeOf(html) > maxBytes) return;
      const slot = Buffer.from(nonce);
      const nonceAt: number[] = [];
      for (let at = html.indexOf(slot); at !== -1; at = html.indexOf(slot, at + slot.length)) {
        nonceAt.push(at);
      }
      pages.set(key, { status, html, nonceAt, nonceLength: slot.length, spares: [] });
    },
    clear,
    close() {
      stopWatching();
      clear();
    },
  };
}

/** A fresh copy of a page with a nonce of another length than the one it was rendered with. */
function withNonce(page: CachedPage, nonce: string): Buffer {
  const slot = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of page.nonceAt) {
    pieces.push(page.html.subarray(from, at), slot);
    from = at + page.nonceLength;
  }
  pieces.push(page.html.subarray(from));
  return Buffer.concat(pieces);
}
