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
 * The worker module: the build's JavaScript beside this file, or, when this file runs as
 * TypeScript (tsx in development, Jest), the TypeScript source run through tsx.
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const source = here.endsWith('.ts');
  const filename = path.join(path.dirname(here), source ? 'svg-worker.ts' : 'svg-worker.js');
  if (!source) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

export interface SvgCheckOptions {
  timeoutMs?: number;
}

export function createSvgChecks({ timeoutMs = SVG_CHECK_TIMEOUT_MS }: SvgCheckOptions = {}) {
  // One check at a time per spare core, at most two: the other core(s) stay with the requests.
  const threads = Math.max(1, Math.min(2, cpus().length - 1));
  let pool: Piscina<Uint8Array, SvgCheckResult> | undefined;
  // Counted here: piscina's maxQueue does not hold tasks that carry an abort signal.
  let inFlight = 0;
  // Started on the first SVG upload: most instances never see one.
  const getPool = () =>
    (pool ??= new Piscina({
      ...workerModule(),
      minThreads: 0,
      maxThreads: threads,
      // jsdom takes a second to load: keep a worker a minute after its last check.
      idleTimeout: 60_000,
      // A hostile file cannot take the process's memory, only its worker's.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      // Below the request thread in the scheduler's eyes, where the OS allows it.
      niceIncrement: 10,
    }));

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
