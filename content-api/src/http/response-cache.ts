// In-process cache for public reads, with ETag / If-None-Match revalidation.
// Every successful write clears it (plugins/cache-invalidation.ts); with REDIS_URL set, writes on
// other instances clear it too (cache-sync.ts). Entries also expire after a TTL, which bounds how
// long an instance can serve stale data when it cannot hear about other instances' writes.
// A hit costs no serialisation, encoding or compression: the body is kept as the bytes to send,
// with its compressed forms (ADR 032).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  COMPRESSION_THRESHOLD,
  CompressedForms,
  chooseContentCoding,
  varyOnAcceptEncoding,
} from './content-coding.js';

export interface RenderedResponse {
  body: string;
  contentType: string;
  /** Headers that are part of the answer (e.g. X-Total-Count): kept, sent and in the ETag. */
  headers?: Readonly<Record<string, string>>;
}

export interface CachedResponse {
  /** UTF-8 bytes, encoded once when rendered. */
  body: Buffer;
  /** `body` compressed, made once per coding when first asked for. */
  compressed: CompressedForms;
  contentType: string;
  etag: string;
  /** Headers that are part of the answer, sent with it (and with a 304). */
  headers?: Readonly<Record<string, string>>;
}

interface Entry extends CachedResponse {
  expiresAt: number;
}

