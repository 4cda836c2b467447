/** @jest-environment node */
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { claimBlock } from '@portfolio/testing/free-ports';
import type { Env } from '@portfolio/platform/settings';
import { readSiteServerSettings } from './settings';
import { siteWorkerCount, startSiteWorkers } from './workers';

describe('siteWorkerCount', () => {
  it('is two unless SITE_WORKERS says otherwise, and never more than the cores by default', () => {
    const workers = (env: Env, cores: number) =>
      siteWorkerCount(readSiteServerSettings(env).SITE_WORKERS, cores);
    expect(workers({}, 8)).toBe(2);
    expect(workers({}, 1)).toBe(1);
    expect(workers({ SITE_WORKERS: ' 3 ' }, 2)).toBe(3);
    expect(workers({ SITE_WORKERS: '1' }, 8)).toBe(1);
  });

  // The settings' schema refuses it at start (settings.ts), with what it accepts.
  it.each(['0', '-1', '1.5', 'two', '65'])('refuses SITE_WORKERS=%s', (value) => {
    expect(() => readSiteServerSettings({ SITE_WORKERS: value })).toThrow(
      `SITE_WORKERS must be a whole number from 1 to 64, got "${value}"`,
    );
  });
});

/** A port of a block claimed for this test file, outside the kernel's ephemeral range, so that
 * no other connection takes it while a worker is replaced (@portfolio/testing/free-ports). */
let nextPort: number | undefined;
async function freePort(): Promise<number> {
  nextPort ??= await claimBlock();
  const port = nextPort;
  nextPort += 1;
  return port;
}

/** The pid of the worker that answers a request on a new connection. */
function answeringPid(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(Number(body)));
      })
      .on('error', reject);
  });
}

/** The pids of the cluster's workers that are alive now, as the primary knows them. */
function workerPids(): Set<number> {
  const pids = new Set<number>();
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker && !worker.isDead() && worker.process.pid !== undefined)
      pids.add(worker.process.pid);
  }
  return pids;
}

/** The next worker that listens, as the cluster announces it. */
function nextListening(): Promise<Worker> {
  return new Promise((resolve) => cluster.once('listening', (worker: Worker) => resolve(worker)));
}

/**
 * The pids that answer requests on new connections, sent four at a time until each of
 * `expected` has answered (at most 100 rounds). The kernel, not the primary, chooses which
 * worker takes a connection (docs/decisions/110): a few requests in a row may all go to one.
 */
async function answeringPids(port: number, expected: Set<number>): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let round = 0; round < 100 && [...expected].some((pid) => !seen.has(pid)); round += 1) {
    const pids = await Promise.all(Array.from({ length: 4 }, () => answeringPid(port)));
    for (const pid of pids) seen.add(pid);
  }
  return seen;
}

