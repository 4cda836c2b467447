// ANALYZE for PGlite, which has no autovacuum: soon after the start, then after content changes,
// at most once per interval.
import { sql } from 'drizzle-orm';
import { ResponseCache } from '../http/response-cache.js';
import { createTestDatabase } from '../testing/databases.js';
import { startAutoAnalyze } from './auto-analyze.js';

describe('startAutoAnalyze', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function started(options: { afterChangeMs?: number; intervalMs?: number } = {}) {
    const cache = new ResponseCache();
    const analyze = jest.fn(async () => {});
    const warn = jest.fn();
    const analyzer = startAutoAnalyze({
      db: {} as never, // never used: `analyze` replaces the statement
      cache,
      warn,
      analyze,
      now: () => Date.now(),
      afterChangeMs: 1_000,
      intervalMs: 60_000,
      ...options,
    });
    return { cache, analyze, warn, analyzer };
  }

  it('runs once at the start, then once for a burst of changes, waiting out the interval', async () => {
    const { cache, analyze, analyzer } = started();
    await jest.advanceTimersByTimeAsync(0);
    expect(analyze).toHaveBeenCalledTimes(1);

    // Changes right after the first run wait for the interval to end; a burst is one run.
    cache.invalidate();
    await jest.advanceTimersByTimeAsync(30_000);
    cache.invalidate();
    cache.invalidate();
    await jest.advanceTimersByTimeAsync(29_000);
    expect(analyze).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    expect(analyzer.runs).toBe(2);

    // Nothing changed since: no more runs.
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(analyze).toHaveBeenCalledTimes(2);

    // Long after, a change is analyzed `afterChangeMs` later.
    cache.invalidate();
    await jest.advanceTimersByTimeAsync(999);
    expect(analyze).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(analyze).toHaveBeenCalledTimes(3);
    await analyzer.stop();
  });

  it('analyzes a steady stream of changes once an interval, not never', async () => {
    const { cache, analyze, analyzer } = started();
    await jest.advanceTimersByTimeAsync(0);
    for (let elapsed = 0; elapsed < 180_000; elapsed += 500) {
      cache.invalidate();
      await jest.advanceTimersByTimeAsync(500);
    }
    // The start's run, then one a minute while the writes go on.
    expect(analyze).toHaveBeenCalledTimes(4);
    await analyzer.stop();
  });

  it('says when a run fails and goes on; stops for good', async () => {
    const { cache, analyze, warn, analyzer } = started({ intervalMs: 0 });
    analyze.mockRejectedValueOnce(new Error('disk full'));
    await jest.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith('ANALYZE failed: disk full');
    cache.invalidate();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    await analyzer.stop();
    cache.invalidate();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(analyze).toHaveBeenCalledTimes(2);
  });
});

describe('startAutoAnalyze on PGlite', () => {
  it('gives the planner statistics', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const lastAnalyze = async () => {
        const result = await database.db.execute(
          sql`select last_analyze from pg_stat_user_tables where relname = 'articles'`,
        );
        // Both drivers answer { rows } (the Database type does not say so).
        return (result as unknown as { rows: { last_analyze: unknown }[] }).rows[0]?.last_analyze;
      };
      expect(await lastAnalyze()).toBeNull();
      const analyzer = startAutoAnalyze({
        db: database.db,
        cache: new ResponseCache(),
        warn: (message) => {
          throw new Error(message);
        },
      });
      while (analyzer.runs === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await analyzer.stop();
      expect(await lastAnalyze()).not.toBeNull();
    } finally {
      await database.close();
    }
  });
});
