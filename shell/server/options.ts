// What the site's server is built from: its settings (settings.ts, read once at start) as the
// options buildSiteServer takes. The runtime config, the upstreams and the host check are given
// their typed settings, never the environment (docs/decisions/147).
import type { SiteAddressSettings } from '@portfolio/platform/runtime-config';
import type { Env } from '@portfolio/platform/settings';
import { readSiteServerSettings } from './settings';
import type { SiteServerSettings } from './settings';

export { DEFAULT_REMOTE_POLL_MS, DEFAULT_RENDER_BUDGET_MS } from './settings';

export interface SiteServerOptions {
  /** The shell's build: assets.json, its files, and server/render.cjs. */
  distDir: string;
  /** The settings the runtime config, the upstreams and the host check are built from. */
  settings: SiteAddressSettings;
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
  /**
   * PREVIEW_SECRET: the key of the remote teams' preview links and of the canary status
   * (docs/decisions/191), known to whoever deploys; unset, previews are off. `npm start` makes
   * one for the machine (tools/preview-secret.ts).
   */
  previewSecret?: string;
}

/** Where and how many processes the site listens with. */
export interface ListenSettings {
  port: number;
  host: string;
}

/** The server's options from its settings. */
export function siteServerOptions(
  settings: SiteServerSettings,
  distDir: string,
): SiteServerOptions {
  return {
    distDir,
    settings,
    publicHostname: settings.SITE_HOSTNAME,
    renderBudgetMs: settings.SSR_RENDER_BUDGET_MS,
    remotePollMs: settings.REMOTE_POLL_MS,
    renderCache: settings.RENDER_CACHE,
    contentCache: settings.CONTENT_CACHE,
    logger: { level: settings.LOG_LEVEL },
    logRequests: settings.LOG_REQUESTS,
    hotReload: settings.HOT_RELOAD,
    ...(settings.CONTENT_EVENTS_KEY && { contentEventsKey: settings.CONTENT_EVENTS_KEY }),
    ...(settings.PREVIEW_SECRET && { previewSecret: settings.PREVIEW_SECRET }),
  };
}

/**
 * The server's options read from an environment: for the harnesses that build a site server in
 * their own process (the compatibility and deploy checks, the SSR bench), as main.ts would.
 */
export function siteServerOptionsFrom(env: Env, distDir: string): SiteServerOptions {
  return siteServerOptions(readSiteServerSettings(env), distDir);
}

export function listenSettings(settings: SiteServerSettings): ListenSettings {
  return { port: settings.SHELL_PORT, host: settings.HOST };
}
