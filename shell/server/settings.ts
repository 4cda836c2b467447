// The site's server's settings, written once as a schema (docs/decisions/147): every variable it
// reads, with its default and what it accepts. main.ts reads them from the environment once, at
// start; from then on the server is given the typed object (options.ts), never the environment.
// A wrong value stops the start with the variable's name (README, "Configuration").
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { SiteAddressSettingsSchema } from '@portfolio/platform/runtime-config';
import {
  LOG_LEVELS,
  NodeEnvSchema,
  Setting,
  SettingsFileSchema,
  readSettings,
} from '@portfolio/platform/settings';
import type { Env } from '@portfolio/platform/settings';

/** How long a remote's page module or a page's data may take before it is drawn in the browser. */
export const DEFAULT_RENDER_BUDGET_MS = 1000;
/** How often the server looks for redeployed remotes. */
export const DEFAULT_REMOTE_POLL_MS = 2000;
/** The most processes SITE_WORKERS may ask for. */
export const MAX_SITE_WORKERS = 64;

export const SiteServerSettingsSchema = Type.Object({
  ...SettingsFileSchema.properties,
  ...NodeEnvSchema.properties,
  // The ports (SHELL_PORT: where it listens), SITE_URL, PUBLIC_HOSTS, API_BASE_URL,
  // REMOTE_<NAME>_URL, FIREBASE_*, OWNER_*…
  ...SiteAddressSettingsSchema.properties,
  HOST: Setting.text({ fallback: '127.0.0.1', accepts: 'an address to bind to' }),
  /** The host name in the site's own addresses, never a request's Host. */
  SITE_HOSTNAME: Setting.text({ fallback: 'localhost', accepts: 'a host name' }),
  // Unset: two, or one on a one-core machine (workers.ts).
  SITE_WORKERS: Type.Optional(Setting.whole(1, MAX_SITE_WORKERS)),
  SSR_RENDER_BUDGET_MS: Setting.whole(50, 60_000, DEFAULT_RENDER_BUDGET_MS),
  REMOTE_POLL_MS: Setting.whole(100, 3_600_000, DEFAULT_REMOTE_POLL_MS),
  RENDER_CACHE: Setting.onOff(true),
  CONTENT_CACHE: Setting.onOff(true),
  LOG_LEVEL: Setting.oneOf(LOG_LEVELS, 'info'),
  LOG_REQUESTS: Setting.onOff(true),
  HOT_RELOAD: Setting.onOff(false),
  CONTENT_EVENTS_KEY: Type.Optional(
    Setting.text({ accepts: "the content API's CONTENT_EVENTS_KEY", secret: true }),
  ),
  // Unset: no preview links are honoured (docs/decisions/191).
  PREVIEW_SECRET: Type.Optional(
    Setting.text({ accepts: "the deployers' preview key (32+ characters)", secret: true }),
  ),
  /** The shell's build to serve instead of the one beside the server (npm run dev's own). */
  SHELL_DIST_DIR: Type.Optional(Setting.text({ accepts: 'a folder' })),
});

export type SiteServerSettings = Static<typeof SiteServerSettingsSchema>;

/** Every setting of the site's server from `env`, checked: the one read of the environment. */
export function readSiteServerSettings(env: Env): SiteServerSettings {
  return readSettings(SiteServerSettingsSchema, env);
}
