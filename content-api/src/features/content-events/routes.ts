// GET /content-events: a server-sent event each time public content may have changed, so the
// site's server can drop the pages it rendered from older content (docs/decisions/039).
//
//   event: content
//   data: {"generation":7,"active":true}
//
// One event on connecting and one after every invalidation of the API's response cache: a
// write on this instance or, through Redis, on another (ADR 023). `active: false` says the API
// itself cannot hear other instances' writes right now, so nothing derived from its answers
// should be kept. A comment line every 25 s keeps idle proxies from closing the stream.
//
// Streams are capped, per client and in all (issue 23, finding 8; docs/decisions/083): one client
// cannot hold them all. The site's own servers, whose caches switch off without a stream, send a
// key only they hold (CONTENT_EVENTS_KEY, the `Content-Events-Key` header) and have streams of
// their own that the public never competes for.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../route-context.js';
import { clientKey } from '../../http/client-identity.js';
import type { CacheState } from '../../http/response-cache.js';
import { HttpError } from '../../http/errors.js';
import { setSecurityHeaders } from '../../http/security-headers.js';

export const CONTENT_EVENTS_MESSAGES = {
  tooMany: 'Too many open content event streams. Please try again later.',
  tooManyFromClient:
    'Too many open content event streams from this client. Close one and try again.',
  badKey: 'Invalid content events key.',
} as const;

/** The header the site's servers send their key in. */
export const CONTENT_EVENTS_KEY_HEADER = 'content-events-key';
/** Public streams open at once, from all clients; more are refused with 429. */
export const DEFAULT_MAX_CONTENT_EVENT_STREAMS = 64;
/** Public streams one client (an IPv4 address, an IPv6 /64) may hold at once. */
export const DEFAULT_MAX_CONTENT_EVENT_STREAMS_PER_CLIENT = 4;
/** Streams with the site's key: one per site server process, never counted with the public. */
export const MAX_SITE_CONTENT_EVENT_STREAMS = 64;
export const KEEP_ALIVE_MS = 25_000;

export interface ContentEventsOptions extends RouteContext {
  maxStreams?: number;
  maxStreamsPerClient?: number;
  /** CONTENT_EVENTS_KEY: unset, every stream is public. */
  siteKey?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const contentEventRoutes: FastifyPluginAsync<ContentEventsOptions> = async (
  app,
  {
    cache,
    maxStreams = DEFAULT_MAX_CONTENT_EVENT_STREAMS,
    maxStreamsPerClient = DEFAULT_MAX_CONTENT_EVENT_STREAMS_PER_CLIENT,
    siteKey,
  },
) => {
  const open = new Set<() => void>();
  /** Public streams, and how many each client holds. */
  let publicStreams = 0;
  const perClient = new Map<string, number>();
  let siteStreams = 0;
  const siteKeyDigest = siteKey === undefined ? undefined : digest(siteKey);
  // Streams never end on their own: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  /** Whether the request carries the site's key; a wrong or unexpected key is refused. */
  function fromTheSite(request: FastifyRequest): boolean {
    const key = request.headers[CONTENT_EVENTS_KEY_HEADER];
    if (key === undefined) return false;
    if (siteKeyDigest === undefined || typeof key !== 'string') {
      throw new HttpError(401, CONTENT_EVENTS_MESSAGES.badKey);
    }
    if (!timingSafeEqual(digest(key), siteKeyDigest)) {
      throw new HttpError(401, CONTENT_EVENTS_MESSAGES.badKey);
    }
    return true;
  }

  /** Counts the stream in, or refuses it; returns what to call when it ends. */
  function admit(request: FastifyRequest): () => void {
    if (fromTheSite(request)) {
      if (siteStreams >= MAX_SITE_CONTENT_EVENT_STREAMS) {
        throw new HttpError(429, CONTENT_EVENTS_MESSAGES.tooMany);
      }
      siteStreams += 1;
      return () => (siteStreams -= 1);
    }
    // Its address as TRUST_PROXY allows, an IPv6 /64 (http/client-identity.ts).
    const client = clientKey(request);
    const held = perClient.get(client) ?? 0;
    if (held >= maxStreamsPerClient) {
      throw new HttpError(429, CONTENT_EVENTS_MESSAGES.tooManyFromClient);
    }
    if (publicStreams >= maxStreams) throw new HttpError(429, CONTENT_EVENTS_MESSAGES.tooMany);
    publicStreams += 1;
    perClient.set(client, held + 1);
    return () => {
      publicStreams -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    };
  }

  app.get('/content-events', (request, reply) => {
    const release = admit(request);
    // The response is written by hand (a stream that must not be buffered or compressed), so
    // Fastify's onSend hooks do not run: the security headers are set here.
    setSecurityHeaders(request, reply);
    reply.hijack();
    const response = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) response.setHeader(name, value);
    }
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    const send = (state: CacheState) =>
      response.write(`event: content\ndata: ${JSON.stringify(state)}\n\n`);
    send(cache.state);
    const stopListening = cache.onInvalidate(send);
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const end = () => {
      if (!open.delete(end)) return;
      release();
      stopListening();
      clearInterval(keepAlive);
      response.end();
    };
    open.add(end);
    // The connection closed (the client went away), or the stream was ended here.
    response.on('close', end);
  });
};

export default contentEventRoutes;
