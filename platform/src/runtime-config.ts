// Builds the runtime config (the contract's RuntimeConfigSchema) from the site's settings (their
// schemas below, parsed once at start: docs/decisions/147) and checks it where it is built: a setting that makes an invalid config stops the server at start, with
// the field it broke, instead of every page failing in the browser. The defaults point at the
// local `npm start` services on the host name given, so the site works as http://localhost:3000.
import { API_PATH, REMOTE_NAMES, parseRuntimeConfig, remotePublicPath } from '@portfolio/contract';
import type { RuntimeConfig } from '@portfolio/contract';
import {
  LOOPBACK_HOST_NAMES,
  hostAllowed,
  isLoopbackHost,
  parseHostList,
} from '@portfolio/contract/hosts';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { APPS, AppPortsSchema, FIREBASE_PROJECT_ID, REMOTES, portOf } from './apps';
import { Setting, readSettings } from './settings';
import type { Env } from './settings';

const HTTP_URL = '^https?://[^\\s/]+(/[^\\s]*)?$';
const ports = AppPortsSchema.properties;

/** The settings of the host check: which host names a server answers for. */
export const HostCheckSettingsSchema = Type.Object({
  PUBLIC_HOSTS: Type.Optional(
    Setting.text({ accepts: 'host names (each a name or name:port), comma-separated' }),
  ),
});

/** Where the site's server and the edge reach each service (siteUpstreams). */
export const UpstreamSettingsSchema = Type.Object({
  ...AppPortsSchema.properties,
  API_BASE_URL: Type.Optional(
    Setting.text({ accepts: 'an absolute http(s) URL', pattern: HTTP_URL }),
  ),
  REMOTE_PORTFOLIO_URL: Type.Optional(
    Setting.text({ accepts: 'an absolute http(s) URL', pattern: HTTP_URL }),
  ),
  REMOTE_BLOG_URL: Type.Optional(
    Setting.text({ accepts: 'an absolute http(s) URL', pattern: HTTP_URL }),
  ),
  REMOTE_AUTH_URL: Type.Optional(
    Setting.text({ accepts: 'an absolute http(s) URL', pattern: HTTP_URL }),
  ),
  REMOTE_SHOP_URL: Type.Optional(
    Setting.text({ accepts: 'an absolute http(s) URL', pattern: HTTP_URL }),
  ),
});

/** What the runtime config is built from, besides the host name. */
export const RuntimeConfigSettingsSchema = Type.Object({
  ...UpstreamSettingsSchema.properties,
  SHELL_PORT: ports.SHELL_PORT,
  AUTH_EMULATOR_PORT: ports.AUTH_EMULATOR_PORT,
  SITE_URL: Type.Optional(Setting.text({ accepts: 'an http(s) URL', pattern: HTTP_URL })),
  FIREBASE_API_KEY: Type.Optional(Setting.text({ accepts: "a Firebase project's web API key" })),
  FIREBASE_AUTH_DOMAIN: Type.Optional(Setting.text({ accepts: 'a host name' })),
  FIREBASE_PROJECT_ID: Setting.text({ fallback: FIREBASE_PROJECT_ID, accepts: 'a project id' }),
  FIREBASE_APP_ID: Type.Optional(Setting.text({ accepts: "a Firebase web app's id" })),
  // Set but empty turns the emulator off, for a real Firebase project.
  AUTH_EMULATOR_URL: Type.Optional(
    Setting.text({ accepts: 'an http(s) URL, or empty for none', emptyIsSet: true }),
  ),
  REMOTE_LOAD_TIMEOUT_MS: Setting.whole(100, 120_000, 15_000),
  PROFILE_STORE: Setting.oneOf(['api', 'firestore'], 'api'),
  OWNER_NAME: Setting.text({ fallback: 'Alex Morgan', accepts: 'a name' }),
  OWNER_EMAIL: Setting.text({ fallback: 'alex.morgan@example.com', accepts: 'an e-mail address' }),
  OWNER_GITHUB_URL: Setting.text({ fallback: 'https://github.com/', accepts: 'a URL' }),
  OWNER_LINKEDIN_URL: Setting.text({ fallback: 'https://www.linkedin.com/', accepts: 'a URL' }),
  // Page views counted without tracking (docs/decisions/180); off: pages send no beacon, and the
  // privacy statement says nothing is counted.
  ANALYTICS: Setting.onOff(true),
});

