// Scale-out load test: two API instances (node dist/server.js) over one Postgres and one Redis,
// mixed reads and contact posts for SCALE_OUT_SECONDS, one instance SIGKILLed a third of the way
// in and restarted a little past half-way. The client fails over: on a connection error it
// retries once on the other instance, with the same Idempotency-Key for a contact post.
// At the end it reports what was tried, what succeeded, what the client saw fail, and checks
// that every contact message acknowledged with 201 is stored exactly once.
//
//   npm run test:scale-out -w @portfolio/content-api        (builds, starts the services, runs)
//   SCALE_OUT_SECONDS=30 npm run test:scale-out -w @portfolio/content-api
//
// Needs TEST_DATABASE_URL and TEST_REDIS_URL (scripts/with-services.sh sets them). Everything
// listens on 127.0.0.1. Exit code 1 when a message was lost or stored twice.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => pathToFileURL(path.join(packageRoot, 'dist', file)).href;

const SECONDS = Number(process.env.SCALE_OUT_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.SCALE_OUT_CONCURRENCY ?? 6);
const PORTS = (process.env.SCALE_OUT_PORTS ?? '4710,4711').split(',').map(Number);
const REQUEST_TIMEOUT_MS = 5_000;
/** The address the instances see this load come from (both listen on 127.0.0.1). */
const LOAD_CLIENT_IP = '127.0.0.1';
const KILL_AT = SECONDS / 3;
const RESTART_AT = (SECONDS * 7) / 12;

const { TEST_DATABASE_URL, TEST_REDIS_URL } = process.env;
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
const say = (line) => console.log(`[${elapsed().toFixed(1).padStart(5)} s] ${line}`);

async function admin(text) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

// --- The instances ----------------------------------------------------------------------------

const instances = PORTS.map((port, index) => ({
  name: `api-${index + 1}`,
  port,
  base: `http://127.0.0.1:${port}/api`,
  child: undefined,
  starts: 0,
}));

function startInstance(instance) {
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

async function waitHealthy(instance, timeoutMs = 30_000) {
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

function stopInstance(instance, signal) {
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
const stats = {
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
const acknowledgedKeys = new Set();
let articleIds = [];
let contactCounter = 0;

function countError(kind) {
  stats.errors[kind] = (stats.errors[kind] ?? 0) + 1;
}

function pickOperation() {
  const roll = Math.random();
  if (roll < 0.3) return { name: 'GET /articles', path: '/articles' };
  if (roll < 0.5) {
    const id = articleIds[Math.floor(Math.random() * articleIds.length)];
    return { name: 'GET /articles/:id', path: `/articles/${id}` };
  }
  if (roll < 0.65) {
    const query = SEARCHES[Math.floor(Math.random() * SEARCHES.length)];
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

async function attempt(instance, operation) {
  const response = await fetch(`${instance.base}${operation.path}`, {
    ...operation.init,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response;
}

async function runOperation(preferred) {
  const operation = pickOperation();
  stats.tried += 1;
  stats.byOperation[operation.name] = (stats.byOperation[operation.name] ?? 0) + 1;
  if (operation.key) stats.contactTried += 1;
  const begin = performance.now();
  let response;
  try {
    response = await attempt(instances[preferred], operation);
  } catch {
    // Connection refused or reset, or no answer in time: once more, on the other instance.
    stats.retried += 1;
    try {
      response = await attempt(instances[1 - preferred], operation);
      stats.retrySucceeded += 1;
    } catch (error) {
      countError(`connection (${error?.cause?.code ?? error?.name ?? 'unknown'})`);
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

async function worker(index, deadline) {
  let preferred = index % 2;
  while (Date.now() < deadline) {
    await runOperation(preferred);
    preferred = 1 - preferred;
  }
}

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// --- The run ----------------------------------------------------------------------------------

async function cleanUp() {
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    say(`${signal}: stopping`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  say(`run ${runId}: ${SECONDS} s, ${CONCURRENCY} clients, instances on ports ${PORTS.join(', ')}`);
  await admin(`CREATE DATABASE ${databaseName}`);
  const { openDatabase } = await import(dist('db/connect.js'));
  const { loadSeedContent, seedDatabase } = await import(dist('db/seed.js'));
  const database = await openDatabase({ driver: 'postgres', url: databaseUrl });
  await seedDatabase(database.db, loadSeedContent());
  await database.close();
  say(`database ${databaseName}: migrated and seeded`);

  instances.forEach(startInstance);
  await Promise.all(instances.map((instance) => waitHealthy(instance)));
  say('both instances healthy');
  articleIds = (await (await fetch(`${instances[0].base}/articles`)).json()).map((a) => a._id);

  const deadline = Date.now() + SECONDS * 1000;
  const faults = [];
  const victim = instances[1];
  const chaos = (async () => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT * 1000));
    await stopInstance(victim, 'SIGKILL');
    faults.push(`${victim.name} SIGKILLed at ${elapsed().toFixed(1)} s`);
    say(faults.at(-1));
    await new Promise((resolve) => setTimeout(resolve, (RESTART_AT - KILL_AT) * 1000));
    startInstance(victim);
    const restartedAt = elapsed();
    await waitHealthy(victim);
    faults.push(
      `${victim.name} restarted at ${restartedAt.toFixed(1)} s, healthy at ${elapsed().toFixed(1)} s`,
    );
    say(faults.at(-1));
  })();
  const progress = setInterval(
    () =>
      say(
        `${stats.tried} requests, ${stats.retried} retried, ${Object.values(stats.errors).reduce((a, b) => a + b, 0)} errors`,
      ),
    10_000,
  );
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index, deadline)));
  clearInterval(progress);
  await chaos;
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
  say('load finished, instances stopped');

  // The API stores each Idempotency-Key scoped to its client (a digest of the client's IP and
  // the key): look up this run's keys in that form, and map them back.
  const { scopedIdempotencyKey } = await import(dist('features/contact/repository.js'));
  const rawKeyOf = new Map(
    Array.from({ length: contactCounter }, (_, index) => {
      const key = `${runId}-${index + 1}`;
      return [scopedIdempotencyKey(LOAD_CLIENT_IP, key), key];
    }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query(
      `SELECT idempotency_key AS key, count(*)::int AS n FROM contact_messages
        WHERE idempotency_key = ANY($1) GROUP BY idempotency_key`,
      [[...rawKeyOf.keys()]],
    )
    .finally(() => client.end());
  const stored = new Map(rows.map((row) => [rawKeyOf.get(row.key), row.n]));
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
  ok = await main();
} catch (error) {
  console.error(error);
  console.error(`instance logs: ${logDir}`);
} finally {
  await cleanUp();
}
if (ok) fs.rmSync(logDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
