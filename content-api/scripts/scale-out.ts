// Scale-out load test: two API instances (node dist/server.js) over one Postgres and one Redis,
// mixed reads and contact posts for SCALE_OUT_SECONDS, one instance SIGKILLed a third of the way
// in and restarted a little past half-way. The client fails over: on a connection error it
// retries once on the other instance, with the same Idempotency-Key for a contact post.
// At the end it reports what was tried, what succeeded, what the client saw fail, and checks
// that every contact message acknowledged with 201 is stored exactly once.
//
//   npm run test:scale-out -w @portfolio/content-api        (builds, starts the services, runs)
//   (it runs scripts/scale-out.ts through tsx, against the built API in dist/)
//   SCALE_OUT_SECONDS=30 npm run test:scale-out -w @portfolio/content-api
//
// Needs TEST_DATABASE_URL and TEST_REDIS_URL (scripts/with-services.sh sets them). Everything
// listens on 127.0.0.1. Exit code 1 when a message was lost or stored twice.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import type * as Connect from '../src/db/connect.js';
import type * as Seed from '../src/db/seed.js';
import type * as ContactRepository from '../src/features/contact/repository.js';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * A module of the built API (what the instances run), typed by its source. The import is of a
 * computed URL, which TypeScript types as any: each caller asserts the module's type.
 */
const dist = (file: string): Promise<unknown> =>
  import(pathToFileURL(path.join(packageRoot, 'dist', file)).href);

const SECONDS = Number(process.env.SCALE_OUT_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.SCALE_OUT_CONCURRENCY ?? 6);
const PORTS = (process.env.SCALE_OUT_PORTS ?? '4710,4711').split(',').map(Number);
const REQUEST_TIMEOUT_MS = 5_000;
/** The address the instances see this load come from (both listen on 127.0.0.1). */
const LOAD_CLIENT_IP = '127.0.0.1';
const KILL_AT = SECONDS / 3;
const RESTART_AT = (SECONDS * 7) / 12;

const { TEST_DATABASE_URL = '', TEST_REDIS_URL = '' } = process.env;
if (!TEST_DATABASE_URL || !TEST_REDIS_URL) {
  console.error(
    'scale-out: TEST_DATABASE_URL and TEST_REDIS_URL must be set; run it as\n' +
      '  npm run test:scale-out -w @portfolio/content-api',
  );
  process.exit(2);
}
if (!fs.existsSync(path.join(packageRoot, 'dist', 'server.js'))) {
  console.error(
    'scale-out: dist/server.js is missing; run npm run build -w @portfolio/content-api',
  );
  process.exit(2);
}

const runId = `so-${randomBytes(4).toString('hex')}`;
const databaseName = `scale_out_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-scale-out-'));
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const say = (line: string): void => console.log(`[${elapsed().toFixed(1).padStart(5)} s] ${line}`);

async function admin(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

// --- The instances ----------------------------------------------------------------------------

interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess | undefined;
  starts: number;
}

const instances: Instance[] = PORTS.map((port, index) => ({
  name: `api-${index + 1}`,
  port,
  base: `http://127.0.0.1:${port}/api`,
  child: undefined,
  starts: 0,
}));
const [first, victim] = instances;
if (!first || !victim || instances.length !== 2) {
  console.error(`scale-out: SCALE_OUT_PORTS names two ports, not ${PORTS.join(',')}`);
  process.exit(2);
}