describe('startSiteWorkers', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-workers-'));
  // A site worker in miniature: each answer keeps the process busy a little, as a render does.
  const busy = path.join(dir, 'busy.mjs');
  writeFileSync(
    busy,
    "import http from 'node:http';\n" +
      'http.createServer((request, response) => {\n' +
      '  const until = Date.now() + 2;\n' +
      '  while (Date.now() < until);\n' +
      '  response.end(String(process.pid));\n' +
      "}).listen(Number(process.env.PORT), '127.0.0.1');\n",
  );
  // Listens at once while fewer than two workers have started; a later one takes 3 s to start.
  const slowLater = path.join(dir, 'slow-later.mjs');
  writeFileSync(
    slowLater,
    "import { appendFileSync, readFileSync } from 'node:fs';\n" +
      "import http from 'node:http';\n" +
      "appendFileSync(process.env.STARTS, 'x');\n" +
      "const later = readFileSync(process.env.STARTS, 'utf8').length > 2;\n" +
      'setTimeout(() => http.createServer((request, response) => response.end(String(process.pid)))' +
      ".listen(Number(process.env.PORT), '127.0.0.1'), later ? 3000 : 0);\n",
  );
  const failing = path.join(dir, 'failing.mjs');
  writeFileSync(failing, 'process.exit(3);\n');

  it('runs the workers on one port, replaces one that dies, and stops them all', async () => {
    const port = await freePort();
    const log: string[] = [];
    const site = startSiteWorkers({
      script: busy,
      count: 2,
      env: { PORT: String(port) },
      log: (message) => log.push(message),
    });
    try {
      await site.ready;
      const first = workerPids();
      expect(first.size).toBe(2);
      expect(await answeringPids(port, first)).toEqual(first);
      const [gone, kept] = [...first] as [number, number];
      const replaced = nextListening();
      process.kill(gone, 'SIGKILL');
      const replacement = (await replaced).process.pid as number;
      const now = new Set([kept, replacement]);
      expect(await answeringPids(port, now)).toEqual(now);
      expect(log.join('\n')).toContain(`Site worker ${gone} exited (SIGKILL); starting another`);
    } finally {
      await site.stop();
    }
    // Nothing answers any more: refused, or reset by a listening socket its exiting worker was
    // closing at that moment (each worker has its own, docs/decisions/110).
    await expect(answeringPid(port)).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
  });

  it('a worker killed under load costs no hung request, only the connections it had taken', async () => {
    const port = await freePort();
    // The workers that listen now, as the cluster announces them.
    const listening = new Set<Worker>();
    const onListening = (worker: Worker) => listening.add(worker);
    const onExit = (worker: Worker) => listening.delete(worker);
    cluster.on('listening', onListening);
    cluster.on('exit', onExit);
    const site = startSiteWorkers({ script: busy, count: 2, env: { PORT: String(port) } });
    const bothListening = async () => {
      while (listening.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    /** Longer than this and a request hangs: a client would have given up. */
    const HUNG_MS = 5000;
    const CONCURRENCY = 8;
    const KILLS = 4;
    const outcome = { answered: 0, hung: 0, reset: 0, other: [] as string[] };
    let loading = true;
    // One request on a new connection: its connection is what a worker takes, or not.
    const request = () =>
      new Promise<void>((resolve) => {
        let settled = false;
        const settle = (count: () => void) => {
          if (settled) return;
          settled = true;
          count();
          resolve();
        };
        const started = http.get({ host: '127.0.0.1', port, agent: false }, (response) => {
          response.resume();
          response.on('error', () => undefined);
          response.on('close', () =>
            settle(() => (response.complete ? (outcome.answered += 1) : (outcome.reset += 1))),
          );
        });
        started.setTimeout(HUNG_MS, () => {
          settle(() => (outcome.hung += 1));
          started.destroy();
        });
        started.on('error', (error: NodeJS.ErrnoException) =>
          settle(() =>
            // The worker that had taken the connection died: closed, never left waiting.
            error.code === 'ECONNRESET'
              ? (outcome.reset += 1)
              : outcome.other.push(String(error.code)),
          ),
        );
      });
    try {
      await site.ready;
      await bothListening();
      const loops = Array.from({ length: CONCURRENCY }, async () => {
        while (loading) await request();
      });
      for (let kill = 0; kill < KILLS; kill += 1) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Always one worker left to serve: the other is killed in the middle of the load.
        await bothListening();
        const [victim] = listening;
        listening.delete(victim as Worker);
        victim?.process.kill('SIGKILL');
      }
      await bothListening();
      const before = outcome.answered;
      while (outcome.answered < before + 20)
        await new Promise((resolve) => setTimeout(resolve, 50));
      loading = false;
      await Promise.all(loops);
    } finally {
      loading = false;
      cluster.off('listening', onListening);
      cluster.off('exit', onExit);
      await site.stop();
    }
    expect(outcome.hung).toBe(0);
    expect(outcome.other).toEqual([]);
    // A killed worker takes down the connections it had taken, at most one per client in flight.
    expect(outcome.reset).toBeLessThanOrEqual(KILLS * CONCURRENCY);
    expect(outcome.answered).toBeGreaterThan(100);
  }, 60_000);

  it('replaces a worker that dies while it starts, once the site is running', async () => {
    const port = await freePort();
    const starts = path.join(dir, `starts-${port}`);
    writeFileSync(starts, '');
    const log: string[] = [];
    const site = startSiteWorkers({
      script: slowLater,
      count: 2,
      env: { PORT: String(port), STARTS: starts },
      log: (message) => log.push(message),
    });
    try {
      await site.ready;
      const [first, second] = [...workerPids()] as [number, number];
      const starting = nextListening();
      process.kill(first, 'SIGKILL');
      // Its replacement is killed while it starts (it takes 3 s to listen).
      let replacement: Worker | undefined;
      while (!replacement) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        replacement = Object.values(cluster.workers ?? {}).find(
          (worker) => worker && ![first, second].includes(worker.process.pid as number),
        );
      }
      replacement.process.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The site still answers, and gets its second worker back.
      expect(await answeringPid(port)).toBe(second);
      const back = (await starting).process.pid as number;
      expect(back).not.toBe(replacement.process.pid);
      const now = new Set([second, back]);
      expect(await answeringPids(port, now)).toEqual(now);
      expect(log.join('\n')).toMatch(/exited before it listened \(SIGKILL\); starting another/);
    } finally {
      await site.stop();
    }
  }, 60_000);

  it('fails to start when a worker exits before it listens', async () => {
    const site = startSiteWorkers({ script: failing, count: 2 });
    await expect(site.ready).rejects.toThrow('A site worker exited before it listened (3)');
    await site.stop();
  });
});
