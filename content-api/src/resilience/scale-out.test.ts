// Several stateless instances: two apps over one Postgres and one Redis, as in production.
// A write on one is seen by the other within a second (not the cache TTL), the contact rate
// limit is counted across both, an Idempotency-Key holds across both, and an instance whose
// Redis subscription dropped never serves what it may have missed. Without Redis (down or
// unreachable) an instance still answers: no cache, rate limit not enforced.
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/connect.js';
import { openDatabase } from '../db/connect.js';
import { loadSeedContent, seedDatabase } from '../db/seed.js';
import type { RedisConnections } from '../lib/redis.js';
import { connectRedis } from '../lib/redis.js';
import { createDatabaseLocation, createTestDatabase } from '../testing/databases.js';
import { adminHeaders, fakeVerifyIdToken } from '../testing/fake-auth.js';
import { connectTestRedis, newKeyPrefix, testRedisUrl } from '../testing/redis.js';
import { within } from '../testing/within.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
const SKIP_REASON =
  'skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL ' +
  '(run: bash content-api/scripts/with-services.sh npx jest --selectProjects api)';

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  redis: RedisConnections;
  close(): Promise<void>;
}

const contact = (message: string) => ({ name: 'Ada', email: 'ada@example.com', message });

if (postgresUrl === undefined || testRedisUrl === undefined) {
  describe('scale-out: two instances, one Postgres, one Redis', () => {
    it.skip(SKIP_REASON, () => {});
  });
} else {
  describe('scale-out: two instances, one Postgres, one Redis', () => {
    const redisUrl = testRedisUrl as string; // set: checked above
    const keyPrefix = newKeyPrefix();
    let location: Awaited<ReturnType<typeof createDatabaseLocation>>;
    let a: Instance;
    let b: Instance;

    async function startInstance(name: string, contactRateLimit = 1000): Promise<Instance> {
      const database = await openDatabase(location.target);
      const redis = await connectTestRedis(keyPrefix, name);
      const app = await buildApp({
        db: database.db,
        verifyIdToken: fakeVerifyIdToken,
        redis,
        contactRateLimit,
      });
      return {
        app,
        database,
        redis,
        async close() {
          await app.close();
          await redis.close();
          await database.close();
        },
      };
    }

    beforeAll(async () => {
      location = await createDatabaseLocation('postgres');
      // Both start at once, as a rollout would: migrations take turns under the advisory lock.
      [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
      await seedDatabase(a.database.db, loadSeedContent());
      // Wait until both caches are subscribed, i.e. active.
      await within(5_000, async () => {
        const [first, second] = await Promise.all([
          b.app.inject('/api/projects'),
          b.app.inject('/api/projects'),
        ]);
        return first.headers.etag === second.headers.etag;
      });
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await location?.remove();
    });

    it('a write on A is served by B within a second: create, replace, delete', async () => {
      const titles = async () =>
        ((await b.app.inject('/api/articles')).json() as { title: string }[]).map((x) => x.title);
      // B caches the list (two identical answers).
      const cached = await b.app.inject('/api/articles');
      expect((await b.app.inject('/api/articles')).headers.etag).toBe(cached.headers.etag);

      const created = await a.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'Written on A', content: 'About scale-out.' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json()._id as string;
      expect(
        await within(1_000, async () => (await titles()).includes('Written on A')),
      ).toBeLessThan(1_000);
      // The old ETag no longer matches on B.
      const revalidated = await b.app.inject({
        url: '/api/articles',
        headers: { 'if-none-match': cached.headers.etag as string },
      });
      expect(revalidated.statusCode).toBe(200);

      await b.app.inject(`/api/articles/${id}`);
      await a.app.inject({
        method: 'PUT',
        url: `/api/articles/${id}`,
        headers: adminHeaders,
        payload: { title: 'Replaced on A', content: 'Still about scale-out.' },
      });
      await within(1_000, async () => {
        const detail = await b.app.inject(`/api/articles/${id}`);
        return detail.json().title === 'Replaced on A';
      });

      await a.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: adminHeaders });
      await within(
        1_000,
        async () => (await b.app.inject(`/api/articles/${id}`)).statusCode === 404,
      );
      await within(
        1_000,
        async () => !(await b.app.inject('/api/rss.xml')).body.includes('Replaced'),
      );
    });

    it('without Redis an instance would keep serving its stale copy (the contrast)', async () => {
      const isolated = await buildApp({ db: a.database.db, verifyIdToken: fakeVerifyIdToken });
      try {
        const before = (await isolated.inject('/api/projects')).json().length as number;
        await a.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: adminHeaders,
          payload: { title: 'Only A knows', description: 'd', imagePath: '/images/tls.svg' },
        });
        await within(
          1_000,
          async () => (await b.app.inject('/api/projects')).json().length > before,
        );
        expect((await isolated.inject('/api/projects')).json()).toHaveLength(before);
      } finally {
        await isolated.close();
      }
    });

    it('counts the contact rate limit across instances', async () => {
      const prefix = keyPrefix.replace(/:$/, '-limit:');
      const connect = (name: string) =>
        connectRedis({ url: redisUrl, keyPrefix: prefix, instanceName: name });
      const [redisA, redisB] = await Promise.all([connect('la'), connect('lb')]);
      const appA = await buildApp({
        db: a.database.db,
        verifyIdToken: fakeVerifyIdToken,
        redis: redisA,
        contactRateLimit: 3,
      });
      const appB = await buildApp({
        db: b.database.db,
        verifyIdToken: fakeVerifyIdToken,
        redis: redisB,
        contactRateLimit: 3,
      });
      try {
        const send = (app: FastifyInstance, n: number, remoteAddress = '203.0.113.7') =>
          app.inject({
            method: 'POST',
            url: '/api/contact',
            payload: contact(`limit ${n}`),
            remoteAddress,
          });
        const statuses = [
          (await send(appA, 1)).statusCode,
          (await send(appB, 2)).statusCode,
          (await send(appA, 3)).statusCode,
          (await send(appB, 4)).statusCode,
          (await send(appA, 5)).statusCode,
        ];
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
        expect((await send(appB, 6, '203.0.113.8')).statusCode).toBe(201);
      } finally {
        await Promise.all([appA.close(), appB.close()]);
        await Promise.all([redisA.close(), redisB.close()]);
      }
    });

    it('an Idempotency-Key holds across instances, even for simultaneous retries', async () => {
      const count = async () =>
        ((await a.app.inject({ url: '/api/contact', headers: adminHeaders })).json() as unknown[])
          .length;
      const before = await count();
      const send = (instance: Instance, key: string) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: contact(`keyed ${key}`),
          headers: { 'idempotency-key': key },
        });
      expect((await send(a, 'cross-1')).statusCode).toBe(201);
      const retried = await send(b, 'cross-1');
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      const together = await Promise.all(
        Array.from({ length: 10 }, (_, i) => send(i % 2 ? a : b, 'cross-2')),
      );
      expect(together.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
      expect(await count()).toBe(before + 2);
    });

    it('an instance whose subscription dropped serves fresh data, then caches again', async () => {
      const { createProject, deleteProject } = await import('../features/projects/repository.js');
      const titlesOnB = async () =>
        ((await b.app.inject('/api/projects')).json() as { title: string }[]).map((p) => p.title);
      const admin = new Redis(redisUrl);
      try {
        const list = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
        const id = new RegExp(`id=(\\d+) [^\\n]*name=${keyPrefix}subscriber:b\\b`).exec(list)?.[1];
        expect(id).toBeDefined();
        await titlesOnB();
        await admin.call('CLIENT', 'KILL', 'ID', id as string);
        // Written while B cannot hear about it: B must not serve its old copy.
        const created = await a.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: adminHeaders,
          payload: {
            title: 'Written during the drop',
            description: 'd',
            imagePath: '/images/tls.svg',
          },
        });
        expect(created.statusCode).toBe(201);
        await within(3_000, async () => (await titlesOnB()).includes('Written during the drop'));

        // B resubscribes and caches again: a row written behind every instance's back stays
        // unseen on B until the next invalidation.
        let hidden: string | undefined;
        await within(5_000, async () => {
          const before = await titlesOnB();
          hidden = (
            await createProject(b.database.db, {
              title: `Behind the back ${Date.now()}`,
              description: 'd',
              imagePath: '/images/tls.svg',
            })
          )._id;
          if ((await titlesOnB()).length === before.length) return true;
          await deleteProject(b.database.db, hidden);
          return false;
        });

        // The next write on A reaches B by message again.
        await a.app.inject({
          method: 'DELETE',
          url: `/api/projects/${created.json()._id}`,
          headers: adminHeaders,
        });
        await within(1_000, async () => !(await titlesOnB()).includes('Written during the drop'));
        if (hidden) await deleteProject(b.database.db, hidden);
      } finally {
        admin.disconnect();
      }
    });
  });
}

