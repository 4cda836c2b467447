// Entry point: read the settings (settings.ts: the one read of the environment,
// docs/decisions/147), open and seed the database, start listening.
import { Type } from '@sinclair/typebox';
import { buildApp } from './app.js';
import { emulatorPasswordCheck, ensureDevAdmin } from './auth/dev-admin.js';
import { createFirebaseVerifier, getFirebaseAuth } from './auth/firebase.js';
import { createFirebaseSessionCookies } from './auth/session-cookies.js';
import { configFrom, startupRefusal, startupWarning } from './config.js';
import { ApiSettingsSchema, ConfigError, readApiSettings, readSettings } from './settings.js';
import type { ApiSettings } from './settings.js';
import { explainPostgresFailure, openDatabase } from './db/connect.js';
import { explainDataDirFailure } from './db/data-dir-check.js';
import { storeFailureOf } from './db/store-errors.js';
import { loadSeedContent, seedDatabase } from './db/seed.js';
import { defaultSettings, seedBadgesFolder } from './features/settings/defaults.js';
import { seedSettings } from './features/settings/repository.js';
import { fillAutoExcerpts } from './features/articles/repository.js';
import { measureStoredImages } from './features/images/image-size.js';
import type { RedisConnections } from './lib/redis.js';
import { connectRedis } from './lib/redis.js';
import { warmUpReads } from './warm-up.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Settings from the environment, or a .env file: ENV_FILE when set (it must exist), else `.env`
 * in the working directory when there is one; a variable already set wins over the file's.
 * `.env.example` at the repository's root lists every setting.
 */
function loadSettingsFile() {
  const { ENV_FILE: given } = readSettings(
    Type.Object({ ENV_FILE: ApiSettingsSchema.properties.ENV_FILE }),
    process.env,
  );
  try {
    process.loadEnvFile(given || '.env');
  } catch (error) {
    if (given || (error as NodeJS.ErrnoException).code !== 'ENOENT') {
      fail(
        `ENV_FILE: cannot read the settings file "${given || '.env'}": ${(error as Error).message}`,
      );
    }
  }
}

/**
 * SIGINT or SIGTERM: the API closes (its requests answered, its stores closed) and exits. The
 * handlers are in place from the first line, not only once it listens: a stop asked for while
 * it starts (a Ctrl-C in `npm run dev`'s first seconds) lets the step under way finish (a seed,
 * a migration) and then closes, instead of the signal's default, which would end the process in
 * the middle of a write. A second signal changes nothing: the first one's shutdown goes on.
 */
const stop: { signal?: NodeJS.Signals; now: () => void } = { now: () => {} };
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop.signal) return;
    stop.signal = signal;
    stop.now();
  });
}

