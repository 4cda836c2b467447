// The insights' rollup job (docs/decisions/181), run by every instance a minute after it starts
// and then every hour: each day that has ended is summed into the daily tables, raw views past
// 30 days and the salts of past days are deleted. Instances take turns by an advisory lock, and a
// day rolled up twice gets the same figures, so it needs no coordination beyond that.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { rollUpViews } from '../features/insights/repository.js';
import { apiPlugin } from './api-plugin.js';

export interface InsightsRollupPluginOptions {
  db: Database;
}

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;

export default apiPlugin<InsightsRollupPluginOptions>(
  async (app, { db }) => {
    let running: Promise<void> | undefined;
    const run = () => {
      running ??= (async () => {
        const started = performance.now();
        try {
          const result = await rollUpViews(db, new Date());
          if (result.days.length > 0) {
            // The planner's statistics of tables that grow without content changes (PGlite has
            // no autovacuum: docs/decisions/134).
            await db.execute(
              sql`analyze page_views, page_view_days, site_view_days, view_source_days`,
            );
          }
          if (result.days.length > 0 || result.deletedViews > 0) {
            app.log.info(
              `Insights: rolled up ${result.days.length} day(s), deleted ${result.deletedViews} ` +
                `raw view(s) in ${Math.round(performance.now() - started)} ms`,
            );
          }
        } catch (error) {
          app.log.warn(
            { err: error },
            'Insights: the rollup failed; it runs again within the hour',
          );
        } finally {
          running = undefined;
        }
      })();
      return running;
    };
    const first = setTimeout(run, FIRST_RUN_MS);
    const hourly = setInterval(run, EVERY_MS);
    first.unref();
    hourly.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(hourly);
      await running;
    });
  },
  { name: 'api-insights-rollup' },
);
