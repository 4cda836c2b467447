// On PostgreSQL, content changed behind the API's back (`npm run content:import`) empties the
// response cache: the API listens for the import's notification (docs/decisions/121).
// Registered when the database is PostgreSQL.
import { listenForContentChanges } from '../content-files/content-changes.js';
import { apiPlugin } from './api-plugin.js';

export interface ContentChangesPluginOptions {
  /** The PostgreSQL database (DATABASE_URL). */
  url: string;
}

export default apiPlugin<ContentChangesPluginOptions>(
  async (app, { url }) => {
    const cache = app.responseCache;
    const listener = listenForContentChanges({
      url,
      onChange: () => cache.invalidate(),
      warn: (message) => app.log.warn(message),
    });
    app.addHook('onClose', () => listener.stop());
  },
  { name: 'api-content-changes', dependencies: ['api-response-cache'] },
);
