// Fresh, isolated, migrated databases for tests: in-memory PGlite always, plus a throwaway
// database on the Postgres server in TEST_DATABASE_URL when that is set.
//
// Each is a copy of one migrated template (docs/decisions/152): starting PGlite is mostly its
// initdb, which a copy of a migrated data folder skips; a Postgres copy skips the migrations.
// The template is made by openDatabase itself, so a copy is what a start makes of an empty store.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseHandle, DatabaseTarget } from '../db/connect.js';
import { openDatabase, PGLITE_BYTEA } from '../db/connect.js';
import { migrationsFolder } from '../paths.js';
import { atSuiteEnd } from './suite-end.js';

export type TestDriver = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Every driver the suites run against: PGlite, and Postgres when TEST_DATABASE_URL is set; or
 * those TEST_DATABASE_DRIVERS names (comma-separated), as CI's Node 24 checks run the suites on
 * Postgres only, production's pair (docs/decisions/070). Suites that need PGlite itself (its data
 * folder, or any database for the HTTP around it) name it and run whatever this says.
 */
export const testDrivers: TestDriver[] = driversFor(process.env.TEST_DATABASE_DRIVERS, postgresUrl);

/** The drivers TEST_DATABASE_DRIVERS names, or by default those TEST_DATABASE_URL allows. */
export function driversFor(
  named: string | undefined,
  postgresUrl: string | undefined,
): TestDriver[] {
  if (!named?.trim()) return postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const drivers = named.split(',').map((name) => name.trim());
  for (const driver of drivers) {
    if (driver !== 'pglite' && driver !== 'postgres') {
      throw new Error(`TEST_DATABASE_DRIVERS: "${driver}" is neither pglite nor postgres`);
    }
    if (driver === 'postgres' && !postgresUrl) {
      throw new Error('TEST_DATABASE_DRIVERS names postgres, but TEST_DATABASE_URL is not set');
    }
  }
  return [...new Set(drivers as TestDriver[])];
}

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

/**
 * What the template depends on: the migrations (names and contents) and the PGlite build, whose
 * data folder format is its Postgres version's. A change to either makes a new template.
 */
const templateKey = (() => {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The entry is dist/index.cjs; its package.json (not in the package's exports) is two up.
  const pglitePackage = path.join(path.dirname(pgliteEntry), '..', 'package.json');
  hash.update(readFileSync(pglitePackage));
  for (const entry of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile())
    .map((file) => path.join(file.parentPath, file.name))
    .sort()) {
    hash.update(path.relative(migrationsFolder, entry)).update(readFileSync(entry));
  }
  return hash.digest('hex').slice(0, 16);
})();

/**
 * The data folder of a freshly migrated PGlite, as an uncompressed tarball. Jest gives each test
 * file its own modules, so the folder is kept on disk, made by the first file that needs it (a
 * file written whole, then renamed into place, so a reader never sees half of one) and named by
 * what it depends on, so every later run and suite reads it. In the system's temporary folder,
 * which the suites' environment names: a suite's own (its `os.tmpdir()`) goes with the suite, and
 * a template there was made again by every suite, 2–3 s each (docs/performance.md, "CI").
 */
