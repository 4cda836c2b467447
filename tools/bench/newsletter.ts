// npm run bench:newsletter — an article sent as the newsletter (docs/decisions/206) to 10,000
// confirmed subscribers through a local SMTP server, by the built API (content-api/dist/server.js)
// in a process of its own, stopped (SIGTERM, as a deploy or a restart does) when about 40% of the
// mails are out and started again on the same database: every address must receive the article
// exactly once. Recorded: the time from the first mail to the last, the mails a second, and the
// API's memory (its resident set, sampled every 250 ms) while it sends.
//
// The SMTP server is the API tests' sink (@portfolio/content-api/testing/smtp-sink): on 127.0.0.1,
// a free port, keeping every message, so the bench counts what each address received.
//
// Postgres: DATABASE_URL (or TEST_DATABASE_URL) names a server on which the bench creates and
// drops its own database; with neither it runs itself again inside
// content-api/scripts/with-services.sh (a throwaway cluster). PGlite: a data folder of its own.
// Results: the console and bench-results/newsletter.json.
//
// Knobs: BENCH_NEWSLETTER_SUBSCRIBERS (10000), BENCH_NEWSLETTER_DRIVERS (postgres,pglite),
// BENCH_NEWSLETTER_RESTART_AT (0.4 of the mails), BENCH_NEWSLETTER_PORT (4700, first port tried).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as ApiBench from '@portfolio/content-api/bench';
import { startSmtpSink } from '@portfolio/content-api/testing/smtp-sink';
import type { SmtpSink } from '@portfolio/content-api/testing/smtp-sink';
import { ROOT } from '../root';
import { postgresServerOrRerun, prepareDatabase } from './api/database';
import { freePort, startNodeServer } from './api/processes';
import type { NodeServer } from './api/processes';
import { loadAverage, machineAtStart, writeResults } from './bench-site';

const settings = {
  subscribers: Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000),
  drivers: (process.env.BENCH_NEWSLETTER_DRIVERS ?? 'postgres,pglite').split(','),
  restartAt: Number(process.env.BENCH_NEWSLETTER_RESTART_AT ?? 0.4),
  firstPort: Number(process.env.BENCH_NEWSLETTER_PORT ?? 4700),
};
const IN_SERVICES = 'BENCH_NEWSLETTER_IN_SERVICES';
const SITE_URL = 'http://localhost:3000';
const log = (line: string): void => console.log(`[bench:newsletter] ${line}`);

type Modules = typeof ApiBench;

/** The compiled API's bench export (npm run build first: it measures the API as it ships). */
async function apiModules(): Promise<Modules> {
  return (await import(
    pathToFileURL(path.join(ROOT, 'content-api', 'dist', 'bench.js')).href
  )) as Modules;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The resident set of `pid` in MiB, from /proc (Linux). */
function residentMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 102.4) / 10;
  } catch {
    return null;
  }
}

/** Waits until `check` holds, looking every 100 ms; throws after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function benchDriver(
  driver: string,
  api: Modules,
  runDir: string,
  serverUrl: string | undefined,
  sink: SmtpSink,
) {
  log(`${driver}: seeding the content and ${settings.subscribers} subscribers`);
  const database = await prepareDatabase({ driver, total: 20, runDir, serverUrl });
  const target: ApiBench.DatabaseTarget =
    driver === 'pglite'
      ? { driver: 'pglite', dataDir: database.env.DATA_DIR! }
      : { driver: 'postgres', url: database.env.DATABASE_URL! };
  try {
    // The subscribers, confirmed; the article, queued for them as the owner's click does.
    const handle = await api.openDatabase(target);
    let articleId: string;
    try {
      await handle.db.execute(`
        insert into newsletter_subscribers (id, email, status, created_at, confirmed_at)
        select 'bench-' || g, 'reader-' || g || '@example.com', 'confirmed', now(), now()
        from generate_series(1, ${settings.subscribers}) g`);
      const result = (await handle.db.execute(
        'select id from articles order by created_at desc limit 1',
      )) as unknown as { rows: { id: string }[] };
      articleId = result.rows[0]!.id;
      const queued = await api.queueArticle(handle.db, articleId, new Date());
      log(`${driver}: ${queued} mails queued`);
    } finally {
      await handle.close();
    }

    sink.received.length = 0;
    const port = await freePort(settings.firstPort);
    const env = {
      ...database.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'off',
      FIREBASE_PROJECT_ID: 'demo-bench',
      SITE_URL,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Bench <bench@example.com>',
    };
    const start = () =>
      startNodeServer({
        name: `newsletter-${driver}`,
        script: 'content-api/dist/server.js',
        port,
        env,
        healthPath: '/api/health',
        logDir: runDir,
      });

    const memory: number[] = [];
    let server: NodeServer = await start();
    const sampler = setInterval(() => {
      const mib = residentMiB(server.pid);
      if (mib !== null) memory.push(mib);
    }, 250);
    try {
      await until(() => sink.received.length > 0, 60_000, 'the first mail');
      const first = Date.now();
      const restartAfter = Math.floor(settings.subscribers * settings.restartAt);
      await until(() => sink.received.length >= restartAfter, 600_000, 'the mails before the stop');
      const stopping = Date.now();
      await server.stop();
      const atStop = sink.received.length;
      log(`${driver}: stopped after ${atStop} mails (${seconds(Date.now() - stopping)} s to stop)`);
      server = await start();
      await until(() => sink.received.length >= settings.subscribers, 900_000, 'every mail');
      const last = Date.now();
      // Anything sent twice would arrive now: a moment more to see it.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const perAddress = new Map<string, number>();
      for (const mail of sink.received) {
        for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      }
      const twice = [...perAddress.values()].filter((count) => count > 1).length;
      const missing = settings.subscribers - perAddress.size;
      const elapsed = last - first;
      memory.sort((a, b) => a - b);
      const figures = {
        driver,
        subscribers: settings.subscribers,
        mails: sink.received.length,
        addresses: perAddress.size,
        twice,
        missing,
        stoppedAfter: atStop,
        seconds: seconds(elapsed),
        perSecond: Math.round((settings.subscribers / elapsed) * 1000 * 10) / 10,
        memoryMiB: {
          median: memory[Math.floor(memory.length / 2)] ?? null,
          max: memory.at(-1) ?? null,
        },
      };
      log(`${driver}: ${JSON.stringify(figures)}`);
      if (twice > 0 || missing > 0) {
        throw new Error(`${driver}: ${twice} addresses got it twice, ${missing} never`);
      }
      return figures;
    } finally {
      clearInterval(sampler);
      await server.stop();
    }
  } finally {
    await database.cleanup();
  }
}

async function main() {
  const serverUrl = postgresServerOrRerun(
    settings.drivers,
    fileURLToPath(import.meta.url),
    IN_SERVICES,
  );
  const api = await apiModules();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-newsletter-'));
  const sink = await startSmtpSink();
  const machine = machineAtStart();
  log(`machine: ${JSON.stringify(machine)}`);
  const results = [];
  try {
    for (const driver of settings.drivers) {
      if (driver === 'postgres' && !serverUrl) {
        log('postgres: skipped (no server)');
        continue;
      }
      results.push(await benchDriver(driver, api, runDir, serverUrl, sink));
    }
  } finally {
    await sink.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  const file = writeResults('newsletter.json', {
    date: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: loadAverage() },
    settings,
    results,
  });
  log(`results in ${file}`);
}

await main();
