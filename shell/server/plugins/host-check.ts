// Only requests for this site: a request target in origin form (`/blog`), for one of the host
// names the site is published under. The pages' runtime config, policy and URLs are built from
// the configured host, never from a request (docs/security.md, "The pages").
import fp from 'fastify-plugin';
import { publicHostCheck } from '@portfolio/platform/runtime-config';
import type { HostCheckSettings } from '@portfolio/platform/runtime-config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a Host header names the site (the kept-page lane checks it as this hook does). */
    isPublicHost(host: string | undefined): boolean;
  }
}

export interface HostCheckOptions {
  /** PUBLIC_HOSTS, read with the server's other settings at start. */
  settings: HostCheckSettings;
}

export default fp<HostCheckOptions>(
  async (app, { settings }) => {
    const isPublicHost = publicHostCheck(settings);
    app.decorate('isPublicHost', isPublicHost);
    app.addHook('onRequest', async (request, reply) => {
      // An absolute-form target (`GET http://u:p@x/blog`) is for proxies: a 400, never a page.
      if (!request.url.startsWith('/')) {
        return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
      }
      if (!isPublicHost(request.headers.host)) {
        return reply.code(400).type('text/plain; charset=utf-8').send('Unknown host');
      }
    });
  },
  { name: 'site-host-check', fastify: '5.x' },
);