async function makePgliteTemplate(): Promise<Blob> {
  const file = path.join(
    process.env.CONTENT_API_TEST_SHARED_DIR ?? os.tmpdir(),
    `content-api-test-pglite-${templateKey}.tar`,
  );
  try {
    return new Blob([await fs.readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    // Drizzle's documented handle on its driver's client.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // Written out, so a copy starts without replaying the migrations' WAL.
    await client.exec('CHECKPOINT');
    const bytes = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
    return new Blob([bytes]);
  } finally {
    await handle.close();
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

function pgliteTemplateBlob(): Promise<Blob> {
  pgliteTemplate ??= makePgliteTemplate();
  // A failed attempt is not kept: the next test tries again and reports its own error.
  return pgliteTemplate.catch((error: unknown) => {
    pgliteTemplate = undefined;
    throw error;
  });
}

/**
 * What a copy of the template holds, to tell whether a copy a test has used can be emptied and
 * given to the next: the template's tables (all empty in it) and a digest of its schema (tables,
 * columns, constraints, indexes, functions, triggers, sequences and the migrations applied).
 */
interface TemplateShape {
  tables: string[];
  schema: string;
}

const SCHEMA_DIGEST = `
  SELECT md5(coalesce(string_agg(line, E'\n' ORDER BY line), '')) AS digest FROM (
    SELECT 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' ||
      data_type || ' ' || coalesce(column_default, '') || ' ' || is_nullable AS line
      FROM information_schema.columns
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' ||
      pg_get_constraintdef(c.oid)
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' ||
      coalesce(last_value, 0) FROM pg_sequences
    UNION ALL SELECT 'migrations ' || count(*) || ' ' || coalesce(max(hash), '')
      FROM drizzle.__drizzle_migrations
  ) AS lines`;

async function schemaDigest(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0]?.digest ?? '';
}

let templateShape: Promise<TemplateShape> | undefined;

/** Read once per suite, from its first copy before any test has used it. */
function shapeOf(client: PGlite): Promise<TemplateShape> {
  templateShape ??= (async () => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = 'public' ORDER BY name`,
    );
    return { tables: rows.map((row) => row.name), schema: await schemaDigest(client) };
  })();
  return templateShape;
}

/**
 * Copies this suite's tests have closed, emptied again: the next test's database is one of them
 * when there is one. A copy costs about 0.5 s of CPU (Postgres starting in WebAssembly), emptying
 * one about 0.05 (docs/decisions/152, amended). Jest gives each test file its own modules, so a
 * copy never goes from one suite to another. Those left are closed after the suite's last test
 * (an open PGlite keeps Node running), and from then on a copy closed by a test is closed too:
 * Jest may run the suite's own afterAll hooks after the one that empties this list.
 */
const emptiedCopies: PGlite[] = [];
let suiteEnded = false;
atSuiteEnd(async () => {
  suiteEnded = true;
  await Promise.all(emptiedCopies.splice(0).map((client) => client.close()));
});

/**
 * Puts a copy a test has closed back as the template made it, or says it cannot: every table
 * emptied, the session's state (settings, prepared statements, locks, listeners) discarded, and
 * the schema still the template's. A copy a test changed beyond its rows, closed itself or left
 * in a transaction is closed instead.
 */
async function empty(client: PGlite, shape: TemplateShape): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec('DISCARD ALL');
    if (shape.tables.length > 0) await client.exec(`TRUNCATE ${shape.tables.join(', ')}`);
    if ((await schemaDigest(client)) === shape.schema) return true;
  } catch {
    // Not as the template made it: closed below.
  }
  await client.close().catch(() => undefined);
  return false;
}

/**
 * An in-memory PGlite on a copy of the template, with the app's own client options: one a test
 * of this suite has closed and that was emptied since, or a new one. The handle's client refuses
 * every query once the test has closed it, so that nothing a test left running (an app's timer, a
 * request) reaches the database of the test after it.
 */
async function copyPgliteTemplate(): Promise<DatabaseHandle> {
  let client = emptiedCopies.pop();
  if (!client) {
    client = new PGlite({ loadDataDir: await pgliteTemplateBlob(), ...PGLITE_BYTEA });
    await client.waitReady;
  }
  const copy = client;
  const shape = await shapeOf(copy);
  let closed = false;
  const refuseOnceClosed = <T>(run: () => Promise<T>): Promise<T> =>
    closed ? Promise.reject(new Error('This test database is closed')) : run();
  // What Drizzle's PGlite driver calls of its client (drizzle-orm/pglite/session.js), typed as
  // the client it stands for: Drizzle asks for a PGlite and uses only these three of it.
  const guarded = {
    query: (...args: Parameters<PGlite['query']>) => refuseOnceClosed(() => copy.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => refuseOnceClosed(() => copy.exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) =>
      refuseOnceClosed(() => copy.transaction(...args)),
  } as unknown as PGlite;
  return {
    db: drizzlePglite({ client: guarded }),
    driver: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      if (suiteEnded) await copy.close();
      else if (await empty(copy, shape)) emptiedCopies.push(copy);
    },
  };
}

/** Any number above is fine, as long as it differs from the migrations' lock (db/connect.ts). */
const TEMPLATE_LOCK_ID = 4_000_002;

/**
 * The name of a migrated database on the test server, to copy. Made once per server and
 * template key; workers that start together wait on a lock while one makes it, under another
 * name first, so that a run stopped half way never leaves a half-migrated template behind.
 */
async function makePostgresTemplate(): Promise<string> {
  const name = `content_api_template_${templateKey}`;
  const building = `${name}_building`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(building) });
      // Closed before the rename: a database with connections can be neither renamed nor copied.
      await handle.close();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= makePostgresTemplate();
  return postgresTemplate.catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  });
}

/** A new database on the test server, a copy of the template; dropped again by close(). */
async function createPostgresDatabase(): Promise<DatabaseHandle> {
  const template = await postgresTemplateName();
  const name = newDatabaseName();
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A fresh, migrated, empty database of its own, as a start makes of an empty store. */
export function createTestDatabase(driver: TestDriver): Promise<DatabaseHandle> {
  return driver === 'pglite' ? copyPgliteTemplate() : createPostgresDatabase();
}

/**
 * Where a database lives, so a test can open it, close it and open it again. Empty, as a first
 * start finds it; or, with `migrated`, holding a copy of the template, as a first start leaves it
 * (for tests about what comes after, such as a data folder's lock: a PGlite data folder of its
 * own costs its initdb and the migrations, written to disk, a few seconds on a busy machine).
 */
export async function createDatabaseLocation(
  driver: TestDriver,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ target: DatabaseTarget; remove(): Promise<void> }> {
  if (driver === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'content-api-test-'));
    const dataDir = path.join(dir, 'nested', 'pglite');
    if (migrated) {
      await fs.mkdir(dataDir, { recursive: true });
      // Written to the folder by PGlite itself, which then starts on it once (and stops).
      const client = new PGlite({ dataDir, loadDataDir: await pgliteTemplateBlob() });
      await client.waitReady;
      await client.close();
    }
    return {
      target: { driver: 'pglite', dataDir },
      remove: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
  const name = newDatabaseName();
  await adminQuery(
    migrated
      ? `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplateName()}`
      : `CREATE DATABASE ${name}`,
  );
  return {
    target: { driver: 'postgres', url: databaseUrl(name) },
    remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
