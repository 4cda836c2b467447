// The Redis server in TEST_REDIS_URL (see scripts/with-services.sh), when set. Each caller gets
// its own key prefix, so test files running in parallel never share counters or channels.
import { randomBytes } from 'node:crypto';
import type { RedisConnections } from '../lib/redis.js';
import { connectRedis } from '../lib/redis.js';

export const testRedisUrl = process.env.TEST_REDIS_URL;

export function newKeyPrefix(): string {
  return `test-${randomBytes(4).toString('hex')}:`;
}

export function connectTestRedis(
  keyPrefix: string,
  instanceName: string,
): Promise<RedisConnections> {
  if (!testRedisUrl) throw new Error('TEST_REDIS_URL is not set');
  return connectRedis({ url: testRedisUrl, keyPrefix, instanceName, readyTimeoutMs: 5_000 });
}
