// npm run bench:insights — the insights (docs/decisions/180, 181) with a million page views over
// 90 days in the database, on PGlite and on PostgreSQL:
//
// - the rollup job: the 90 days rolled up as the hourly job would have done them (three runs a
//   month apart, each rolling the days that had ended and deleting raw views past 30 days), then
//   one day's run (yesterday's ~11,000 views) as it runs every day;
// - every Insights answer (GET /insights?days=7|30|90 and the 90 days' CSV export): the queries
//   and the answer's serialisation, timed in process one after another (the route adds the
//   admin's token check and Fastify around them), p50 and p99;
// - the beacon endpoint, POST /page-views, on the built API (content-api/dist/server.js) in a
//   process of its own, at a fixed 500 requests per second (autocannon's overallRate) from
//   20 connections, each request as a different client (X-Forwarded-For, believed from loopback:
//   TRUST_PROXY) of a person's browser, for pages and articles that exist: p50 and p99, after
//   5 s at the same rate that are not counted (a fresh process's first seconds are its JIT's: over
//   20 s from a cold start they alone set the p99, with counting off as with it on).
//
// Postgres: DATABASE_URL (or TEST_DATABASE_URL) names a server on which the bench creates and
// drops its own database; with neither it runs itself again inside
// content-api/scripts/with-services.sh (a throwaway cluster on PG_TEST_PORT, default 5540).
// Results: the console and bench-results/insights.json.
//
// Knobs: BENCH_INSIGHTS_VIEWS (1000000), BENCH_INSIGHTS_DRIVERS (pglite,postgres),
// BENCH_INSIGHTS_RUNS (100 per answer), BENCH_INSIGHTS_SECONDS (20 of beacons),
// BENCH_INSIGHTS_RATE (500 beacons per second), BENCH_INSIGHTS_WARMUP (5 s of beacons not
// counted), BENCH_INSIGHTS_PORT (4600, first port tried).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type * as ApiBench from '@portfolio/content-api/bench';
import { ROOT } from '../root';
import { postgresServerOrRerun, prepareDatabase } from './api/database';
import { freePort, startNodeServer } from './api/processes';
import { loadAverage, machineAtStart, writeResults } from './bench-site';

const settings = {
  views: Number(process.env.BENCH_INSIGHTS_VIEWS ?? 1_000_000),
  drivers: (process.env.BENCH_INSIGHTS_DRIVERS ?? 'pglite,postgres').split(','),
  runs: Number(process.env.BENCH_INSIGHTS_RUNS ?? 100),
  seconds: Number(process.env.BENCH_INSIGHTS_SECONDS ?? 20),
  rate: Number(process.env.BENCH_INSIGHTS_RATE ?? 500),
  warmup: Number(process.env.BENCH_INSIGHTS_WARMUP ?? 5),
  firstPort: Number(process.env.BENCH_INSIGHTS_PORT ?? 4600),
};
const IN_SERVICES = 'BENCH_INSIGHTS_IN_SERVICES';
const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const log = (line: string): void => console.log(`[bench:insights] ${line}`);

type Modules = typeof ApiBench;

/**
 * The compiled API's bench export (npm run build first: it measures the API as it ships), typed
 * by its source (docs/decisions/214).
 */
