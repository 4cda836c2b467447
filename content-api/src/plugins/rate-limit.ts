// Rate limits, for the routes that ask for one (`config.rateLimit`: contact messages, CSP
// reports), counted per client; across instances in Redis when REDIS_URL is set.
import rateLimit from '@fastify/rate-limit';
import { clientKey } from '../http/client-identity.js';
import type { RedisConnections } from '../lib/redis.js';
import { apiPlugin } from './api-plugin.js';

export interface RateLimitPluginOptions {
  redis?: RedisConnections;
}

export default apiPlugin<RateLimitPluginOptions>(
  async (app, { redis }) => {
    await app.register(rateLimit, {
      global: false,
      // One client, one bucket: the same rule as every per-client limit (http/client-identity.ts).
      keyGenerator: clientKey,
      ...(redis && {
        redis: redis.commands,
        nameSpace: `${redis.keyPrefix}rate-limit:`,
        // Redis unreachable: let requests through rather than refuse every contact message.
        skipOnError: true,
      }),
    });
  },
  { name: 'api-rate-limit' },
);