function startInstance(instance: Instance): void {
  instance.starts += 1;
  const log = fs.openSync(path.join(logDir, `${instance.name}-${instance.starts}.log`), 'a');
  // A clean environment: above all, no FIREBASE_AUTH_EMULATOR_HOST.
  instance.child = spawn(process.execPath, [path.join(packageRoot, 'dist', 'server.js')], {
    cwd: packageRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      FIREBASE_PROJECT_ID: 'demo-scale-out',
      CONTACT_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  instance.child.on('exit', () => fs.closeSync(log));
}

// Generous: CI runs this at the lowest priority beside the browser smoke (tools/ci/node24.sh), and
// on a busy host an instance's start can take far longer than its 2-3 s on a quiet one. A slow
// start only lengthens the run; what is checked is what was acknowledged and stored.
async function waitHealthy(instance: Instance, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${instance.base}/health`, {
        signal: AbortSignal.timeout(1_000),
      });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} did not become healthy; see ${logDir}`);
}

function stopInstance(instance: Instance, signal: NodeJS.Signals): Promise<void> {
  const { child } = instance;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

// --- The client -------------------------------------------------------------------------------

const SEARCHES = [
  'tls',
  'zero trust',
  'threat model',
  'incident',
  '"least privilege"',
  'siem -cloud',
];
const stats: {
  tried: number;
  succeeded: number;
  retried: number;
  retrySucceeded: number;
  errors: Record<string, number>;
  byOperation: Record<string, number>;
  latencies: number[];
  contactTried: number;
  contactAcknowledged: number;
  replayedAcknowledgements: number;
} = {
  tried: 0,
  succeeded: 0,
  retried: 0,
  retrySucceeded: 0,
  errors: {},
  byOperation: {},
  latencies: [],
  contactTried: 0,
  contactAcknowledged: 0,
  replayedAcknowledgements: 0,
};
const acknowledgedKeys = new Set<string>();
let articleIds: string[] = [];
let contactCounter = 0;

/** A request of the mix: a read, or a contact post with its Idempotency-Key. */
interface Operation {
  name: string;
  path: string;
  key?: string;
  init?: RequestInit;
}

/** One of `list`, at random. */
const pick = <T>(list: readonly T[]): T | undefined =>
  list[Math.floor(Math.random() * list.length)];

function countError(kind: string): void {
  stats.errors[kind] = (stats.errors[kind] ?? 0) + 1;
}

function pickOperation(): Operation {
  const roll = Math.random();
  if (roll < 0.3) return { name: 'GET /articles', path: '/articles' };
  if (roll < 0.5) {
    const id = pick(articleIds);
    return { name: 'GET /articles/:id', path: `/articles/${id}` };
  }
  if (roll < 0.65) {
    const query = pick(SEARCHES) ?? '';
    return { name: 'GET /search', path: `/search?query=${encodeURIComponent(query)}` };
  }
  if (roll < 0.85) return { name: 'GET /projects', path: '/projects' };
  contactCounter += 1;
  const n = contactCounter;
  return {
    name: 'POST /contact',
    path: '/contact',
    key: `${runId}-${n}`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `${runId}-${n}` },
      body: JSON.stringify({
        name: 'Load Test',
        email: 'load@example.com',
        message: `Scale-out run ${runId}, message ${n}.`,
      }),
    },
  };
}

