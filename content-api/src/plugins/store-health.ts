// Whether the store takes reads and writes (docs/decisions/111): the errors plugin tells it of
// every request the store refused, and GET /health reports it.
import type { Database } from '../db/connect.js';
import type { StoreHealthOptions } from '../db/store-health.js';
import { StoreHealth } from '../db/store-health.js';
import { apiPlugin } from './api-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly storeHealth: StoreHealth;
  }
}

export interface StoreHealthPluginOptions {
  db: Database;
  storeHealth?: StoreHealthOptions;
}

export default apiPlugin<StoreHealthPluginOptions>(
  async (app, { db, storeHealth }) => {
    app.decorate('storeHealth', new StoreHealth(db, storeHealth));
  },
  { name: 'api-store-health' },
);
