// The site's server on several processes (docs/decisions/074). A render keeps one core busy for
// a few milliseconds, and one Node process uses one core: with SITE_WORKERS processes (node's
// cluster) a machine renders on all the cores it gives the site. Each worker is a whole site
// server, with its own remotes, render cache and content event stream; nothing is shared between
// them but the listening socket, from which each worker takes the connections it serves
// (docs/decisions/110: a worker that dies costs only the connections it had taken).
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import os from 'node:os';
import { COUNTS_MESSAGE, TOTALS_MESSAGE, addCounts } from './rollout-counts';
import type { CountsByVersion } from './rollout-counts';

export const DEFAULT_SITE_WORKERS = 2;
/** A worker that dies is replaced after this long (a crash loop is not a busy loop). */
export const RESTART_DELAY_MS = 1000;

/**
 * How many processes serve the site: SITE_WORKERS (settings.ts checked it), else two, or one on
 * a one-core machine.
 */
export function siteWorkerCount(
  configured: number | undefined,
  cores: number = os.availableParallelism(),
): number {
  return configured ?? Math.max(1, Math.min(DEFAULT_SITE_WORKERS, cores));
}

export interface SiteWorkersOptions {
  /** The script each worker runs (the server's entry). */
  script: string;
  /** Node options for the workers (e.g. the TypeScript loader in development). */
  execArgv?: string[];
  count: number;
  /** Added to this process's environment for the workers. */
  env?: Record<string, string>;
  /** The workers' output; inherited when not given. */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
  log?: (message: string) => void;
}

export interface SiteWorkers {
  /** Settles once every worker listens, or fails if one exits before it does (a port in use). */
  ready: Promise<void>;
  /** Ends every worker; resolves once they have all exited. */
  stop(): Promise<void>;
}

/**
 * Starts `count` workers running `script`, each of which listens on the same port. A worker that
 * exits later is replaced, until `stop()`.
 */
export function startSiteWorkers({
  script,
  execArgv,
  count,
  env = {},
  onOutput,
  log = () => {},
}: SiteWorkersOptions): SiteWorkers {
  if (!cluster.isPrimary) throw new Error('startSiteWorkers runs in the primary process');
  // Not node's round-robin (its default off Windows): there the primary accepts each connection
  // and sends it to one worker, and a connection on its way to a worker that dies is never
  // answered, closed nor sent to another (the client hangs). With SCHED_NONE the workers accept
  // from the one listening socket themselves: a connection no worker has taken waits in the
  // kernel's queue for any living worker (docs/decisions/110). Read once, at setupPrimary.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({
    exec: script,
    args: [],
    silent: Boolean(onOutput),
    ...(execArgv ? { execArgv } : {}),
  });
  let stopping = false;
  let settle: (error?: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  /** Workers that listened: the start is done when all `count` have. */
  const started = new Set<number>();
  /** The start is done: from now on every worker that exits is replaced. */
  let running = false;

  // Each worker's rollout counts, added up and handed back to every worker (ADR 192): a canary is
  // judged on the whole site's traffic, and every worker reaches the same verdict.
  const countsByWorker = new Map<number, CountsByVersion>();
  const relayCounts = (worker: Worker, message: { type?: unknown; counts?: CountsByVersion }) => {
    if (message?.type !== COUNTS_MESSAGE || !message.counts) return;
    countsByWorker.set(worker.id, message.counts);
    const totals: CountsByVersion = {};
    for (const counts of countsByWorker.values()) addCounts(totals, counts);
    for (const each of Object.values(cluster.workers ?? {})) {
      if (each?.isConnected()) each.send({ type: TOTALS_MESSAGE, totals });
    }
  };

  const fork = () => {
    const worker = cluster.fork(env);
    worker.on('message', (message: { type?: unknown; counts?: CountsByVersion }) =>
      relayCounts(worker, message),
    );
    if (onOutput) {
      worker.process.stdout?.on('data', (chunk: Buffer) => onOutput('stdout', chunk.toString()));
      worker.process.stderr?.on('data', (chunk: Buffer) => onOutput('stderr', chunk.toString()));
    }
    worker.once('listening', () => {
      started.add(worker.id);
      if (started.size === count) {
        running = true;
        settle();
      }
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      // At the start, a worker that cannot listen (a port in use) fails the start. Later, a
      // replacement that dies while starting (killed, out of memory) is replaced like any other:
      // the site keeps serving on the workers it has.
      if (!started.has(worker.id) && !running) {
        stopping = true;
        void stopAll();
        settle(new Error(`A site worker exited before it listened (${signal ?? code})`));
        return;
      }
      const when = started.has(worker.id) ? '' : ' before it listened';
      log(`Site worker ${worker.process.pid} exited${when} (${signal ?? code}); starting another`);
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS).unref();
    });
  };

  const stopAll = () =>
    Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker: Worker | undefined) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => undefined);

  for (let index = 0; index < count; index += 1) fork();
  return {
    ready,
    async stop() {
      stopping = true;
      await stopAll();
    },
  };
}
