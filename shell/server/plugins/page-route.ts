// Every page of the site: rendered here (the shell's layout and the remote page that owns the
// route, with its data) and streamed into the one document (../document.ts), or sent from the
// render cache to a visitor without a session (docs/decisions/035, 039, 075). A page is a route
// (not the not-found handler), so the route hooks (compression) apply; the shell's files are
// more specific routes and win.
import path from 'node:path';
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nextNonce } from '../nonce';
import { NOT_FOUND_TEXT } from './errors';

export interface PageRouteOptions {
  /** The host name in the URL a render sees (the site's public host, never the request's). */
  publicHostname: string;
  /** The title of a page the server could not render. */
  fallbackTitle: string;
}

/** A page for one signed-in visitor is theirs alone. */
const pageCacheControl = (signedIn: boolean) => (signedIn ? 'private, no-store' : 'no-cache');
/** How long a redirect to a page's own spelling may be kept. */
const CANONICAL_REDIRECT_CACHE = 'public, max-age=3600';

interface SendPage {
  status: number;
  body: Buffer | Transform;
  nonce: string;
  signedIn: boolean;
  /**
   * Its Server-Timing, set last: set first, it cost a cache hit 5 µs more of CPU time, a tenth
   * of the hit's (docs/performance.md, "A cache hit without a copy").
   */
  timing: string;
}

export default fp<PageRouteOptions>(
  async (app, { publicHostname, fallbackTitle }) => {
    const { renderer, renderCache, siteDocument } = app;

    /** Sends a page with this response's nonce in its policy; every page depends on the cookie. */
    const sendPage = (reply: FastifyReply, page: SendPage) =>
      reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('Vary', 'Cookie')
        .header('Cache-Control', pageCacheControl(page.signedIn))
        .header('Content-Security-Policy', app.pagePolicy(page.nonce))
        .header('Reporting-Endpoints', app.reportingEndpoints)
        .header('Server-Timing', page.timing)
        .send(page.body);

    /** A page kept for visitors without a session; false when there is none to send. */
    const sendCached = (key: string, reply: FastifyReply, nonce: string) => {
      // The bytes are this response's until it is finished (render-cache.ts).
      const cached = renderCache?.lookup(key, nonce, reply.raw);
      if (!cached) return false;
      sendPage(reply, {
        status: cached.status,
        body: cached.body,
        nonce,
        signedIn: false,
        timing: 'cache;desc="hit"',
      });
      return true;
    };

    // A request without any cookie (no session) whose page is kept is answered at once,
    // without a promise.
    app.get('/*', (request, reply) => {
      // Joined, not resolved: `//blog` is a path here, never a host.
      const url = new URL(`http://${publicHostname}${request.url}`);
      if (path.extname(url.pathname) !== '') {
        return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND_TEXT);
      }
      const address = renderer.locate(url);
      if (address.kind === 'redirect') {
        return reply
          .header('Cache-Control', CANONICAL_REDIRECT_CACHE)
          .redirect(address.location, 301);
      }
      const key = address.kind === 'page' ? address.canonical : null;
      const nonce = nextNonce();
      if (key && !request.headers.cookie && sendCached(key, reply, nonce)) return reply;
      return renderPage(request, reply, { url, key, nonce });
    });

    async function renderPage(
      request: FastifyRequest,
      reply: FastifyReply,
      { url, key, nonce }: { url: URL; key: string | null; nonce: string },
    ) {
      reply.header('Vary', 'Cookie');
      const session = request.headers.cookie ? await app.sessionOf(request, reply) : null;
      // Only pages without a session are the same for everyone (undefined: not checked).
      if (session === null && key && request.headers.cookie && sendCached(key, reply, nonce)) {
        return reply;
      }
      const cacheKey = renderCache && session === null ? key : null;
      const signedIn = Boolean(session);
      const started = performance.now();
      const ticket = renderCache?.ticket();
      const controller = new AbortController();
      request.raw.on('close', () => controller.abort());

      let result;
      try {
        result = await renderer.render(new Request(url, { signal: controller.signal }), {
          nonce,
          session,
        });
      } catch (error) {
        // Never a 5xx for a page: the shell alone, and the browser draws the page as it did
        // before server rendering (with its loading, error and fallback states).
        request.log.error({ err: error }, 'Server render failed: the page is drawn in the browser');
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', pageCacheControl(signedIn))
          .header('Content-Security-Policy', app.pagePolicy(nonce))
          .send(siteDocument.fallback({ nonce, title: fallbackTitle }));
      }
      if (result.kind === 'redirect') {
        return reply
          .header('Cache-Control', pageCacheControl(signedIn))
          .redirect(result.location, result.status);
      }
      // Until the page's data and code were ready; the HTML then streams.
      const timing = `render;dur=${(performance.now() - started).toFixed(1)}`;
      // What is sent is also kept, when the page can be served again as it is.
      const keep: Buffer[] | null = cacheKey && result.cacheable ? [] : null;
      const body = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          keep?.push(chunk);
          done(null, chunk);
        },
      });
      sendPage(reply, { status: result.status, body, nonce, signedIn, timing });
      body.write(
        siteDocument.start({
          nonce,
          headTags: result.headTags,
          stylesheets: result.stylesheets,
          dataScript: result.siteDataScript,
        }),
      );
      let complete = false;
      try {
        complete = await result.pipe(body);
      } catch (error) {
        // The page's HTML broke off (the shell could not render): the browser draws it instead.
        request.log.error({ err: error }, 'Server render stream failed');
      }
      body.end(siteDocument.end);
      if (keep && complete && cacheKey && ticket !== undefined) {
        body.once('end', () =>
          renderCache?.store(cacheKey, ticket, result.status, Buffer.concat(keep), nonce),
        );
      }
      return reply;
    }
  },
  {
    name: 'site-page-route',
    fastify: '5.x',
    dependencies: [
      'site-renderer',
      'site-caches',
      'site-document',
      'site-security-headers',
      'site-session',
    ],
  },
);
