// GET /content-events: a server-sent event each time public content may have changed, so the
// site's server can drop the pages it rendered from older content (docs/decisions/039).
//
//   event: content
//   data: {"generation":7,"active":true}
//
// One event on connecting and one after every invalidation of the API's response cache: a
// write on this instance or, through Redis, on another (ADR 022). `active: false` says the API
// itself cannot hear other instances' writes right now, so nothing derived from its answers
// should be kept. A comment line every 25 s keeps idle proxies from closing the stream.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import type { CacheState } from '../../http/response-cache.js';
import { HttpError } from '../../http/errors.js';
import { setSecurityHeaders } from '../../http/security-headers.js';

export const CONTENT_EVENTS_MESSAGES = {
  tooMany: 'Too many open content event streams. Please try again later.',
} as const;

/** Streams open at once (a site server holds one; more are refused with 429). */
export const DEFAULT_MAX_CONTENT_EVENT_STREAMS = 64;
export const KEEP_ALIVE_MS = 25_000;

export interface ContentEventsOptions extends RouteContext {
  maxStreams?: number;
}

const contentEventRoutes: FastifyPluginAsync<ContentEventsOptions> = async (
  app,
  { cache, maxStreams = DEFAULT_MAX_CONTENT_EVENT_STREAMS },
) => {
  const open = new Set<() => void>();
  // Streams never end on their own: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/content-events', (request, reply) => {
    if (open.size >= maxStreams) throw new HttpError(429, CONTENT_EVENTS_MESSAGES.tooMany);
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
      stopListening();
      clearInterval(keepAlive);
      open.delete(end);
      response.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
};

export default contentEventRoutes;
