// Uploaded SVG is checked and sanitised off the request thread (docs/decisions/082): parsing,
// jsdom and DOMPurify are seconds of CPU for a large file, and on the event loop they stalled
// every other request (`/api/health`, session checks, the site's renders). A small piscina pool
// runs svg-worker.ts; the request only waits for its answer. The work itself is bounded too
// (image-type.ts: elements and depth), and a check that still takes too long is stopped.
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../../http/errors.js';
import { SVG } from './image-type.js';
import type { ImageType } from './image-type.js';
import type { SvgCheckResult } from './svg-worker.js';

/**
 * Longer than any SVG within the limits takes on a busy machine, a worker's start included
 * (jsdom, and tsx in development and Jest: a cold worker at nice +10 on a saturated host once took
 * over 20 s before its first check); then it is refused.
 */
export const SVG_CHECK_TIMEOUT_MS = 60_000;
/** Uploads that may wait for a worker; more are refused until one is free. */
export const SVG_CHECK_QUEUE = 8;

export const SVG_TOO_COMPLEX =
  'The SVG image is too complex to check: simplify it or upload it as a PNG.';
export const SVG_CHECKS_BUSY = 'Too many images are being checked right now. Please try again.';

export type SvgCheck = { ok: true; type: ImageType; data: Buffer } | { ok: false; reason: string };

export interface SvgChecks {
  check(data: Buffer): Promise<SvgCheck>;
  close(): Promise<void>;
}

/**
 * The worker module, beside the code that runs this one and of its kind: `svg-worker.ts` when
 * this file runs as TypeScript (tsx in development, Jest; run through tsx), `svg-worker.js` in
 * the build (content-api/dist/), `svg-worker.mjs` beside the package's bundle (`dist/server.mjs`:
 * tools/package.ts bundles the worker as an entry of its own).
 */
export function workerModule(moduleUrl: string = import.meta.url): {
  filename: string;
  execArgv: string[];
} {
  const here = fileURLToPath(moduleUrl);
  const extension = path.extname(here);
  const filename = path.join(path.dirname(here), `svg-worker${extension}`);
  if (extension !== '.ts') return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

export interface SvgCheckOptions {
  timeoutMs?: number;
  /** The worker module (workerModule()): another only in tests. */
  worker?: { filename: string; execArgv: string[] };
  /** Hears a worker that failed outside a check (it could not load, it crashed). */
  onWorkerError?: (error: Error) => void;
}

export function createSvgChecks({
  timeoutMs = SVG_CHECK_TIMEOUT_MS,
  worker = workerModule(),
  onWorkerError,
}: SvgCheckOptions = {}) {
  // One check at a time per spare core, at most two: the other core(s) stay with the requests.
  const threads = Math.max(1, Math.min(2, cpus().length - 1));
  let pool: Piscina<Uint8Array, SvgCheckResult> | undefined;
  // Counted here: piscina's maxQueue does not hold tasks that carry an abort signal.
  let inFlight = 0;
  // Started on the first SVG upload: most instances never see one.
  const getPool = () => {
    if (pool) return pool;
    const created = new Piscina<Uint8Array, SvgCheckResult>({
      ...worker,
      minThreads: 0,
      maxThreads: threads,
      // jsdom takes a second to load: keep a worker a minute after its last check.
      idleTimeout: 60_000,
      // A hostile file cannot take the process's memory, only its worker's.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      // Below the request thread in the scheduler's eyes, where the OS allows it.
      niceIncrement: 10,
    });
    // A worker that fails outside a task (it cannot load its module, it crashes) is the pool's
    // 'error' event, which unheard would end the whole API. The pool is dropped instead: the
    // checks waiting on it fail now (a 500 for their uploads, logged), where they would wait
    // for their time limit, and the next check starts a new pool.
    created.on('error', (error: Error) => {
      onWorkerError?.(error);
      if (pool === created) pool = undefined;
      void created.destroy();
    });
    return (pool = created);
  };

  return {
    async check(data: Buffer): Promise<SvgCheck> {
      // Not the image's fault: a 503, and the client may try again.
      if (inFlight >= threads + SVG_CHECK_QUEUE) throw new HttpError(503, SVG_CHECKS_BUSY);
      let result: SvgCheckResult;
      inFlight += 1;
      try {
        result = await getPool().run(new Uint8Array(data), {
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const { name, code } = error as { name?: string; code?: string };
        // Stopped for taking too long, or its worker ran out of memory: the image's doing.
        if (name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return { ok: false, reason: SVG_TOO_COMPLEX };
        }
        throw error;
      } finally {
        inFlight -= 1;
      }
      if (!result.ok) return result;
      return { ok: true, type: SVG, data: Buffer.from(result.data) };
    },
    async close() {
      await pool?.destroy();
    },
  } satisfies SvgChecks;
}
