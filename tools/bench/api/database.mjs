// A freshly seeded database per bench run: the usual seed content (content-api/seed) plus
// synthetic articles up to the wanted total, inserted in batches through the API's own Drizzle
// schema (content-api/dist), then VACUUM ANALYZE so the planner sees the real table.
// PGlite: a throwaway DATA_DIR. Postgres: a throwaway database on the server at `serverUrl`,
// dropped by cleanup().
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROOT } from '../../root.ts';
import { generateArticles } from './articles.mjs';

const BATCH_SIZE = 500;

/** The compiled API's modules; imported after `npm run build`. */
async function apiModules() {
  const load = (file) => import(pathToFileURL(path.join(ROOT, 'content-api', 'dist', file)).href);
  const [connect, seed, schema, markdown, slug, repository] = await Promise.all([
    load('db/connect.js'),
    load('db/seed.js'),
    load('db/schema.js'),
    load('lib/markdown-text.js'),
    load('lib/slug.js'),
    load('features/articles/repository.js'),
  ]);
  return {
    ...connect,
    ...seed,
    ...schema,
    ...markdown,
    ...slug,
    autoExcerptOf: repository.autoExcerptOf,
  };
}

async function insertSyntheticArticles(api, db, count) {
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

/** Seeds `target` (an openDatabase() target) with `total` articles in all. */
async function fill(target, total) {
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

async function onServer(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabaseName(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A seeded database for one run: `env` (for the API process) and `cleanup()`.
 * `driver` is 'pglite' (files under `runDir`) or 'postgres' (a new database on `serverUrl`).
 */
export async function prepareDatabase({ driver, total, runDir, serverUrl }) {
  if (driver === 'pglite') {
    const dataDir = path.join(runDir, `pglite-${total}`);
    await fill({ driver, dataDir }, total);
    return {
      env: { DATA_DIR: dataDir },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_api_${total}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabaseName(serverUrl, name);
  await fill({ driver, url }, total);
  return {
    env: { DATABASE_URL: url },
    cleanup: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
