// The planner's statistics for PGlite (docs/decisions/134). PostgreSQL's autovacuum analyzes a
// table once enough of it changed; PGlite runs no autovacuum, so an embedded database never had
// statistics at all and the planner guessed: a search for a word in nine articles out of ten was
// planned as if it were in fifty (bitmap index, then every match ranked and sorted: 0.8 s at
// 10,000 articles instead of walking the newest ones). This runs ANALYZE soon after the start
// and again once content changes pause (a write here, a file change, an import), at most once a
// minute: about 0.3 s of the database's single thread at 10,000 articles.
import { sql } from 'drizzle-orm';
import type { Database } from './connect.js';
import type { ResponseCache } from '../http/response-cache.js';

export interface AutoAnalyzeOptions {
  db: Database;
  /** Its invalidations are the content changes. */
  cache: Pick<ResponseCache, 'onInvalidate'>;
  warn: (message: string) => void;
  /** How long after a change to analyze (more changes may follow: one run for a burst). */
  afterChangeMs?: number;
  /** The least time between two runs. */
  intervalMs?: number;
  /** What a run does (tests); ANALYZE by default. */
  analyze?: () => Promise<void>;
  now?: () => number;
}

export interface AutoAnalyze {
  /** The runs so far (tests and diagnostics). */
  readonly runs: number;
  stop(): Promise<void>;
}

export const AFTER_CHANGE_MS = 10_000;
export const ANALYZE_INTERVAL_MS = 60_000;

export function startAutoAnalyze({
  db,
  cache,
  warn,
  afterChangeMs = AFTER_CHANGE_MS,
  intervalMs = ANALYZE_INTERVAL_MS,
  analyze = async () => {
    await db.execute(sql`ANALYZE`);
  },
  now = Date.now,
}: AutoAnalyzeOptions): AutoAnalyze {
  let runs = 0;
  let lastRun = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  /** When the oldest change not analyzed yet came: a steady stream of writes waits no longer. */
  let pendingSince: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function run(): void {
    timer = undefined;
    if (stopped) return;
    lastRun = now();
    pendingSince = undefined;
    running = analyze()
      .then(() => {
        runs += 1;
      })
      .catch((error: unknown) => {
        warn(`ANALYZE failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = undefined;
      });
  }

  /**
   * Runs `delayMs` from now, or when the interval allows, whichever is later; but no later than
   * an interval after the oldest change waiting.
   */
  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const at = now();
    pendingSince ??= at;
    const wait = Math.min(
      Math.max(delayMs, lastRun + intervalMs - at),
      Math.max(0, pendingSince + intervalMs - at),
    );
    timer = setTimeout(run, wait);
    timer.unref();
  }

  const unsubscribe = cache.onInvalidate(() => schedule(afterChangeMs));
  // At the start: the seed, an import or another version's writes may have come meanwhile.
  schedule(0);

  return {
    get runs() {
      return runs;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
