// npm run bench:api — the content API under load, against a bare-Fastify ceiling.
// For each driver (PGlite, and Postgres when there is one) and each dataset size it seeds a
// fresh database, starts the built API (content-api/dist/server.js) on a free loopback port
// and measures each endpoint with autocannon: req/s and p50/p99 latency. Every endpoint is also
// compared with the ceiling: a bare Fastify route that answers the same method with the
// endpoint's answer, precomputed (tools/bench/api/ceiling-server.ts, its own process), measured
// in slices alternating with the endpoint's. Results go to the console and to
// bench-results/api.json (BENCH_RESULTS_DIR: elsewhere).
//
// Postgres: DATABASE_URL (or TEST_DATABASE_URL) names a server on which the bench creates and
// drops its own databases; with neither set it runs itself again inside
// content-api/scripts/with-services.sh (a throwaway cluster) if PostgreSQL is installed, and
// otherwise measures PGlite only.
//
// Knobs: BENCH_API_SECONDS (3 per endpoint, and as many for its ceiling),
// BENCH_API_WARMUP_SECONDS (1), BENCH_API_CONNECTIONS (10), BENCH_API_SIZES (100,1000,10000),
// BENCH_API_DRIVERS (pglite,postgres), BENCH_API_PORT (first port tried, 4500).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../root';
import { postgresInstalled, prepareDatabase, rerunWithThrowawayPostgres } from './api/database';
import { ceilingFor, endpointsFor, measureAgainstCeiling, probe } from './api/load';
import { freePort, startNodeServer } from './api/processes';
import type { NodeServer } from './api/processes';
import { printGoals, printTable, summariseGoals } from './api/report';
import type { BenchRow, RunDescription } from './api/report';
import { writeResults } from './bench-site';
import { readCommandLine } from '../command-line';

const numbers = (raw: string): number[] => raw.split(',').map(Number);
const settings = {
  seconds: Number(process.env.BENCH_API_SECONDS ?? 3),
  warmupSeconds: Number(process.env.BENCH_API_WARMUP_SECONDS ?? 1),
  connections: Number(process.env.BENCH_API_CONNECTIONS ?? 10),
  sizes: numbers(process.env.BENCH_API_SIZES ?? '100,1000,10000'),
  drivers: (process.env.BENCH_API_DRIVERS ?? 'pglite,postgres').split(','),
  firstPort: Number(process.env.BENCH_API_PORT ?? 4500),
};
const IN_SERVICES = 'BENCH_API_IN_SERVICES';
const log = (line: string): void => console.log(`[bench:api] ${line}`);

/**
 * Where the Postgres runs come from: `{ url }` of a server, `{ throwaway: true }` when this
 * bench should run again inside with-services.sh, or `{ skipped }` with the reason.
 */
function postgresSource(): { url?: string; throwaway?: true; skipped?: string } {
  if (!settings.drivers.includes('postgres')) return { skipped: 'not asked for' };
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) return { url };
  if (!process.env[IN_SERVICES] && postgresInstalled()) return { throwaway: true };
  return { skipped: 'PostgreSQL is not installed and DATABASE_URL is not set' };
}

function machine(): RunDescription['machine'] {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

/** The article in the middle of the list by date, so it has both neighbours. */
async function middleArticleId(apiBase: string): Promise<string> {
  const list = (await (await fetch(`${apiBase}/api/articles`)).json()) as { _id: string }[];
  const middle = list[Math.floor(list.length / 2)];
  if (!middle) throw new Error('the API lists no articles');
  return middle._id;
}

async function benchDataset({
  driver,
  total,
  runDir,
  serverUrl,
  ports,
  ceiling,
}: {
  driver: string;
  total: number;
  runDir: string;
  serverUrl: string | undefined;
  ports: { api: number; ceiling: number };
  ceiling: NodeServer;
}): Promise<BenchRow[]> {
  log(`${driver}, ${total} articles: seeding`);
  const database = await prepareDatabase({ driver, total, runDir, serverUrl });
  const api = await startNodeServer({
    name: `api-${driver}-${total}`,
    script: 'content-api/dist/server.js',
    port: ports.api,
    env: {
      ...database.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '1000000',
      FIREBASE_PROJECT_ID: 'demo-bench',
    },
    healthPath: '/api/health',
    logDir: runDir,
  });
  const rows: BenchRow[] = [];
  try {
    const endpoints = endpointsFor(await middleArticleId(api.base));
    for (const [index, endpoint] of endpoints.entries()) {
      const { status, body } = await probe(api.base, endpoint);
      if (status >= 300) throw new Error(`${endpoint.name} answered ${status}`);
      log(`${driver}, ${total} articles: ${endpoint.name} (${body.length} bytes)`);
      const result = await measureAgainstCeiling({
        api,
        ceiling,
        ceilingPath: await ceilingFor(ceiling.base, `${driver}-${total}-${index}`, body),
        endpoint,
        settings,
      });
      const search = endpoint.path.startsWith('/api/search');
      rows.push({
        driver,
        articles: total,
        endpoint: endpoint.name,
        cachedRead: Boolean(endpoint.cachedRead),
        search,
        uncached: search && Boolean(endpoint.fresh),
        bytes: body.length,
        ...result,
        ratio: result.requestsPerSecond / result.ceiling.requestsPerSecond,
      });
    }
  } finally {
    await api.stop();
    await database.cleanup();
  }
  return rows;
}

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:api (no arguments; settings in the environment)',
  });
  const postgres = postgresSource();
  if (postgres.throwaway) {
    log('starting a throwaway PostgreSQL (content-api/scripts/with-services.sh)');
    process.exit(rerunWithThrowawayPostgres(fileURLToPath(import.meta.url), IN_SERVICES));
  }
  if (postgres.skipped) log(`PostgreSQL skipped: ${postgres.skipped}.`);
  const drivers = settings.drivers.filter((driver) => driver !== 'postgres' || postgres.url);

  log('building the content API');
  execFileSync('npm', ['run', 'build', '-w', '@portfolio/content-api'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  log(`databases and server logs in ${runDir} (removed after a successful run)`);
  const apiPort = await freePort(settings.firstPort);
  const ports = { api: apiPort, ceiling: await freePort(apiPort + 1) };
  const started = new Date();
  const host = machine();
  const ceilingServer = await startNodeServer({
    name: 'ceiling',
    script: 'tools/bench/api/ceiling-server.ts',
    port: ports.ceiling,
    env: {},
    healthPath: '/health',
    logDir: runDir,
  });
  const rows: BenchRow[] = [];
  try {
    for (const driver of drivers) {
      for (const total of settings.sizes) {
        const dataset = { driver, total, runDir, serverUrl: postgres.url, ports };
        rows.push(...(await benchDataset({ ...dataset, ceiling: ceilingServer })));
      }
    }
  } finally {
    await ceilingServer.stop();
  }

  const result: RunDescription & { rows: BenchRow[]; settings: typeof settings } = {
    date: started.toISOString(),
    machine: host,
    settings,
    postgresSkipped: postgres.skipped,
    rows,
    goals: summariseGoals(rows),
  };
  for (const driver of drivers) printTable(driver, rows);
  printGoals(result);
  const file = writeResults('api.json', result);
  fs.rmSync(runDir, { recursive: true, force: true });
  log(`results written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
