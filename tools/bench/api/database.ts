// A freshly seeded database per bench run: the usual seed content (content-api/seed) plus
// synthetic articles up to the wanted total, inserted in batches through the API's own Drizzle
// schema (content-api/dist), then VACUUM ANALYZE so the planner sees the real table.
// PGlite: a throwaway DATA_DIR. Postgres: a throwaway database on the server at `serverUrl`,
// dropped by cleanup(). Also the PostgreSQL helpers bench:api and bench:scale share.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type * as ApiBench from '@portfolio/content-api/bench';
import type { Database, DatabaseTarget } from '@portfolio/content-api/bench';
import { ROOT } from '../../root';
import { generateArticles } from './articles';

const BATCH_SIZE = 500;

/** The compiled API's bench module (its package's `./bench` export), typed by its source. */
type ApiModules = typeof ApiBench;

/** The compiled API's bench module; imported after `npm run build`. */
async function apiModules(): Promise<ApiModules> {
  // By its compiled file, not the package name: the scripts run with the @portfolio/source
  // condition, which would load the sources; the bench measures the API as it ships. A computed
  // URL: TypeScript types the module as any; it is asserted to its source's type.
  const file = pathToFileURL(path.join(ROOT, 'content-api', 'dist', 'bench.js')).href;
  return (await import(file)) as ApiModules;
}

async function insertSyntheticArticles(
  api: ApiModules,
  db: Database,
  count: number,
): Promise<void> {
  const rows = generateArticles(count).map((article) => ({
    id: api.slugify(article.title),
    slug: api.slugify(article.title),
    tags: article.tags,
    title: article.title,
    content: article.content,
    plainText: api.markdownToPlainText(article.content),
    autoExcerpt: api.autoExcerptOf(article.content),
    imagePath: null,
    createdAt: article.createdAt,
    updatedAt: article.createdAt,
    publishedAt: article.createdAt,
  }));
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await db.insert(api.articles).values(rows.slice(start, start + BATCH_SIZE));
  }
}

/** Seeds `target` with `total` articles in all. */
async function fill(target: DatabaseTarget, total: number): Promise<void> {
  const api = await apiModules();
  const handle = await api.openDatabase(target);
  try {
    const seed = api.loadSeedContent();
    await api.seedDatabase(handle.db, seed);
    await insertSyntheticArticles(api, handle.db, Math.max(0, total - seed.articles.length));
    await handle.db.execute('VACUUM ANALYZE');
  } finally {
    await handle.close();
  }
}

/** Runs one statement (CREATE or DROP DATABASE) on the server at `serverUrl`. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `serverUrl` with another database's name. */
export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether Debian's PostgreSQL packages are here (with-services.sh starts a cluster with them). */
export function postgresInstalled(): boolean {
  const root = '/usr/lib/postgresql';
  return (
    fs.existsSync(root) &&
    fs.readdirSync(root).some((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
  );
}

/**
 * Runs `script` again, with this process's node and flags (the benches are TypeScript, run
 * through tsx), inside content-api/scripts/with-services.sh: next to a throwaway PostgreSQL whose
 * address it gets as TEST_DATABASE_URL. `marker` is set in that run's environment so it knows
 * it is the inner one. Returns its exit status.
 */
export function rerunWithThrowawayPostgres(script: string, marker: string): number {
  const { status } = spawnSync(
    'bash',
    [
      path.join(ROOT, 'content-api/scripts/with-services.sh'),
      process.execPath,
      ...process.execArgv,
      script,
    ],
    { stdio: 'inherit', env: { ...process.env, WITH_REDIS: '0', [marker]: '1' } },
  );
  return status ?? 1;
}

/**
 * The PostgreSQL server a bench of `drivers` uses: DATABASE_URL, or TEST_DATABASE_URL. With
 * neither, and postgres among the drivers, the bench (`script`) runs itself again next to a
 * throwaway cluster (rerunWithThrowawayPostgres) and this process exits with that run's status.
 */
export function postgresServerOrRerun(
  drivers: readonly string[],
  script: string,
  marker: string,
): string | undefined {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (drivers.includes('postgres') && !serverUrl && !process.env[marker]) {
    if (postgresInstalled() || process.getuid?.() === 0) {
      process.exit(rerunWithThrowawayPostgres(script, marker));
    }
  }
  return serverUrl;
}

/** A seeded database for one run: the API process's environment, and how to remove it. */
export interface BenchDatabase {
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/**
 * A seeded database for one run. `driver` is 'pglite' (files under `runDir`) or 'postgres' (a
 * new database on `serverUrl`).
 */
export async function prepareDatabase({
  driver,
  total,
  runDir,
  serverUrl,
}: {
  driver: string;
  total: number;
  runDir: string;
  serverUrl: string | undefined;
}): Promise<BenchDatabase> {
  if (driver === 'pglite') {
    const dataDir = path.join(runDir, `pglite-${total}`);
    await fill({ driver, dataDir }, total);
    return {
      env: { DATA_DIR: dataDir },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!serverUrl) throw new Error(`${driver}: no server to create the database on`);
  const name = `bench_api_${total}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabaseName(serverUrl, name);
  await fill({ driver: 'postgres', url }, total);
  return {
    env: { DATABASE_URL: url },
    cleanup: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
