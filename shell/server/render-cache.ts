// The site's render cache (docs/decisions/039, 075, 100). A page rendered for a visitor without a
// session is the same bytes for every such visitor until content or a remote changes (its policy
// names its inline scripts by hash, never a per-response nonce), so it is kept as it was sent,
// with its validator and its Brotli and gzip forms (shared-page.ts), made once per page version,
// and every hit sends those very bytes: nothing is copied, rewritten or compressed per hit. Pages
// are kept under their address (the path as the route spells it and the query it reads:
// page-address.ts), never the raw URL.
//
// It is only trusted while the content API tells this server about content changes
// (content-events.ts): each change empties it, and while the API's event stream is down (or the
// API says it cannot hear other instances' writes) nothing is served from it or kept in it. The
// server also empties it when a remote is redeployed (clear()), and entries expire after a TTL in
// any case.
import { LRUCache } from 'lru-cache';
import type { ContentWatch } from './content-events';
import { compressAll } from './shared-page';
import type { SharedPage } from './shared-page';

export const DEFAULT_RENDER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Ten minutes (docs/decisions/174): content events are what empty the cache; the TTL only bounds
 * how long a change the API never announced (a database edited by hand) can go unseen. On a site
 * read every few minutes, most readers then get a kept page rather than a render.
 */
export const DEFAULT_RENDER_CACHE_TTL_MS = 10 * 60_000;

export interface RenderCache {
  lookup(key: string): SharedPage | undefined;
  /** A ticket taken before a render: a page rendered before a change is not kept after it. */
  ticket(): number;
  /**
   * Keeps a page, and makes its compressed forms (off the event loop) unless the same version is
   * kept already. Resolves once they are made (tests wait for it; the server does not).
   */
  store(key: string, ticket: number, page: SharedPage): Promise<void>;
  /** Resolves when the compressed forms being made now are made. */
  settled(): Promise<void>;
  clear(): void;
  close(): void;
}

export interface RenderCacheOptions {
  /** The content API's change announcements, shared with the server's other caches. */
  watch: ContentWatch;
  maxBytes?: number;
  ttlMs?: number;
}

/** What a page takes in the cache: its bytes, and room for its two compressed forms. */
export const sizeOf = (html: Buffer) => Math.ceil(html.length * 1.5);

export function createRenderCache({
  watch,
  maxBytes = DEFAULT_RENDER_CACHE_MAX_BYTES,
  ttlMs = DEFAULT_RENDER_CACHE_TTL_MS,
}: RenderCacheOptions): RenderCache {
  const pages = new LRUCache<string, SharedPage>({
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
  const making = new Set<Promise<void>>();

  return {
    lookup: (key) => (watch.live ? pages.get(key) : undefined),
    ticket: () => generation,
    async store(key, ticket, page) {
      if (!watch.live || ticket !== generation || sizeOf(page.html) > maxBytes) return;
      // The same version rendered again (two visitors at once): the kept one stays, with the
      // forms it has or is making.
      const kept = pages.get(key);
      if (kept?.tag === page.tag && kept.status === page.status) return;
      pages.set(key, page);
      const made = compressAll(page);
      making.add(made);
      try {
        await made;
      } finally {
        making.delete(made);
      }
    },
    settled: async () => {
      await Promise.allSettled([...making]);
    },
    clear,
    close() {
      stopWatching();
      clear();
    },
  };
}