/** Everything the runtime config, the upstreams and the host check are built from. */
export const SiteAddressSettingsSchema = Type.Object({
  ...RuntimeConfigSettingsSchema.properties,
  ...HostCheckSettingsSchema.properties,
});
export type HostCheckSettings = Static<typeof HostCheckSettingsSchema>;
export type UpstreamSettings = Static<typeof UpstreamSettingsSchema>;
export type RuntimeConfigSettings = Static<typeof RuntimeConfigSettingsSchema>;
export type SiteAddressSettings = Static<typeof SiteAddressSettingsSchema>;

export interface RuntimeConfigOptions {
  /** The host name in the default addresses (the site's public host). */
  hostname?: string;
  protocol?: 'http:' | 'https:';
  /** The settings, read once by the server that builds the config. */
  settings?: RuntimeConfigSettings;
  /**
   * Or the environment, read here (the tools' servers: npm run dev, a remote's static server,
   * which build a config per host name from no settings object of their own).
   */
  env?: Env;
}

/**
 * The runtime config the browser reads (docs/decisions/101): every address in it is on the
 * site's own origin (SITE_URL): the content API under /api and each remote's files under
 * /remotes/<name>/, which the site's server (under `npm start`) or the edge (in production)
 * routes to where each service really is (siteUpstreams below). A page makes no request to any
 * other origin of the site's, so it needs one connection, and one policy source, 'self'.
 */
export function buildRuntimeConfig({
  hostname = 'localhost',
  protocol = 'http:',
  settings,
  env,
}: RuntimeConfigOptions): RuntimeConfig {
  // Never the process's environment behind the caller's back: its entry says which to read.
  if (!settings === !env) throw new Error('buildRuntimeConfig: give settings or env');
  const given = settings ?? readSettings(RuntimeConfigSettingsSchema, env ?? {});
  const origin = (port: number) => `${protocol}//${hostname}:${port}`;
  const siteUrl = siteUrlFrom(given, origin(portOf(APPS[0]!, given)));
  const siteOrigin = new URL(siteUrl).origin;
  // Checked here too, so a wrong address stops the start whichever server reads it.
  siteUpstreams({ hostname, settings: given });
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `${siteOrigin}${remotePublicPath(name)}mf-manifest.json`]),
  ) as RuntimeConfig['remotes'];
  const projectId = given.FIREBASE_PROJECT_ID;
  // AUTH_EMULATOR_URL="" (set but empty) turns the emulator off, for a real Firebase project.
  const authEmulatorUrl =
    given.AUTH_EMULATOR_URL ?? (given.FIREBASE_API_KEY ? '' : origin(given.AUTH_EMULATOR_PORT));
  const raw = {
    remoteLoadTimeoutMs: given.REMOTE_LOAD_TIMEOUT_MS,
    siteUrl,
    apiBase: `${siteOrigin}${API_PATH}`,
    remotes,
    // The only origin the browser may load remote code from; the page's CSP says the same.
    remoteOrigins: [siteOrigin],
    firebase: {
      apiKey: given.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: given.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      ...(given.FIREBASE_APP_ID ? { appId: given.FIREBASE_APP_ID } : {}),
    },
    ...(authEmulatorUrl ? { authEmulatorUrl } : {}),
    profileStore: given.PROFILE_STORE,
    analytics: given.ANALYTICS,
    owner: {
      name: given.OWNER_NAME,
      email: given.OWNER_EMAIL,
      social: [
        { label: 'GitHub', url: given.OWNER_GITHUB_URL },
        { label: 'LinkedIn', url: given.OWNER_LINKEDIN_URL },
      ],
    },
  };
  try {
    return parseRuntimeConfig(raw);
  } catch (error) {
    throw new Error(
      `The settings make an invalid runtime config: ${(error as Error).message} ` +
        '(check SITE_URL, AUTH_EMULATOR_URL and the FIREBASE_* settings)',
    );
  }
}

