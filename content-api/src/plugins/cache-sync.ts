// With REDIS_URL, the instances empty each other's response cache (http/cache-sync.ts,
// docs/decisions/023); `cacheSync` is null without it.
import type { CacheSync } from '../http/cache-sync.js';
import { syncCacheThroughRedis } from '../http/cache-sync.js';
import type { RedisConnections } from '../lib/redis.js';
import { apiPlugin } from './api-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the other instances of a write; null with one instance. */
    readonly cacheSync: CacheSync | null;
  }
}

export interface CacheSyncPluginOptions {
  /** The caller's connections: it closes them after the app. */
  redis?: RedisConnections;
}

export default apiPlugin<CacheSyncPluginOptions>(
  async (app, { redis }) => {
    const sync = redis
      ? syncCacheThroughRedis(app.responseCache, redis, (message) => app.log.warn(message))
      : null;
    if (sync) app.addHook('onClose', async () => sync.stop());
    app.decorate('cacheSync', sync);
  },
  { name: 'api-cache-sync', dependencies: ['api-response-cache'] },
);
