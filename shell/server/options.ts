// The site's server settings, read from the environment once and checked there: a wrong value
// stops the server at start with the setting's name (README, "Configuration").
import { integerFromEnv, portFromEnv, switchFromEnv } from '@portfolio/platform/settings';

/** How long a remote's page module or a page's data may take before it is drawn in the browser. */
export const DEFAULT_RENDER_BUDGET_MS = 1000;
/** How often the server looks for redeployed remotes. */
export const DEFAULT_REMOTE_POLL_MS = 2000;

export interface SiteServerOptions {
  /** The shell's build: assets.json, its files, and server/render.cjs. */
  distDir: string;
  /** The settings the runtime config and the host check are built from. */
  env: NodeJS.ProcessEnv;
  /** The host name in the site's own addresses (SITE_HOSTNAME), never a request's Host. */
  publicHostname: string;
  renderBudgetMs: number;
  remotePollMs: number;
  renderCache: boolean;
  contentCache: boolean;
  /** Pino's options, or false for no log at all (tests); a stream instead of stdout (tests). */
  logger: boolean | { level: string; stream?: { write(line: string): void } };
  /** An info line per request (LOG_REQUESTS=off: none; warnings and errors stay). */
  logRequests: boolean;
  /**
   * HOT_RELOAD=on (npm run dev sets it): the remotes are served by dev servers whose hot updates
   * the pages' policy lets through.
   */
  hotReload: boolean;
  /**
   * CONTENT_EVENTS_KEY, the same as the content API's: the site's event streams are then its
   * own, out of the public's reach (docs/decisions/083). `npm start` makes one for each run.
   */
  contentEventsKey?: string;
}

/** Where and how many processes the site listens with. */
export interface ListenSettings {
  port: number;
  host: string;
}

export function siteServerOptionsFrom(env: NodeJS.ProcessEnv, distDir: string): SiteServerOptions {
  return {
    distDir,
    env,
    publicHostname: env.SITE_HOSTNAME || 'localhost',
    renderBudgetMs: integerFromEnv(
      'SSR_RENDER_BUDGET_MS',
      DEFAULT_RENDER_BUDGET_MS,
      { min: 50, max: 60_000 },
      env,
    ),
    remotePollMs: integerFromEnv(
      'REMOTE_POLL_MS',
      DEFAULT_REMOTE_POLL_MS,
      { min: 100, max: 3_600_000 },
      env,
    ),
    renderCache: switchFromEnv('RENDER_CACHE', true, env),
    contentCache: switchFromEnv('CONTENT_CACHE', true, env),
    logger: { level: env.LOG_LEVEL || 'info' },
    logRequests: switchFromEnv('LOG_REQUESTS', true, env),
    hotReload: switchFromEnv('HOT_RELOAD', false, env),
    ...(env.CONTENT_EVENTS_KEY?.trim() && { contentEventsKey: env.CONTENT_EVENTS_KEY.trim() }),
  };
}

export function listenSettingsFrom(env: NodeJS.ProcessEnv): ListenSettings {
  return { port: portFromEnv('SHELL_PORT', 3000, env), host: env.HOST || '127.0.0.1' };
}