describe('an instance whose Redis is unreachable', () => {
  let database: DatabaseHandle;
  let redis: RedisConnections;
  let app: FastifyInstance;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db, loadSeedContent());
    // Nothing listens on port 1.
    redis = await connectRedis({
      url: 'redis://127.0.0.1:1',
      readyTimeoutMs: 200,
      warn: (line) => warnings.push(line),
    });
    app = await buildApp({
      db: database.db,
      verifyIdToken: fakeVerifyIdToken,
      redis,
      contactRateLimit: 1,
    });
  });
  afterAll(async () => {
    await app.close();
    await redis.close();
    await database.close();
  });

  it('still answers reads and writes, fresh every time', async () => {
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    const before = (await app.inject('/api/projects')).json().length as number;
    const { createProject } = await import('../features/projects/repository.js');
    await createProject(database.db, {
      title: 'Behind the back',
      description: 'd',
      imagePath: '/images/tls.svg',
    });
    // No cache while invalidations cannot be heard: the write behind its back shows at once.
    expect((await app.inject('/api/projects')).json()).toHaveLength(before + 1);
  });

  it('lets contact messages through (the limiter fails open) and says why in the log', async () => {
    for (let n = 0; n < 3; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact(`no redis ${n}`),
      });
      expect(response.statusCode).toBe(201);
    }
    expect(warnings.join('\n')).toMatch(/Redis/);
  });
});
