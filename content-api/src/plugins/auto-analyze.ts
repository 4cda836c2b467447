// The database analysed now and then after content changes: PGlite has no autovacuum, so its
// planner would never have statistics (docs/decisions/134). Registered when asked for.
import type { Database } from '../db/connect.js';
import { startAutoAnalyze } from '../db/auto-analyze.js';
import { apiPlugin } from './api-plugin.js';

export interface AutoAnalyzePluginOptions {
  db: Database;
}

export default apiPlugin<AutoAnalyzePluginOptions>(
  async (app, { db }) => {
    const analyzer = startAutoAnalyze({
      db,
      cache: app.responseCache,
      warn: (message) => app.log.warn(message),
    });
    app.addHook('onClose', () => analyzer.stop());
  },
  { name: 'api-auto-analyze', dependencies: ['api-response-cache'] },
);
