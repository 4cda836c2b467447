// The response cache of public reads (http/response-cache.ts, docs/decisions/013): made once,
// for the routes and for everything that empties it.
import type { ResponseCacheOptions } from '../http/response-cache.js';
import { ResponseCache } from '../http/response-cache.js';
import { apiPlugin } from './api-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly responseCache: ResponseCache;
  }
}

export interface ResponseCachePluginOptions {
  cache?: ResponseCacheOptions;
}

export default apiPlugin<ResponseCachePluginOptions>(
  async (app, { cache }) => {
    app.decorate('responseCache', new ResponseCache(cache));
  },
  { name: 'api-response-cache' },
);
