// The security headers of every answer, and the Content-Security-Policy of each: a signed-in
// visitor's page names the nonce of its response, a page for everyone else the hashes of its
// inline scripts; everything else gets the static policy (docs/decisions/008, 035, 100).
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@portfolio/contract';
import {
  OPENER_POLICY_HEADER,
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  reportingEndpoints,
} from '@portfolio/platform/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The policy of a page sent with this nonce (a signed-in visitor's). */
    pagePolicy(nonce: string): string;
    /** The policy of a page whose inline scripts are these (base64 SHA-256 each). */
    sharedPagePolicy(scriptHashes: readonly string[]): string;
    /** The Reporting-Endpoints header that goes with a page's policy. */
    readonly reportingEndpoints: string;
    /** Sets the headers every answer carries (an answer made outside the hooks needs it). */
    applySecurityHeaders(reply: FastifyReply): void;
  }
}

export interface SecurityHeadersOptions {
  config: RuntimeConfig;
  /** Development: the remotes' dev servers (these origins) push hot updates (WebSockets). */
  hotReloadOrigins: readonly string[];
}

const NONCE_SLOT = 'nonce-slot';

export default fp<SecurityHeadersOptions>(
  async (app, { config, hotReloadOrigins }) => {
    // The policies are the same for every response but for a page's nonce: made once.
    const staticPolicy = contentSecurityPolicy(config, { hotReloadOrigins });
    const [before = '', after = ''] = contentSecurityPolicy(config, {
      nonce: NONCE_SLOT,
      hotReloadOrigins,
    }).split(NONCE_SLOT);
    const headers = Object.entries(STATIC_SECURITY_HEADERS);
    app.decorate('pagePolicy', (nonce: string) => `${before}${nonce}${after}`);
    // Made once per page version (the render cache keeps it with the page).
    app.decorate('sharedPagePolicy', (scriptHashes: readonly string[]) =>
      contentSecurityPolicy(config, { scriptHashes, hotReloadOrigins }),
    );
    app.decorate('reportingEndpoints', reportingEndpoints(config));
    const apply = (reply: FastifyReply) => {
      for (const [name, value] of headers) {
        // A page of islands for everyone brings its own opener policy (docs/decisions/177).
        if (name === OPENER_POLICY_HEADER && reply.hasHeader(name)) continue;
        reply.header(name, value);
      }
      if (!reply.hasHeader('Content-Security-Policy')) {
        reply.header('Content-Security-Policy', staticPolicy);
      }
    };
    app.decorate('applySecurityHeaders', apply);
    app.addHook('onSend', async (_request, reply) => apply(reply));
  },
  { name: 'site-security-headers', fastify: '5.x' },
);
