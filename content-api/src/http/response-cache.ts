// In-process cache for public reads, with ETag / If-None-Match revalidation.
// Every successful write clears it (see app.ts); with REDIS_URL set, writes on other instances
// clear it too (cache-sync.ts). Entries also expire after a TTL, which bounds how long an
// instance can serve stale data when it cannot hear about other instances' writes.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedResponse {
  body: string;
  contentType: string;
  etag: string;
}

interface Entry extends CachedResponse {
  expiresAt: number;
}

export interface ResponseCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

export function computeEtag(body: string | Buffer): string {
  // Weak: the same representation may be sent compressed or not.
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 weak comparison of If-None-Match against our ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped on invalidation so a render that raced with a write is not stored. */
  private generation = 0;
  /** False while invalidations from other instances could be missed: nothing is stored. */
  private active = true;

  constructor(options: ResponseCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Stop serving and storing entries, e.g. while the invalidation channel is down. */
  suspend(): void {
    this.active = false;
    this.invalidate();
  }

  /** Serve and store again, starting empty: invalidations may have been missed meanwhile. */
  resume(): void {
    this.invalidate();
    this.active = true;
  }

  get isActive(): boolean {
    return this.active;
  }

  async getOrRender(
    key: string,
    render: () => Promise<{ body: string; contentType: string }>,
  ): Promise<CachedResponse> {
    const hit = this.active ? this.entries.get(key) : undefined;
    if (hit && hit.expiresAt > this.now()) {
      // Re-insert so Map order doubles as least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const generation = this.generation;
    const { body, contentType } = await render();
    const entry: Entry = {
      body,
      contentType,
      etag: computeEtag(body),
      expiresAt: this.now() + this.ttlMs,
    };
    if (this.active && generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    return entry;
  }
}

/** Sends a cached representation, or 304 when the client already has it. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], cached.etag)) {
    return reply.code(304).send();
  }
  return reply.type(cached.contentType).send(cached.body);
}

/**
 * Serves `load()` as JSON through the cache: serialised with the route's response schema,
 * keyed by the request URL (path and query).
 */
export async function replyWithCachedJson(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
) {
  const cached = await cache.getOrRender(`json ${request.url}`, async () => ({
    // The route's JSON serializer always yields a string.
    body: reply.serialize(await load()) as string,
    contentType: 'application/json; charset=utf-8',
  }));
  return sendCached(request, reply, cached);
}
