// Page views are written in batches (docs/decisions/181): the beacon is answered at once, and the
// views of the last moments go in one INSERT every FLUSH_MS (or sooner, once BATCH_SIZE wait),
// so the endpoint's time does not depend on the database's and a busy site costs the database a
// statement every fraction of a second, not one per view. What an instance holds when it stops
// is written as it closes; a database that refuses a batch loses that batch (a warning says so),
// never the API's answers. At most MAX_PENDING views wait: past that, views are dropped until
// the database takes them again.
import type { Database } from '../../db/connect.js';
import { pageViews } from '../../db/schema.js';

export const FLUSH_MS = 200;
const BATCH_SIZE = 500;
const MAX_PENDING = 20_000;

export type PageViewRow = typeof pageViews.$inferInsert;

export class ViewWriter {
  private pending: PageViewRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly warn: (message: string, error: unknown) => void,
  ) {}

  add(row: PageViewRow): void {
    if (this.pending.length >= MAX_PENDING) return;
    this.pending.push(row);
    if (this.pending.length >= BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what waits; resolves once every view added before the call is written (or lost). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      for (let start = 0; start < batch.length; start += BATCH_SIZE) {
        try {
          await this.db.insert(pageViews).values(batch.slice(start, start + BATCH_SIZE));
        } catch (error) {
          this.warn(`Insights: ${batch.length - start} page view(s) could not be stored`, error);
          return;
        }
      }
    });
    return this.writing;
  }
}
