// The database refusing writes, for real (docs/decisions/111): PGlite's and PostgreSQL's own
// read-only mode (`default_transaction_read_only`), turned on under the running API. A write then
// answers 503 with a message that the store is unavailable (never a 500), nothing is stored,
// reads still work, GET /api/health says "degraded" and why; once the database takes writes
// again, so does the API.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { STORE_FAILURE_TEXT, STORE_UNAVAILABLE_MESSAGE } from '../db/store-errors.js';
import { StoreHealth } from '../db/store-health.js';
import { testDrivers } from '../testing/databases.js';
import type { TestDriver } from '../testing/databases.js';
import { adminHeaders } from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';

/** How long the API remembers a refused write (short here, 30 s by default). */
const REFUSAL_MEMORY_MS = 300;

const article = { title: 'Written while the store refuses writes', content: 'Body.' };

/**
 * Turns the database's read-only mode on or off. PGlite has one session, the API's: set there.
 * PostgreSQL: for the database, and its sessions ended so that the pool's next ones take it (as
 * an operator would, from another connection).
 */
async function setReadOnly(driver: TestDriver, t: TestApp, on: boolean): Promise<void> {
  if (driver === 'pglite') {
    await t.database.db.execute(
      sql.raw(`set default_transaction_read_only = ${on ? 'on' : 'off'}`),
    );
    return;
  }
  const result = await t.database.db.execute<{ name: string }>(
    sql`select current_database() as name`,
  );
  const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      `alter database ${name} ${on ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`,
    );
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  } finally {
    await admin.end();
  }
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDrivers)('the store refusing writes (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { storeHealth: { refusalMemoryMs: REFUSAL_MEMORY_MS } });
  });
  afterAll(async () => {
    await setReadOnly(driver, t, false).catch(() => undefined);
    await t.close();
  });

  const write = () =>
    t.app.inject({ method: 'POST', url: '/api/articles', headers: adminHeaders, payload: article });
  const titles = async () =>
    (await t.app.inject('/api/articles')).json<{ title: string }[]>().map((item) => item.title);

  it('answers 503 with the store unavailable, keeps reads, says degraded, and recovers', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const before = await titles();

    await setReadOnly(driver, t, true);
    // The pool's sessions end (PostgreSQL): the health check sees the new ones read-only.
    await eventually(async () => (await t.app.inject('/api/health')).json().status === 'degraded');
    expect((await t.app.inject('/api/health')).json()).toEqual({
      status: 'degraded',
      writes: 'refused',
      reason: STORE_FAILURE_TEXT['read-only'],
    });

    const refused = await write();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: STORE_UNAVAILABLE_MESSAGE });
    expect(refused.headers['retry-after']).toBe('30');
    // Reads still work, and nothing was stored.
    expect(await titles()).toEqual(before);

    await setReadOnly(driver, t, false);
    await eventually(async () => (await t.app.inject('/api/health')).json().status === 'ok');
    // A refused write stored nothing, so trying until one goes through stores one article.
    await eventually(async () => (await write()).statusCode === 201);
    expect((await titles()).filter((title) => title === article.title)).toHaveLength(1);
  });
});

describe('StoreHealth', () => {
  it('remembers a refused request for a while, though the database says nothing', async () => {
    // A full disk takes small writes into pages it already has and says nothing until a write
    // needs more: the refusal a request met is what health goes by, for refusalMemoryMs.
    const t = await createTestApp('pglite', { seed: false });
    let now = 1_000_000;
    const store = new StoreHealth(t.database.db, { refusalMemoryMs: 30_000, now: () => now });
    try {
      expect(await store.check()).toEqual({ reads: 'ok', writes: 'ok' });
      store.refused({ kind: 'full', detail: 'ENOSPC from the file system' });
      expect(await store.check()).toEqual({
        reads: 'ok',
        writes: 'refused',
        reason: STORE_FAILURE_TEXT.full,
      });
      now += 30_001;
      expect(await store.check()).toEqual({ reads: 'ok', writes: 'ok' });
    } finally {
      await t.close();
    }
  });
});
