// A successful write empties the response cache, here and (through Redis) on the other
// instances, unless its route says no public read shows what it changed.
import { apiPlugin } from './api-plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on writes that no public read shows (contact messages, profiles). */
    changesPublicContent?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default apiPlugin(
  async (app) => {
    const cache = app.responseCache;
    const sync = app.cacheSync;
    // A callback hook, not an async one: it runs on every answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        WRITE_METHODS.has(request.method) &&
        reply.statusCode < 400 &&
        request.routeOptions.config.changesPublicContent !== false
      ) {
        cache.invalidate();
        sync?.publishInvalidation();
      }
      done(null, payload);
    });
  },
  { name: 'api-cache-invalidation', dependencies: ['api-response-cache', 'api-cache-sync'] },
);