/** Where the site's server and the edge reach each service (never written into a page). */
export interface SiteUpstreams {
  /** The content API's base, e.g. http://127.0.0.1:4000/api (API_BASE_URL). */
  api: string;
  /** Remote name → its mf-manifest.json on its own origin (REMOTE_<NAME>_URL). */
  remotes: RuntimeConfig['remotes'];
}

const REMOTE_URL_SETTING = {
  portfolio: 'REMOTE_PORTFOLIO_URL',
  blog: 'REMOTE_BLOG_URL',
  auth: 'REMOTE_AUTH_URL',
  shop: 'REMOTE_SHOP_URL',
} as const satisfies Record<Exclude<(typeof APPS)[number]['name'], 'shell'>, string>;

/**
 * Where each service really is: API_BASE_URL and REMOTE_<NAME>_URL, by default the local
 * `npm start` ports on this host. The site's server calls the API and loads the remotes' server
 * code there, and routes the browser's /api and /remotes/<name>/ requests there; the edge's
 * configuration names the same addresses (docs/deployment.md).
 */
export function siteUpstreams({
  hostname = 'localhost',
  settings,
  env,
}: Pick<RuntimeConfigOptions, 'hostname' | 'env'> & {
  settings?: UpstreamSettings;
}): SiteUpstreams {
  if (!settings === !env) throw new Error('siteUpstreams: give settings or env');
  const given = settings ?? readSettings(UpstreamSettingsSchema, env ?? {});
  // Loopback by address: the local servers bind 127.0.0.1, which "localhost" may not resolve to.
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname;
  const origin = (port: number) => `http://${host}:${port}`;
  const remotes = Object.fromEntries(
    REMOTES.map((app) => {
      const setting = REMOTE_URL_SETTING[app.name as keyof typeof REMOTE_URL_SETTING];
      const url = given[setting] ?? `${origin(portOf(app, given))}/mf-manifest.json`;
      return [app.name, absoluteHttpUrl(setting, url)];
    }),
  ) as RuntimeConfig['remotes'];
  const api = absoluteHttpUrl(
    'API_BASE_URL',
    given.API_BASE_URL ?? `${origin(given.API_PORT)}/api`,
  ).replace(/\/+$/, '');
  return { api, remotes };
}

function absoluteHttpUrl(setting: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${setting} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${setting} must be an absolute http(s) URL, got "${raw}"`);
  }
  return url.href;
}

/**
 * SITE_URL: the site's public origin (canonical URLs, feeds, preview links); the content API
 * reads the same setting. Defaults to the shell's local address.
 */
export function siteUrlFrom(
  { SITE_URL }: { SITE_URL?: string | undefined },
  fallback: string,
): string {
  const raw = SITE_URL || fallback;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(raw)) {
    throw new Error(`SITE_URL must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** Whether a Host header names this machine (a local run, plain http), any port. */
export { isLoopbackHost };

/**
 * The check of a request's Host header: a loopback name, or one of PUBLIC_HOSTS (the names the
 * site is published under, comma-separated, each a name or name:port; the content API reads the
 * same setting with the same check, @portfolio/contract/hosts). The pages' runtime config and
 * Content-Security-Policy are built from the configured host name, so any other name is refused
 * instead of being written into them. The list is read once.
 */
export function publicHostCheck({
  PUBLIC_HOSTS,
}: HostCheckSettings): (hostHeader: string | undefined) => boolean {
  const allowed = [...LOOPBACK_HOST_NAMES, ...parseHostList(PUBLIC_HOSTS)];
  return (hostHeader) => hostAllowed(hostHeader, allowed);
}
