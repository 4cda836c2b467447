// The suites' test databases are copies of one migrated template (databases.ts): the template
// must outlive the suite that made it, or every suite pays for an initdb and the migrations.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { createTestDatabase, driversFor } from './databases.js';

it('keeps the PGlite template in the shared folder, not in the suite’s own', async () => {
  const shared = process.env.CONTENT_API_TEST_SHARED_DIR;
  expect(shared).toBeDefined();
  // The suite's own folder is removed after it (worker-temp-environment.cjs).
  expect(shared).not.toBe(os.tmpdir());
  const database = await createTestDatabase('pglite');
  await database.close();
  const templates = readdirSync(shared as string).filter((name) =>
    /^content-api-test-pglite-[0-9a-f]{16}\.tar$/.test(name),
  );
  expect(templates.length).toBeGreaterThan(0);
  expect(
    readdirSync(os.tmpdir()).filter((name) => name.startsWith('content-api-test-pglite')),
  ).toEqual([]);
});

describe('a PGlite copy a test has closed', () => {
  // Both drivers answer raw SQL with `{ rows }`; the shared Database type does not say so.
  const firstRow = async <Row>(db: Database, query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows[0];
  /** When the copy's Postgres started: the same for a copy given again, later for a new one. */
  const startedAt = async (db: Database) =>
    String(
      (await firstRow<{ started: string }>(db, sql`SELECT pg_postmaster_start_time() AS started`))
        ?.started,
    );
  const tableCount = async (db: Database) =>
    (
      await firstRow<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
      )
    )?.n;

  it('is the next test’s database, every table emptied and the session’s state gone', async () => {
    const first = await createTestDatabase('pglite');
    const started = await startedAt(first.db);
    const tables = await tableCount(first.db);
    await first.db.execute(sql`INSERT INTO profiles (uid, username) VALUES ('u1', 'ada')`);
    await first.db.execute(sql`SET application_name = 'a test of before'`);
    await first.close();

    const next = await createTestDatabase('pglite');
    try {
      expect(await startedAt(next.db)).toBe(started);
      expect(await firstRow(next.db, sql`SELECT * FROM profiles`)).toBeUndefined();
      const setting = await firstRow<{ name: string }>(
        next.db,
        sql`SELECT current_setting('application_name') AS name`,
      );
      expect(setting?.name).not.toBe('a test of before');
      expect(await tableCount(next.db)).toBe(tables);
    } finally {
      await next.close();
    }
  });

  it('refuses every query once closed, so nothing left running reaches the next test’s', async () => {
    const database = await createTestDatabase('pglite');
    await database.close();
    // Drizzle wraps a failed query's error: the driver's is its cause.
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toMatchObject({
      cause: new Error('This test database is closed'),
    });
    await expect(database.db.transaction(async () => {})).rejects.toThrow(
      'This test database is closed',
    );
  });

  it('is closed, not given again, when its test changed more than its rows', async () => {
    const changed = await createTestDatabase('pglite');
    const started = await startedAt(changed.db);
    const tables = await tableCount(changed.db);
    await changed.db.execute(sql`CREATE TABLE left_behind (id int)`);
    await changed.close();

    const next = await createTestDatabase('pglite');
    try {
      expect(await startedAt(next.db)).not.toBe(started);
      expect(await tableCount(next.db)).toBe(tables);
    } finally {
      await next.close();
    }
  });
});

describe('the drivers the suites run on', () => {
  const url = 'postgres://postgres@127.0.0.1:5540/postgres';

  it('is PGlite, and Postgres too when a server is given, unless TEST_DATABASE_DRIVERS says', () => {
    expect(driversFor(undefined, undefined)).toEqual(['pglite']);
    expect(driversFor('', url)).toEqual(['pglite', 'postgres']);
    expect(driversFor('postgres', url)).toEqual(['postgres']);
    expect(driversFor(' postgres , pglite,postgres', url)).toEqual(['postgres', 'pglite']);
  });

  it('refuses a driver it does not know, and Postgres with no server to copy databases on', () => {
    expect(() => driversFor('mysql', url)).toThrow('"mysql" is neither pglite nor postgres');
    expect(() => driversFor('postgres', undefined)).toThrow('TEST_DATABASE_URL is not set');
  });
});
