// The site's server entry: reads the settings (settings.ts: the one read of the environment,
// docs/decisions/147) and starts the server, on SITE_WORKERS processes (workers.ts) when there is
// more than one. It only starts: what the server is, is app.ts.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SettingsError, loadSettingsFile, productionWarnings } from '@portfolio/platform/settings';
import { buildSiteServer } from './app';
import { listenSettings, siteServerOptions } from './options';
import { RENDER_BUNDLE } from './plugins/renderer';
import { readSiteServerSettings } from './settings';
import type { SiteServerSettings } from './settings';
import { siteWorkerCount, startSiteWorkers } from './workers';

/**
 * Set by the server's build: where the shell's build is, from the bundle
 * (tools/site-server-build.ts).
 */
declare const __SHELL_DIST__: string | undefined;

/** How long a stopping server waits for the requests it is answering. */
const STOP_GRACE_MS = 5000;
/**
 * How long a starting server waits to be warm before it listens (docs/decisions/117): a worker
 * takes no connection before it can serve a whole page, unless what it waits for (the API, a
 * remote) does not come; it then listens anyway, and /readyz says it is not ready.
 */
const WARM_UP_WAIT_MS = 60_000;

// Settings from the environment, or a .env file (ENV_FILE): .env.example lists them all. Read
// here once; a wrong value stops the start with the variable's name and what it accepts.
let settings: SiteServerSettings;
try {
  loadSettingsFile(process.env);
  settings = readSiteServerSettings(process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (cluster.isPrimary)
  for (const warning of productionWarnings(settings)) console.warn(`WARNING: ${warning}`);

const entry = fileURLToPath(import.meta.url);
/** The shell's build it serves: beside the bundle, or SHELL_DIST_DIR (npm run dev's own). */
const distDir = settings.SHELL_DIST_DIR
  ? path.resolve(settings.SHELL_DIST_DIR)
  : path.resolve(
      path.dirname(entry),
      typeof __SHELL_DIST__ === 'string' ? __SHELL_DIST__ : '../dist',
    );

if (!existsSync(path.join(distDir, RENDER_BUNDLE))) {
  console.error(
    `The shell is not built (no ${path.join(distDir, RENDER_BUNDLE)}): run npm run build`,
  );
  process.exit(1);
}

const workers = siteWorkerCount(settings.SITE_WORKERS);
if (cluster.isPrimary && workers > 1) {
  // This process starts and restarts the workers, which take their own connections from one
  // listening socket (docs/decisions/110); they run the branch below.
  const site = startSiteWorkers({
    script: entry,
    execArgv: process.execArgv,
    count: workers,
    log: (message) => console.log(message),
  });
  const stop = () => void site.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await site.ready;
} else {
  // The runtime config and the upstreams are checked here: an invalid address stops the start.
  const app = await buildSiteServer(siteServerOptions(settings, distDir));
  if (!(await app.warmUp.start(WARM_UP_WAIT_MS))) {
    app.log.warn(
      `Not warm after ${WARM_UP_WAIT_MS / 1000} s (waiting for ${app.warmUp.waitingFor}): ` +
        'listening anyway; /readyz says not ready until it is',
    );
  }
  await app.listen(listenSettings(settings));
  // Stops taking connections, lets the requests in flight finish, closes the event stream.
  const stop = () => {
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
