// The Redis connections of one API instance when REDIS_URL is set (ADR 022): one for commands
// (rate-limit counters, publishing cache invalidations) and one subscribed to invalidations.
// Redis is shared state, not a dependency the API must have: while it is unreachable, commands
// fail at once instead of queueing, the rate limiter lets requests through and the response
// cache is bypassed, and the clients keep reconnecting.
import os from 'node:os';
import { Redis } from 'ioredis';

export interface RedisConnections {
  commands: Redis;
  subscriber: Redis;
  /** Prefix of every key and channel this instance uses, e.g. `content-api:`. */
  keyPrefix: string;
  close(): Promise<void>;
}

export interface ConnectRedisOptions {
  url: string;
  keyPrefix?: string;
  /** Names this instance's connections in CLIENT LIST; defaults to host and pid. */
  instanceName?: string;
  /** How long to wait for the first connection before going on without it. */
  readyTimeoutMs?: number;
  /** Receives connection problems (at most one line per state change). */
  warn?: (message: string) => void;
}

function waitUntilReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', onReady);
  });
}

export async function connectRedis(options: ConnectRedisOptions): Promise<RedisConnections> {
  const keyPrefix = options.keyPrefix ?? 'content-api:';
  const warn = options.warn ?? (() => {});
  const instanceName = options.instanceName ?? `${os.hostname()}-${process.pid}`;
  const create = (role: string) => {
    const client = new Redis(options.url, {
      // Letters, digits and a few signs only: Redis refuses spaces in connection names.
      connectionName: `${keyPrefix}${role}:${instanceName}`.replace(/[^\w:.-]/g, '-'),
      // Fail fast while disconnected: a request must not wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // The cache subscribes itself once it is ready (see cache-sync.ts).
      autoResubscribe: false,
    });
    let lastProblem = '';
    client.on('error', (error: Error) => {
      if (error.message !== lastProblem) warn(`Redis (${role}): ${error.message}`);
      lastProblem = error.message;
    });
    client.on('ready', () => {
      if (lastProblem) warn(`Redis (${role}): connected again`);
      lastProblem = '';
    });
    return client;
  };
  const commands = create('commands');
  const subscriber = create('subscriber');
  const readyTimeoutMs = options.readyTimeoutMs ?? 5_000;
  const ready = await Promise.all([
    waitUntilReady(commands, readyTimeoutMs),
    waitUntilReady(subscriber, readyTimeoutMs),
  ]);
  if (!ready.every(Boolean)) {
    warn(`Redis not reachable after ${readyTimeoutMs} ms; going on without it and reconnecting`);
  }
  return {
    commands,
    subscriber,
    keyPrefix,
    async close() {
      await Promise.all(
        [commands, subscriber].map((client) =>
          client.status === 'end' ? undefined : client.quit().catch(() => client.disconnect()),
        ),
      );
    },
  };
}
