// The site's settings, read once after each change (docs/decisions/141). They follow every
// change the response cache hears of: a write here, on another instance, or behind the API's
// back.
import type { SiteSettingsInput } from '@portfolio/contract';
import type { Database } from '../db/connect.js';
import { defaultSettings } from '../features/settings/defaults.js';
import { SettingsSource } from '../features/settings/repository.js';
import { apiPlugin } from './api-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly siteSettings: SettingsSource;
  }
}

export interface SettingsPluginOptions {
  db: Database;
  /** The settings before the first start stored them; the seed's when not given. */
  defaults?: SiteSettingsInput;
}

export default apiPlugin<SettingsPluginOptions>(
  async (app, { db, defaults }) => {
    const settings = new SettingsSource(db, defaults ?? defaultSettings());
    app.responseCache.onInvalidate(() => settings.invalidate());
    app.decorate('siteSettings', settings);
  },
  { name: 'api-settings', dependencies: ['api-response-cache'] },
);