async function attempt(instance: Instance, operation: Operation): Promise<Response> {
  const response = await fetch(`${instance.base}${operation.path}`, {
    ...operation.init,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response;
}

async function runOperation(preferred: Instance, other: Instance): Promise<void> {
  const operation = pickOperation();
  stats.tried += 1;
  stats.byOperation[operation.name] = (stats.byOperation[operation.name] ?? 0) + 1;
  if (operation.key) stats.contactTried += 1;
  const begin = performance.now();
  let response: Response;
  try {
    response = await attempt(preferred, operation);
  } catch {
    // Connection refused or reset, or no answer in time: once more, on the other instance.
    stats.retried += 1;
    try {
      response = await attempt(other, operation);
      stats.retrySucceeded += 1;
    } catch (error) {
      countError(`connection (${failureKind(error)})`);
      return;
    }
  }
  stats.latencies.push(performance.now() - begin);
  const expected = operation.key ? 201 : 200;
  if (response.status !== expected) {
    countError(`HTTP ${response.status} on ${operation.name}`);
    return;
  }
  stats.succeeded += 1;
  if (operation.key) {
    stats.contactAcknowledged += 1;
    acknowledgedKeys.add(operation.key);
    if (response.headers.get('idempotent-replayed') === 'true') stats.replayedAcknowledgements += 1;
  }
}

/** What failed a request: fetch's cause's code (ECONNREFUSED, …), or the error's name. */
function failureKind(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const { cause } = error as Error & { cause?: { code?: unknown } };
  return typeof cause?.code === 'string' ? cause.code : error.name;
}

/** A client: alternates between the instances, starting with its own (by `index`). */
async function worker(
  index: number,
  deadline: number,
  [a, b]: [Instance, Instance],
): Promise<void> {
  let [preferred, other] = index % 2 === 0 ? [a, b] : [b, a];
  while (Date.now() < deadline) {
    await runOperation(preferred, other);
    [preferred, other] = [other, preferred];
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// --- The run ----------------------------------------------------------------------------------

async function cleanUp(): Promise<void> {
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(first: Instance, victim: Instance): Promise<boolean> {
  say(`run ${runId}: ${SECONDS} s, ${CONCURRENCY} clients, instances on ports ${PORTS.join(', ')}`);
  await admin(`CREATE DATABASE ${databaseName}`);
  const { openDatabase } = (await dist('db/connect.js')) as typeof Connect;
  const { loadSeedContent, seedDatabase } = (await dist('db/seed.js')) as typeof Seed;
  const database = await openDatabase({ driver: 'postgres', url: databaseUrl });
  await seedDatabase(database.db, loadSeedContent());
  await database.close();
  say(`database ${databaseName}: migrated and seeded`);

  instances.forEach(startInstance);
  await Promise.all(instances.map((instance) => waitHealthy(instance)));
  say('both instances healthy');
  const listed = (await (await fetch(`${first.base}/articles`)).json()) as { _id: string }[];
  articleIds = listed.map((article) => article._id);

  const deadline = Date.now() + SECONDS * 1000;
  const faults: string[] = [];
  const chaos = (async (): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT * 1000));
    await stopInstance(victim, 'SIGKILL');
    const killed = `${victim.name} SIGKILLed at ${elapsed().toFixed(1)} s`;
    faults.push(killed);
    say(killed);
    await new Promise((resolve) => setTimeout(resolve, (RESTART_AT - KILL_AT) * 1000));
    startInstance(victim);
    const restartedAt = elapsed();
    await waitHealthy(victim);
    const restarted = `${victim.name} restarted at ${restartedAt.toFixed(1)} s, healthy at ${elapsed().toFixed(1)} s`;
    faults.push(restarted);
    say(restarted);
  })();
  const progress = setInterval(
    () =>
      say(
        `${stats.tried} requests, ${stats.retried} retried, ${Object.values(stats.errors).reduce((a, b) => a + b, 0)} errors`,
      ),
    10_000,
  );
  await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, index) => worker(index, deadline, [first, victim])),
  );
  clearInterval(progress);
  await chaos;
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
  say('load finished, instances stopped');

  // The API stores each Idempotency-Key scoped to its client (a digest of the client's IP and
  // the key): look up this run's keys in that form, and map them back.
  const { scopedIdempotencyKey } = (await dist(
    'features/contact/repository.js',
  )) as typeof ContactRepository;
  const rawKeyOf = new Map(
    Array.from({ length: contactCounter }, (_, index) => {
      const key = `${runId}-${index + 1}`;
      return [scopedIdempotencyKey(LOAD_CLIENT_IP, key), key];
    }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ key: string; n: number }>(
      `SELECT idempotency_key AS key, count(*)::int AS n FROM contact_messages
        WHERE idempotency_key = ANY($1) GROUP BY idempotency_key`,
      [[...rawKeyOf.keys()]],
    )
    .finally(() => client.end());
  // Every key the query returns is one of rawKeyOf's (it asked for those alone).
  const stored = new Map(rows.map((row) => [rawKeyOf.get(row.key) ?? row.key, row.n]));
  const storedRows = rows.reduce((sum, row) => sum + row.n, 0);
  const duplicates = rows.filter((row) => row.n > 1).length;
  const lost = [...acknowledgedKeys].filter((key) => !stored.has(key));
  const unacknowledgedStored = [...stored.keys()].filter((key) => !acknowledgedKeys.has(key));
  const clientErrors = Object.values(stats.errors).reduce((a, b) => a + b, 0);

  const report = {
    run: runId,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    seconds: SECONDS,
    clients: CONCURRENCY,
    faults,
    requests: {
      tried: stats.tried,
      succeeded: stats.succeeded,
      retriedOnTheOtherInstance: stats.retried,
      succeededOnRetry: stats.retrySucceeded,
      clientVisibleErrors: clientErrors,
      errorKinds: stats.errors,
      byOperation: stats.byOperation,
      latencyMs: {
        p50: Number(percentile(stats.latencies, 50).toFixed(1)),
        p95: Number(percentile(stats.latencies, 95).toFixed(1)),
        p99: Number(percentile(stats.latencies, 99).toFixed(1)),
        max: Number(percentile(stats.latencies, 100).toFixed(1)),
      },
    },
    contact: {
      posted: stats.contactTried,
      acknowledged201: stats.contactAcknowledged,
      acknowledgedAsReplay: stats.replayedAcknowledgements,
      rowsStored: storedRows,
      acknowledgedButMissing: lost.length,
      keysStoredTwice: duplicates,
      storedButNotAcknowledged: unacknowledgedStored.length,
    },
  };
  console.log(JSON.stringify(report, null, 2));
  const intact = lost.length === 0 && duplicates === 0 && storedRows >= stats.contactAcknowledged;
  say(
    intact
      ? `OK: ${stats.contactAcknowledged} messages acknowledged, ${storedRows} stored, none twice`
      : `FAILED: ${lost.length} acknowledged messages missing, ${duplicates} stored twice`,
  );
  return intact;
}

let ok = false;
try {
  ok = await main(first, victim);
} catch (error) {
  console.error(error);
  console.error(`instance logs: ${logDir}`);
} finally {
  await cleanUp();
}
if (ok) fs.rmSync(logDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