async function apiModules(): Promise<Modules> {
  return (await import(
    pathToFileURL(path.join(ROOT, 'content-api', 'dist', 'bench.js')).href
  )) as Modules;
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
const ms = (value: number) => Math.round(value * 10) / 10;

/** The pages the views are of: the site's own and every seeded article. */
async function pagesOf(
  db: ApiBench.Database,
): Promise<{ path: string; articleId: string | null }[]> {
  const result = (await db.execute('select id, slug from articles')) as unknown as {
    rows: { id: string; slug: string }[];
  };
  return [
    ...['/', '/blog', '/portfolio', '/about', '/contact', '/tags', '/store', '/privacy'].map(
      (page) => ({ path: page, articleId: null }),
    ),
    ...result.rows.map((row) => ({ path: `/article/${row.slug}`, articleId: row.id })),
  ];
}

/**
 * `count` raw views over the 90 days before `now`, one statement: a page each (articles twice as
 * often as the site's own pages), a visitor from a pool of a third as many, a referrer origin for
 * one in five, a viewport, the newsletter for one in thirty.
 */
async function insertViews(
  db: ApiBench.Database,
  now: Date,
  count: number,
  pages: { path: string; articleId: string | null }[],
) {
  const paths = pages.map((page) => page.path);
  const ids = pages.map((page) => page.articleId);
  const literal = (values: (string | null)[]) =>
    `array[${values.map((value) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`)).join(',')}]::text[]`;
  await db.execute(`
    insert into page_views (viewed_at, path, article_id, visitor, referrer, viewport, newsletter)
    select '${now.toISOString()}'::timestamptz - random() * interval '90 days',
      p.paths[p.i], p.ids[p.i], (random() * ${Math.max(1, Math.round(count / 3))})::bigint,
      case when random() < 0.2 then 'https://ref' || (random() * 50)::int || '.example' end,
      (array['phone','tablet','desktop'])[1 + floor(random() * 3)::int],
      random() < 1.0 / 30
    from generate_series(1, ${count}) g,
      lateral (select ${literal(paths)} as paths, ${literal(ids)} as ids,
        1 + least((random() ^ 2 * ${paths.length})::int, ${paths.length - 1}) as i
        where g > 0) p`);
}

async function benchDatabase(
  driver: string,
  api: Modules,
  runDir: string,
  serverUrl: string | undefined,
) {
  log(`${driver}: seeding the content`);
  const database = await prepareDatabase({ driver, total: 100, runDir, serverUrl });
  const target: ApiBench.DatabaseTarget =
    driver === 'pglite'
      ? { driver: 'pglite', dataDir: database.env.DATA_DIR! }
      : { driver: 'postgres', url: database.env.DATABASE_URL! };
  const now = new Date();
  const figures: Record<string, unknown> = { driver };
  try {
    const handle = await api.openDatabase(target);
    const { db } = handle;
    try {
      const pages = await pagesOf(db);
      let started = performance.now();
      await insertViews(db, now, settings.views, pages);
      log(
        `${driver}: ${settings.views} views inserted in ${ms((performance.now() - started) / 1000)} s`,
      );

      // The rollups as the hourly job makes them over three months.
      const rollups: { now: string; days: number; deleted: number; ms: number }[] = [];
      for (const daysAgo of [60, 30, 0]) {
        const at = new Date(now.getTime() - daysAgo * DAY_MS);
        started = performance.now();
        const result = await api.rollUpViews(db, at);
        rollups.push({
          now: at.toISOString(),
          days: result.days.length,
          deleted: result.deletedViews,
          ms: ms(performance.now() - started),
        });
        log(
          `${driver}: rollup at -${daysAgo} d: ${result.days.length} days, ${result.deletedViews} raw views deleted, ${rollups.at(-1)!.ms} ms`,
        );
      }
      await db.execute('analyze');
      // A day's run: yesterday rolled up again (as the job does the morning after).
      const yesterday = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
      await db.execute(
        `update app_meta set value = '${yesterday}' where key = 'insights_rolled_through'`,
      );
      started = performance.now();
      const daily = await api.rollUpViews(db, now);
      const dailyMs = ms(performance.now() - started);
      log(`${driver}: a day's rollup (${daily.days.join(', ')}): ${dailyMs} ms`);
      const counts = (await db.execute(
        `select (select count(*) from page_views)::int as raw, (select count(*) from page_view_days)::int as page_days, (select coalesce(sum(views), 0)::int from site_view_days) as rolled_views`,
      )) as unknown as { rows: { raw: number; page_days: number; rolled_views: number }[] };
      figures.rollup = { runs: rollups, dailyMs, tables: counts.rows[0] };

      // Every answer, one after another.
      const answers: Record<string, { p50: number; p99: number; max: number; bytes: number }> = {};
      const cases: [string, () => Promise<unknown>][] = [
        ['GET /insights?days=7', () => api.readInsights(db, 7, now, true)],
        ['GET /insights?days=30', () => api.readInsights(db, 30, now, true)],
        ['GET /insights?days=90', () => api.readInsights(db, 90, now, true)],
        ['GET /insights/export.csv?days=90', () => api.exportRows(db, 90, now)],
      ];
      for (const [name, answer] of cases) {
        const times: number[] = [];
        let bytes = 0;
        for (let run = 0; run < settings.runs + 5; run += 1) {
          const start = performance.now();
          bytes = JSON.stringify(await answer()).length;
          if (run >= 5) times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        answers[name] = {
          p50: ms(percentile(times, 0.5)),
          p99: ms(percentile(times, 0.99)),
          max: ms(times.at(-1) ?? NaN),
          bytes,
        };
        log(
          `${driver}: ${name}: p50 ${answers[name].p50} ms, p99 ${answers[name].p99} ms (${bytes} bytes)`,
        );
      }
      figures.answers = answers;
      figures.pages = pages;
    } finally {
      await handle.close();
    }
    figures.beacon = await benchBeacon(
      driver,
      database.env,
      runDir,
      figures.pages as { path: string }[],
    );
    delete figures.pages;
  } finally {
    await database.cleanup();
  }
  return figures;
}

