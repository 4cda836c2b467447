// Answer only for the host names the API is published under. A browser sends the name it
// resolved in `Host`: a hostile page whose own DNS name points at this machine (DNS rebinding)
// or at a LAN address is refused, instead of being treated as the site's API.
import { hostAllowed } from '@portfolio/contract/hosts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer whatever the Host header says (the health check, probed by address). */
    anyHost?: boolean;
  }
}

export const UNKNOWN_HOST_MESSAGE = 'This API does not answer for that host name.';

export function registerPublicHosts(app: FastifyInstance, allowed: readonly string[]): void {
  const hosts = allowed.map((entry) => entry.trim().toLowerCase());
  // First onRequest hook: nothing else (CORS, auth, body parsing) runs for a foreign host.
  app.addHook('onRequest', (request, _reply, done) => {
    // request.host honours TRUST_PROXY (X-Forwarded-Host behind a trusted proxy).
    const allowed =
      request.routeOptions.config?.anyHost === true || hostAllowed(request.host, hosts);
    done(allowed ? undefined : new HttpError(400, UNKNOWN_HOST_MESSAGE));
  });
}
