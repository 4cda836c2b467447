// Scheduled content comes out on its time without a write (docs/decisions/120): this timer
// empties the response cache when the next scheduled project or article falls due, which is a
// content change like any other (the site's caches hear it through GET /content-events). After
// every change the next due time is read again, since a write may have scheduled, moved or
// unpublished one. Each API instance keeps its own timer (they all read the same database).
import { and, eq, gt, min } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { articles, projects } from '../../db/schema.js';
import type { ResponseCache } from '../../http/response-cache.js';

/** setTimeout's longest delay (about 24.8 days); a later time is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** A timer may fire a millisecond early: wait this much past the due time. */
const PAST_DUE_MS = 5;
/** When the next due time could not be read (database down), try again after this long. */
export const RETRY_MS = 30_000;

/** The earliest publication time after `now` of a published project or article, if any. */
export async function nextDueTime(db: Database, now: Date): Promise<Date | undefined> {
  const times = await Promise.all(
    [projects, articles].map(async (table) => {
      const [row] = await db
        .select({ next: min(table.publishedAt) })
        .from(table)
        .where(and(eq(table.status, 'published'), gt(table.publishedAt, now)));
      return row?.next ?? undefined;
    }),
  );
  return times
    .filter((time): time is Date => time instanceof Date)
    .reduce<Date | undefined>(
      (soonest, time) => (!soonest || time < soonest ? time : soonest),
      undefined,
    );
}

export interface PublicationTimer {
  /** The time it waits for (tests and diagnostics). */
  readonly dueAt: Date | undefined;
  stop(): void;
}

export function startPublicationTimer({
  db,
  cache,
  warn,
}: {
  db: Database;
  cache: ResponseCache;
  warn: (message: string) => void;
}): PublicationTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt: Date | undefined;
  let stopped = false;
  /** Reads under way, and whether another change came meanwhile (read once more after it). */
  let reading = false;
  let again = false;

  const wait = (delay: number, then: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(then, Math.min(Math.max(delay, 0), MAX_DELAY_MS));
    // Never what keeps a process alive.
    timer.unref();
  };

  async function schedule(): Promise<void> {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        dueAt = await nextDueTime(db, new Date());
      } while (again && !stopped);
      if (stopped) return;
      if (!dueAt) {
        clearTimeout(timer);
        return;
      }
      const due = dueAt;
      wait(due.getTime() - Date.now() + PAST_DUE_MS, () => {
        // Not yet (a delay longer than setTimeout's): wait on. Due: a content change, which
        // also reads the next due time (the listener below).
        if (Date.now() < due.getTime()) void schedule();
        else cache.invalidate();
      });
    } catch (error) {
      if (stopped) return;
      warn(`Could not read the next publication time: ${(error as Error).message}`);
      dueAt = undefined;
      wait(RETRY_MS, () => void schedule());
    } finally {
      reading = false;
    }
  }

  const stopListening = cache.onInvalidate(() => void schedule());
  void schedule();

  return {
    get dueAt() {
      return dueAt;
    },
    stop() {
      stopped = true;
      stopListening();
      clearTimeout(timer);
    },
  };
}
