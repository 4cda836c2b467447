// Whether the store takes writes, for GET /api/health (docs/decisions/111). Reads are checked by
// asking the database; writes cannot be, short of writing: a full disk still takes a small write
// into pages and log files it already has. So two signals:
// - the database says it is read-only (`transaction_read_only`, a PostgreSQL standby);
// - a request failed on a refusal of the store (storeFailureOf) a short while ago: writes are
//   refused until that long has passed without another.
// The answer names the kind of failure only; what the database said goes to the log.
import { sql } from 'drizzle-orm';
import type { Database } from './connect.js';
import type { StoreFailure } from './store-errors.js';
import { STORE_FAILURE_TEXT, storeFailureOf } from './store-errors.js';

/** A refusal is remembered this long (each new one starts it again). */
export const DEFAULT_REFUSAL_MEMORY_MS = 30_000;
/** The health check's own query may take this long before the database counts as down. */
export const DEFAULT_HEALTH_QUERY_TIMEOUT_MS = 2000;

export type StoreCheck =
  | { reads: 'ok'; writes: 'ok' }
  | { reads: 'ok'; writes: 'refused'; reason: string }
  | { reads: 'failed'; writes: 'refused'; reason: string };

export interface StoreHealthOptions {
  refusalMemoryMs?: number;
  queryTimeoutMs?: number;
  now?: () => number;
}

export class StoreHealth {
  private refusal: { failure: StoreFailure; at: number } | undefined;
  private readonly memoryMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    options: StoreHealthOptions = {},
  ) {
    this.memoryMs = options.refusalMemoryMs ?? DEFAULT_REFUSAL_MEMORY_MS;
    this.timeoutMs = options.queryTimeoutMs ?? DEFAULT_HEALTH_QUERY_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** A request failed because the store refused it. */
  refused(failure: StoreFailure): void {
    this.refusal = { failure, at: this.now() };
  }

  /** The refusal still remembered, if any. */
  recentRefusal(): StoreFailure | undefined {
    if (this.refusal && this.now() - this.refusal.at > this.memoryMs) this.refusal = undefined;
    return this.refusal?.failure;
  }

  /** Asks the database (within the timeout) and adds what the requests met. */
  async check(): Promise<StoreCheck> {
    let readOnly: boolean;
    try {
      readOnly = await this.askReadOnly();
    } catch (error) {
      const failure = storeFailureOf(error);
      return {
        reads: 'failed',
        writes: 'refused',
        reason: failure ? STORE_FAILURE_TEXT[failure.kind] : 'the database did not answer',
      };
    }
    if (readOnly) {
      return { reads: 'ok', writes: 'refused', reason: STORE_FAILURE_TEXT['read-only'] };
    }
    const refusal = this.recentRefusal();
    return refusal
      ? { reads: 'ok', writes: 'refused', reason: STORE_FAILURE_TEXT[refusal.kind] }
      : { reads: 'ok', writes: 'ok' };
  }

  private async askReadOnly(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      const result = await Promise.race([
        this.db.execute<{ read_only: boolean }>(
          sql`select current_setting('transaction_read_only') = 'on' or pg_is_in_recovery() as read_only`,
        ),
        timeout,
      ]);
      const rows = (result as { rows?: { read_only: boolean }[] }).rows ?? [];
      return rows[0]?.read_only === true;
    } finally {
      clearTimeout(timer);
    }
  }
}
