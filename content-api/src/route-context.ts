// What every route plugin under features/ receives (docs/decisions/146). A module of its own:
// app.ts imports every route module (through plugins/routes.ts), so a route that took this type
// from app.ts made an import cycle through the whole API, one the lint rule did not report then
// (it counts type-only imports now: docs/decisions/149).
import type { AuthGuards } from './auth/identity.js';
import type { Database } from './db/connect.js';
import type { StoreHealth } from './db/store-health.js';
import type { SettingsSource } from './features/settings/repository.js';
import type { ResponseCache } from './http/response-cache.js';

/** What every route plugin receives; the app's plugins make each part once (plugins/). */
export interface RouteContext {
  db: Database;
  cache: ResponseCache;
  auth: AuthGuards;
  /** Whether the store takes reads and writes (GET /health). */
  store: StoreHealth;
  /** The site's settings, read once after each change (docs/decisions/141). */
  settings: SettingsSource;
}
