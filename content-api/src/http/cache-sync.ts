// Cross-instance invalidation of the response cache through Redis pub/sub (ADR 023).
// A write publishes on the channel; every other instance clears its cache when it hears it.
// A message can only be missed while the subscriber is not subscribed, so the cache is
// suspended (bypassed) from the moment the subscription drops until it is confirmed again, and
// it restarts empty.
import { randomUUID } from 'node:crypto';
import type { RedisConnections } from '../lib/redis.js';
import type { ResponseCache } from './response-cache.js';

export interface CacheSync {
  /** Tells the other instances that public content changed. Never throws. */
  publishInvalidation(): void;
  /** Stops listening (the connections stay open: they belong to the caller). */
  stop(): void;
}

export function invalidationChannel(keyPrefix: string): string {
  return `${keyPrefix}cache-invalidation`;
}

export function syncCacheThroughRedis(
  cache: ResponseCache,
  redis: RedisConnections,
  warn: (message: string) => void,
): CacheSync {
  const channel = invalidationChannel(redis.keyPrefix);
  // Our own messages are skipped: the write already cleared this instance's cache.
  const instanceId = randomUUID();
  const { subscriber, commands } = redis;

  cache.suspend();
  const onMessage = (from: string, message: string) => {
    if (from === channel && message !== instanceId) cache.invalidate();
  };
  const subscribe = () => {
    subscriber.subscribe(channel).then(
      () => cache.resume(),
      (error: Error) => warn(`Redis: could not subscribe to ${channel}: ${error.message}`),
    );
  };
  const suspend = () => cache.suspend();
  const DOWN_EVENTS = ['close', 'reconnecting', 'end'];
  subscriber.on('message', onMessage);
  subscriber.on('ready', subscribe);
  for (const event of DOWN_EVENTS) subscriber.on(event, suspend);
  if (subscriber.status === 'ready') subscribe();

  return {
    publishInvalidation() {
      commands.publish(channel, instanceId).catch((error: Error) => {
        warn(`Redis: could not publish a cache invalidation: ${error.message}`);
      });
    },
    stop() {
      subscriber.off('message', onMessage);
      subscriber.off('ready', subscribe);
      for (const event of DOWN_EVENTS) subscriber.off(event, suspend);
      subscriber.unsubscribe(channel).catch(() => {});
    },
  };
}
