// The security headers of every answer, and the Content-Security-Policy of each: a page's names
// the nonce of its response; everything else gets the static policy (docs/decisions/008, 035).
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@portfolio/contract';
import {
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  reportingEndpoints,
} from '@portfolio/platform/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The policy of a page sent with this nonce. */
    pagePolicy(nonce: string): string;
    /** The Reporting-Endpoints header that goes with a page's policy. */
    readonly reportingEndpoints: string;
  }
}

export interface SecurityHeadersOptions {
  config: RuntimeConfig;
  /** Development: the remotes' dev servers may push hot updates (their WebSockets). */
  hotReload: boolean;
}

const NONCE_SLOT = 'nonce-slot';

export default fp<SecurityHeadersOptions>(
  async (app, { config, hotReload }) => {
    // The policies are the same for every response but for a page's nonce: made once.
    const staticPolicy = contentSecurityPolicy(config, { hotReload });
    const [before = '', after = ''] = contentSecurityPolicy(config, {
      nonce: NONCE_SLOT,
      hotReload,
    }).split(NONCE_SLOT);
    const headers = Object.entries(STATIC_SECURITY_HEADERS);
    app.decorate('pagePolicy', (nonce: string) => `${before}${nonce}${after}`);
    app.decorate('reportingEndpoints', reportingEndpoints(config));
    app.addHook('onSend', async (_request, reply) => {
      for (const [name, value] of headers) reply.header(name, value);
      if (!reply.hasHeader('Content-Security-Policy')) {
        reply.header('Content-Security-Policy', staticPolicy);
      }
    });
  },
  { name: 'site-security-headers', fastify: '5.x' },
);
