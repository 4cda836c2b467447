// Headers on every answer of the API (docs/security.md). JSON and XML are data, never documents
// to render: no scripts, no frames, no sniffing. Images are embedded by the site, which runs on
// another origin, so they alone may be loaded cross-origin without CORS.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** For JSON, XML and every error: nothing may load, run or frame it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves images that other origins embed with <img> (no CORS request). */
    embeddable?: boolean;
  }
}

export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.removeHeader('X-Powered-By');
  // Router errors (a malformed URL) come before any route was chosen.
  const embeddable = request.routeOptions?.config?.embeddable === true;
  reply.header('Cross-Origin-Resource-Policy', embeddable ? 'cross-origin' : 'same-origin');
  // Images keep their own policy (SVG sets one; raster formats run nothing).
  const contentType = String(reply.getHeader('Content-Type') ?? '');
  if (!reply.hasHeader('Content-Security-Policy') && !contentType.startsWith('image/')) {
    reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  }
  // Behind a TLS-terminating proxy this needs TRUST_PROXY, so X-Forwarded-Proto is believed.
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
}

/** Every answer, errors included, passes through onSend. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs.
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}
