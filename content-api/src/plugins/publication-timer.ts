// Scheduled content comes out on its time: the response cache is emptied when a publication
// falls due, a content change without a write (docs/decisions/120).
import type { Database } from '../db/connect.js';
import { startPublicationTimer } from '../features/content-events/publication-timer.js';
import { apiPlugin } from './api-plugin.js';

export interface PublicationTimerPluginOptions {
  db: Database;
}

export default apiPlugin<PublicationTimerPluginOptions>(
  async (app, { db }) => {
    const publications = startPublicationTimer({
      db,
      cache: app.responseCache,
      warn: (message) => app.log.warn(message),
    });
    app.addHook('onClose', async () => publications.stop());
  },
  { name: 'api-publication-timer', dependencies: ['api-response-cache'] },
);