export interface ResponseCacheOptions {
  maxEntries?: number;
  /** Bound on the stored bodies' total size (compressed forms come on top, smaller). */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** What listeners hear after every invalidation (see ResponseCache.onInvalidate). */
export interface CacheState {
  /** Changes on every invalidation: content may differ from what was read before. */
  generation: number;
  /** False while invalidations from other instances could be missed (nothing is cached). */
  active: boolean;
}

export function computeEtag(body: string | Buffer): string {
  // Weak: the same representation may be sent compressed or not.
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The ETag of a body and the headers that are part of its answer: the same body with another
 * X-Total-Count is another representation, so a client's copy is not taken for it.
 */
function answerEtag(body: Buffer, headers: Readonly<Record<string, string>> | undefined): string {
  if (!headers || Object.keys(headers).length === 0) return computeEtag(body);
  return computeEtag(Buffer.concat([body, Buffer.from(`\n${canonical(headers)}`)]));
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
  private readonly maxBytes: number;
  private storedBytes = 0;
  /** How long an entry is served: the bound on staleness when other instances' writes go unheard. */
  readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped on invalidation so a render that raced with a write is not stored. */
  private generation = 0;
  /** False while invalidations from other instances could be missed: nothing is stored. */
  private active = true;
  /** Renders under way, shared by the requests that missed meanwhile (same generation only). */
  private readonly rendering = new Map<
    string,
    { generation: number; response: Promise<CachedResponse> }
  >();
  private readonly listeners = new Set<(state: CacheState) => void>();

  constructor(options: ResponseCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Total size of the stored bodies. */
  get bytes(): number {
    return this.storedBytes;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.storedBytes = 0;
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }

  get state(): CacheState {
    return { generation: this.generation, active: this.active };
  }

  /**
   * Calls `listener` after every invalidation, i.e. whenever public content may have changed
   * (a write here or, through Redis, on another instance) or the cache stops or starts serving.
   * Returns the function that stops the calls.
   */
  onInvalidate(listener: (state: CacheState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.storedBytes -= entry.body.length;
  }

  /** Stop serving and storing entries, e.g. while the invalidation channel is down. */
  suspend(): void {
    this.active = false;
    this.invalidate();
  }

  /** Serve and store again, starting empty: invalidations may have been missed meanwhile. */
  resume(): void {
    this.active = true;
    this.invalidate();
  }

  get isActive(): boolean {
    return this.active;
  }

  /** The fresh entry for `key`, if any, found synchronously. */
  lookup(key: string): CachedResponse | undefined {
    const hit = this.active ? this.entries.get(key) : undefined;
    if (!hit || hit.expiresAt <= this.now()) return undefined;
    // Re-insert so Map order doubles as least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * The cached response for `key`, or `render()`'s. Concurrent misses on one key share a single
   * render (unless a write came in between), so an expired entry under load costs one database
   * query, not one per request. While suspended, every request renders for itself.
   */
  getOrRender(key: string, render: () => Promise<RenderedResponse>): Promise<CachedResponse> {
    if (!this.active) return this.renderAndStore(key, render, this.generation);
    const hit = this.lookup(key);
    if (hit) return Promise.resolve(hit);
    const pending = this.rendering.get(key);
    if (pending?.generation === this.generation) return pending.response;
    const generation = this.generation;
    const response = this.renderAndStore(key, render, generation).finally(() => {
      if (this.rendering.get(key)?.response === response) this.rendering.delete(key);
    });
    this.rendering.set(key, { generation, response });
    return response;
  }

  private async renderAndStore(
    key: string,
    render: () => Promise<RenderedResponse>,
    generation: number,
  ): Promise<CachedResponse> {
    const rendered = await render();
    const body = Buffer.from(rendered.body);
    const entry: Entry = {
      body,
      compressed: new CompressedForms(body),
      contentType: rendered.contentType,
      etag: answerEtag(body, rendered.headers),
      ...(rendered.headers && { headers: rendered.headers }),
      expiresAt: this.now() + this.ttlMs,
    };
    // A body larger than the whole budget is served but never kept.
    if (this.active && generation === this.generation && body.length <= this.maxBytes) {
      this.remove(key);
      this.entries.set(key, entry);
      this.storedBytes += body.length;
      while (this.entries.size > this.maxEntries || this.storedBytes > this.maxBytes) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.remove(oldest);
      }
    }
    return entry;
  }
}

/**
 * Sends a cached representation, compressed as the client prefers, or 304 when the client
 * already has it. Returns a promise only while the compressed form is being made.
 */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
): Promise<FastifyReply> | undefined {
  reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(cached.headers ?? {})) reply.header(name, value);
  if (cached.body.length >= COMPRESSION_THRESHOLD) varyOnAcceptEncoding(reply);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) {
    reply.code(304).send();
    return undefined;
  }
  reply.type(cached.contentType);
  const coding = chooseContentCoding(request.headers['accept-encoding'], cached.body.length);
  if (!coding) {
    reply.send(cached.body);
    return undefined;
  }
  // With Content-Encoding set, @fastify/compress leaves the body alone.
  reply.header('Content-Encoding', coding);
  const body = cached.compressed.get(coding);
  if (Buffer.isBuffer(body)) {
    reply.send(body);
    return undefined;
  }
  return body.then((compressed) => reply.send(compressed));
}

/**
 * Answers from the cache entry `key`, rendering it on a miss. A hit whose body (or compressed
 * form) is ready is answered synchronously, with no promise, serialisation or compression, and
 * returns nothing, so Fastify does not wait on the reply as a thenable either.
 */
export function replyFromCache(
  cache: ResponseCache,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  render: () => Promise<RenderedResponse>,
): Promise<FastifyReply> | undefined {
  const hit = cache.lookup(key);
  if (hit) return sendCached(request, reply, hit);
  return cache
    .getOrRender(key, render)
    .then((cached) => sendCached(request, reply, cached) ?? reply);
}

/** `{ b: 1, a: "x" }` → `[["a","x"],["b",1]]`: the same values give the same text. */
function canonical(values: unknown): string {
  if (!values || typeof values !== 'object') return '';
  return JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A JSON answer with headers that belong to it (X-Total-Count): see `jsonWithHeaders()`. */
export class JsonWithHeaders {
  constructor(
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

/** What a `load()` returns when its answer carries headers of its own (kept with it). */
export function jsonWithHeaders(
  body: unknown,
  headers: Readonly<Record<string, string>>,
): JsonWithHeaders {
  return new JsonWithHeaders(body, headers);
}

/**
 * Serves `load()` as JSON through the cache: serialised with the route's response schema,
 * keyed by the route and its validated parameters and query (`?limit=05` and `?limit=5` share
 * an entry; unknown parameters never get this far), or by `key` when the route knows better.
 */
export function replyWithCachedJson(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
  key = `${canonical(request.params)} ${canonical(request.query)}`,
): Promise<void> | undefined {
  // The promise resolves with the sent reply, as Fastify expects of a handler that sent its
  // answer; typed as void because a route's types (docs/decisions/052) only accept its body.
  return replyFromCache(
    cache,
    `json ${request.routeOptions.url ?? ''} ${key}`,
    request,
    reply,
    async () => {
      const loaded = await load();
      const answer = loaded instanceof JsonWithHeaders ? loaded : undefined;
      return {
        // The route's JSON serializer always yields a string.
        body: reply.serialize(answer ? answer.body : loaded) as string,
        contentType: 'application/json; charset=utf-8',
        ...(answer && { headers: answer.headers }),
      };
    },
  ) as unknown as Promise<void> | undefined;
}
