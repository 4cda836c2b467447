// Fresh, isolated, migrated databases for tests: in-memory PGlite always, plus a throwaway
// database on the Postgres server in TEST_DATABASE_URL when that is set.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseHandle, DatabaseTarget } from '../db/connect.js';
import { openDatabase } from '../db/connect.js';

export type TestDriver = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every driver the suites should run against. */
export const testDrivers: TestDriver[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function newDatabaseName(): string {
  return `content_api_test_${randomBytes(6).toString('hex')}`;
}

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the test server; dropped again by the handle's close(). */
async function createPostgresDatabase(): Promise<DatabaseHandle> {
  const name = newDatabaseName();
  await adminQuery(`CREATE DATABASE ${name}`);
  const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function createTestDatabase(driver: TestDriver): Promise<DatabaseHandle> {
  return driver === 'pglite' ? openDatabase({ driver: 'pglite' }) : createPostgresDatabase();
}

/** Where a database lives, so a test can open it, close it and open it again. */
export async function createDatabaseLocation(
  driver: TestDriver,
): Promise<{ target: DatabaseTarget; remove(): Promise<void> }> {
  if (driver === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'content-api-test-'));
    return {
      target: { driver: 'pglite', dataDir: path.join(dir, 'nested', 'pglite') },
      remove: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
  const name = newDatabaseName();
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    target: { driver: 'postgres', url: databaseUrl(name) },
    remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
