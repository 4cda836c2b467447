// Opens the database for either driver and applies the migrations in content-api/drizzle.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { lockDataDir } from './data-dir-lock.js';

/** The Drizzle API both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  /** Embedded PGlite; `dataDir` undefined keeps the data in memory (tests). */
  { driver: 'pglite'; dataDir?: string } | { driver: 'postgres'; url: string };

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseTarget['driver'];
  close(): Promise<void>;
}

/** Any number above is fine as long as every instance uses the same one. */
const MIGRATION_LOCK_ID = 4_000_001;

/**
 * Bytes in and out of PGlite at native speed (docs/decisions/123). Its own bytea serializer and
 * parser go byte by byte in JavaScript: storing a 20 MiB photo took 15 s on the test machine,
 * reading it 6 s; with these, under a second each. A Buffer the serializer passes through is
 * sent as a binary parameter; a result's text form (`\x` and hex) is decoded by Buffer.
 */
const PGLITE_BYTEA = {
  // Typed as the text PGlite expects of a serializer; a byte array is sent as binary.
  serializers: { [types.BYTEA]: (value: unknown) => value as string },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    release = lockDataDir(dataDir);
  }
  try {
    const client = new PGlite({ dataDir, ...PGLITE_BYTEA });
    await client.waitReady;
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      driver: 'pglite',
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    // Several instances may start together: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: drizzlePostgres({ client: pool }), driver: 'postgres', close: () => pool.end() };
}

export function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.driver === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}