/** POST /page-views at a fixed rate on the built API, each request another client. */
async function benchBeacon(
  driver: string,
  env: Record<string, string>,
  runDir: string,
  pages: { path: string }[],
) {
  const port = await freePort(settings.firstPort);
  const api = await startNodeServer({
    name: `insights-${driver}`,
    script: 'content-api/dist/server.js',
    port,
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'off',
      FIREBASE_PROJECT_ID: 'demo-bench',
      TRUST_PROXY: '127.0.0.1',
    },
    healthPath: '/api/health',
    logDir: runDir,
  });
  try {
    let sent = 0;
    const statuses: Record<number, number> = {};
    const run = autocannon({
      url: api.base,
      connections: 20,
      duration: settings.seconds,
      overallRate: settings.rate,
      ...(settings.warmup > 0 && {
        warmup: { connections: 20, duration: settings.warmup, overallRate: settings.rate },
      }),
      requests: [
        {
          method: 'POST',
          path: '/api/page-views',
          setupRequest: (request) => {
            sent += 1;
            const page = pages[sent % pages.length]!;
            return {
              ...request,
              headers: {
                'content-type': 'text/plain;charset=UTF-8',
                'user-agent': BROWSER,
                'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
              },
              body: JSON.stringify({
                path: page.path,
                viewport: sent % 3 === 0 ? 'phone' : 'desktop',
                ...(sent % 5 === 0 && { referrer: 'https://news.example.org' }),
              }),
            };
          },
        },
      ],
    });
    run.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    const result = await run;
    const beacon = {
      rate: settings.rate,
      warmup: settings.warmup,
      seconds: settings.seconds,
      requests: result.requests.total,
      perSecond: ms(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      statuses,
      errors: result.errors + result.timeouts,
    };
    log(`${driver}: POST /page-views at ${settings.rate}/s: ${JSON.stringify(beacon)}`);
    return beacon;
  } finally {
    await api.stop();
  }
}

async function main() {
  const serverUrl = postgresServerOrRerun(
    settings.drivers,
    fileURLToPath(import.meta.url),
    IN_SERVICES,
  );
  const api = await apiModules();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-insights-'));
  const machine = machineAtStart();
  log(`machine: ${JSON.stringify(machine)}`);
  const results = [];
  try {
    for (const driver of settings.drivers) {
      if (driver === 'postgres' && !serverUrl) {
        log('postgres: skipped (no server)');
        continue;
      }
      results.push(await benchDatabase(driver, api, runDir, serverUrl));
    }
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  const file = writeResults('insights.json', {
    date: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: loadAverage() },
    settings,
    results,
  });
  log(`results in ${file}`);
}

await main();
