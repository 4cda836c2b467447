// Opens the database for either driver and applies the migrations in content-api/drizzle.
import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { checkDataDir, explainDataDirFailure } from './data-dir-check.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { STORE_FAILURE_TEXT, storeFailureOf } from './store-errors.js';

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
 * Exported so that every PGlite the API's code talks to reads and writes bytes the same way.
 */
export const PGLITE_BYTEA = {
  // Typed as the text PGlite expects of a serializer; a byte array is sent as binary.
  serializers: { [types.BYTEA]: (value: unknown) => value as string },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  if (dataDir) {
    // A folder PGlite cannot use is said in words before PGlite's own errors (ADR 112).
    checkDataDir(dataDir);
    try {
      release = lockDataDir(dataDir);
    } catch (error) {
      throw error instanceof DataDirLockedError ? error : explainDataDirFailure(dataDir, error);
    }
  }
  let client: PGlite;
  try {
    client = new PGlite({ dataDir, ...PGLITE_BYTEA });
    await client.waitReady;
  } catch (error) {
    release();
    throw dataDir ? explainDataDirFailure(dataDir, error) : error;
  }
  try {
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
    await client.close().catch(() => undefined);
    release();
    // A migration the store refused (a full disk) is the folder's problem; any other, the code's.
    throw dataDir && storeFailureOf(error) ? explainDataDirFailure(dataDir, error) : error;
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
    throw explainPostgresFailure(url, error);
  }
  return { db: drizzlePostgres({ client: pool }), driver: 'postgres', close: () => pool.end() };
}

/**
 * A start that cannot use PostgreSQL, in words (ADR 112): where (host, port and database, never
 * the password) and what to do. Errors that are not the store's own are passed on as they are.
 */
export function explainPostgresFailure(url: string, error: unknown): unknown {
  const failure = storeFailureOf(error);
  if (!failure) return error;
  const where = (() => {
    try {
      const parsed = new URL(url);
      return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
    } catch {
      return 'DATABASE_URL';
    }
  })();
  const advice =
    failure.kind === 'unreachable'
      ? 'Check that it runs and takes connections from here'
      : `It ${STORE_FAILURE_TEXT[failure.kind].replace(/^the database /, '')}: fix that on the database server`;
  return new Error(
    `The content API cannot use its PostgreSQL database at ${where} (DATABASE_URL): ${failure.detail}. ${advice}; then start the API again.`,
  );
}

export function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.driver === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}