async function main() {
  let settings: ApiSettings;
  let config;
  try {
    loadSettingsFile();
    settings = readApiSettings(process.env);
    config = configFrom(settings);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const refusal = startupRefusal(config);
  if (refusal) fail(refusal);
  const warning = startupWarning(config);
  if (warning) console.warn(warning);
  if (config.production && /^https?:\/\/(localhost|127\.|\[::1\])/.test(config.siteUrl)) {
    console.warn(
      `WARNING: SITE_URL is "${config.siteUrl}" while NODE_ENV=production: the feed and the ` +
        'sitemap will point at this machine. Set SITE_URL to the public address.',
    );
  }

  // The first start's settings (docs/decisions/141): the seed's, with the owner's identity from
  // OWNER_NAME, OWNER_EMAIL… A malformed seed file or setting stops the start here.
  let settingsDefaults;
  try {
    settingsDefaults = defaultSettings({
      OWNER_NAME: settings.OWNER_NAME,
      OWNER_EMAIL: settings.OWNER_EMAIL,
      OWNER_GITHUB_URL: settings.OWNER_GITHUB_URL,
      OWNER_LINKEDIN_URL: settings.OWNER_LINKEDIN_URL,
    });
  } catch (error) {
    fail((error as Error).message);
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  // Until the app's logger exists, Redis problems go to stderr.
  let warn = (message: string) => console.warn(message);
  let redis: RedisConnections | undefined;
  if (config.redisUrl) {
    redis = await connectRedis({ url: config.redisUrl, warn: (message) => warn(message) });
  }
  const app = await buildApp({
    db: database.db,
    redis,
    contentChangesUrl: config.databaseUrl,
    autoAnalyze: database.driver === 'pglite',
    insightsRollup: true,
    newsletterSender: {},
    analytics: config.analytics,
    verifyIdToken: createFirebaseVerifier(config.firebaseProjectId, undefined, {
      emulator: Boolean(config.authEmulatorHost),
    }),
    sessionCookies: createFirebaseSessionCookies(config.firebaseProjectId, undefined, {
      emulator: Boolean(config.authEmulatorHost),
    }),
    corsOrigins: config.corsOrigins,
    publicHosts: config.publicHosts,
    siteUrl: config.siteUrl,
    contactRateLimit: config.contactRateLimit,
    pageViewRateLimit: config.pageViewRateLimit,
    notifications: { allowLoopback: config.allowNotificationsToLoopback },
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    cache: { maxBytes: config.cacheMaxBytes },
    trustProxy: config.trustProxy,
    contentEventsKey: config.contentEventsKey,
    settingsDefaults,
    logRequests: config.logRequests,
    logger: { level: config.logLevel },
  });
  warn = (message) => app.log.warn(message);
  if (warning) app.log.warn(warning);
  // The app first, then its stores: a plugin's own onClose hooks (the newsletter's sender, the
  // notifications under way) still write to the database, and Fastify runs the root's onClose
  // hooks before its plugins'.
  const close = async () => {
    try {
      await app.close();
    } finally {
      await Promise.all([database.close(), redis?.close()]);
    }
  };
  const shutDown = () => {
    app.log.info(`${stop.signal} received, shutting down`);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };

  try {
    const seeded = await seedDatabase(database.db, loadSeedContent());
    if (seeded) app.log.info('Seeded the database with the content in seed/.');
    if (await seedSettings(database.db, settingsDefaults, seedBadgesFolder)) {
      app.log.info(
        'Stored the first settings: seed/settings.json and OWNER_* (edit them in the dashboard).',
      );
    }
    // Images stored before their sizes were kept (docs/decisions/123).
    const measured = await measureStoredImages(database.db, warn);
    if (measured > 0) app.log.info(`Measured ${measured} stored images.`);
    // Articles stored before their automatic excerpt was kept (docs/decisions/133).
    const excerpted = await fillAutoExcerpts(database.db);
    if (excerpted > 0) app.log.info(`Cut the excerpt of ${excerpted} stored articles.`);
    // Each public read once before any visitor's (docs/decisions/117).
    const warm = await warmUpReads(app, new URL(config.siteUrl).host);
    app.log.info(
      `Warmed up the public reads in ${warm.ms} ms` +
        (warm.failed.length > 0 ? ` (not warm: ${warm.failed.join(', ')})` : ''),
    );
    if (stop.signal) return shutDown();
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // The store refusing the seed (a full disk, a read-only database) is said in words.
    if (storeFailureOf(error)) {
      const explained = config.databaseUrl
        ? explainPostgresFailure(config.databaseUrl, error)
        : explainDataDirFailure(config.dataDir, error);
      app.log.error(explained instanceof Error ? explained.message : 'startup failed');
    } else {
      app.log.error({ err: error }, 'startup failed');
    }
    await close();
    process.exit(1);
  }
  stop.now = shutDown;
  if (stop.signal) return shutDown();
  app.log.info(
    `Content API on http://${config.host}:${config.port}/api (${database.driver === 'pglite' ? `PGlite in ${config.dataDir}` : 'Postgres'}${redis ? ', shared state in Redis' : ''})`,
  );

  if (config.authEmulatorHost) {
    const { email, password } = config.devAdmin;
    ensureDevAdmin({
      auth: await getFirebaseAuth(config.firebaseProjectId),
      passwordWorks: emulatorPasswordCheck(config.authEmulatorHost),
      db: database.db,
      email,
      password,
      log: (line) => app.log.info(line),
    }).catch((error: unknown) => app.log.error({ err: error }, 'could not create the dev admin'));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
