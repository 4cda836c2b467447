// One app over one fresh database, for a describe block.
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from '../app.js';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/connect.js';
import { loadSeedContent, seedDatabase } from '../db/seed.js';
import { defaultSettings, seedBadgesFolder } from '../features/settings/defaults.js';
import { seedSettings } from '../features/settings/repository.js';
import type { TestDriver } from './databases.js';
import { createTestDatabase } from './databases.js';
import { createFakeSessionCookies, fakeVerifyIdToken } from './fake-auth.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function createTestApp(
  driver: TestDriver,
  options: {
    seed?: boolean;
    badges?: boolean;
    /**
     * A database the suite already has (its own, of the same driver), in place of a fresh one:
     * the app is new, the database is not, and close() leaves it open for the suite to close.
     * For tests that need an app of their own (its in-memory limits, its options) but not a
     * database of their own, which costs more than the app (docs/decisions/152).
     */
    database?: DatabaseHandle;
  } & Partial<Omit<BuildAppOptions, 'db'>> = {},
): Promise<TestApp> {
  const { seed = true, badges = false, database: given, ...appOptions } = options;
  const database = given ?? (await createTestDatabase(driver));
  if (seed) {
    await seedDatabase(database.db, loadSeedContent());
    // As a start does: the seed's settings (docs/decisions/141), and their certificate badges
    // when the suite asks (they are images beside the content's, which some suites count).
    await seedSettings(
      database.db,
      appOptions.settingsDefaults ?? defaultSettings(),
      badges ? seedBadgesFolder : undefined,
    );
  }
  const app = await buildApp({
    db: database.db,
    verifyIdToken: fakeVerifyIdToken,
    sessionCookies: createFakeSessionCookies(),
    contactRateLimit: 1000,
    ...appOptions,
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!given) await database.close();
    },
  };
}
