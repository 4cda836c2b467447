// Builds the runtime config (the contract's RuntimeConfigSchema) from the environment and checks
// it where it is built: a setting that makes an invalid config stops the server at start, with
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
import {
  API_PORT_ENV,
  APPS,
  AUTH_EMULATOR_PORT_ENV,
  DEFAULT_API_PORT,
  DEFAULT_AUTH_EMULATOR_PORT,
  FIREBASE_PROJECT_ID,
  REMOTES,
  appPort,
} from './apps';
import { integerFromEnv, portFromEnv } from './settings';

export interface RuntimeConfigOptions {
  /** The host name in the default addresses (the site's public host). */
  hostname?: string;
  protocol?: 'http:' | 'https:';
  env?: NodeJS.ProcessEnv;
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
  env = process.env,
}: RuntimeConfigOptions = {}): RuntimeConfig {
  const origin = (port: number) => `${protocol}//${hostname}:${port}`;
  const siteUrl = siteUrlFrom(env, origin(appPort(APPS[0]!, env)));
  const siteOrigin = new URL(siteUrl).origin;
  // Checked here too, so a wrong address stops the start whichever server reads it.
  siteUpstreams({ hostname, env });
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `${siteOrigin}${remotePublicPath(name)}mf-manifest.json`]),
  ) as RuntimeConfig['remotes'];
  const projectId = env.FIREBASE_PROJECT_ID || FIREBASE_PROJECT_ID;
  const emulatorPort = portFromEnv(AUTH_EMULATOR_PORT_ENV, DEFAULT_AUTH_EMULATOR_PORT, env);
  // AUTH_EMULATOR_URL="" (set but empty) turns the emulator off, for a real Firebase project.
  const authEmulatorUrl =
    env.AUTH_EMULATOR_URL ?? (env.FIREBASE_API_KEY ? '' : origin(emulatorPort));
  const remoteLoadTimeoutMs = env.REMOTE_LOAD_TIMEOUT_MS
    ? integerFromEnv('REMOTE_LOAD_TIMEOUT_MS', 15_000, { min: 100, max: 120_000 }, env)
    : undefined;
  const raw = {
    ...(remoteLoadTimeoutMs === undefined ? {} : { remoteLoadTimeoutMs }),
    siteUrl,
    apiBase: `${siteOrigin}${API_PATH}`,
    remotes,
    // The only origin the browser may load remote code from; the page's CSP says the same.
    remoteOrigins: [siteOrigin],
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      projectId,
      ...(env.FIREBASE_APP_ID ? { appId: env.FIREBASE_APP_ID } : {}),
    },
    ...(authEmulatorUrl ? { authEmulatorUrl } : {}),
    profileStore: env.PROFILE_STORE === 'firestore' ? 'firestore' : 'api',
    owner: {
      name: env.OWNER_NAME || 'Alex Morgan',
      email: env.OWNER_EMAIL || 'alex.morgan@example.com',
      social: [
        { label: 'GitHub', url: env.OWNER_GITHUB_URL || 'https://github.com/' },
        { label: 'LinkedIn', url: env.OWNER_LINKEDIN_URL || 'https://www.linkedin.com/' },
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

/**
 * Where each service really is: API_BASE_URL and REMOTE_<NAME>_URL, by default the local
 * `npm start` ports on this host. The site's server calls the API and loads the remotes' server
 * code there, and routes the browser's /api and /remotes/<name>/ requests there; the edge's
 * configuration names the same addresses (docs/deployment.md).
 */
export function siteUpstreams({
  hostname = 'localhost',
  env = process.env,
}: Pick<RuntimeConfigOptions, 'hostname' | 'env'> = {}): SiteUpstreams {
  // Loopback by address: the local servers bind 127.0.0.1, which "localhost" may not resolve to.
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname;
  const origin = (port: number) => `http://${host}:${port}`;
  const remotes = Object.fromEntries(
    REMOTES.map((app) => {
      const setting = `REMOTE_${app.name.toUpperCase()}_URL`;
      const url = env[setting] || `${origin(appPort(app, env))}/mf-manifest.json`;
      return [app.name, absoluteHttpUrl(setting, url)];
    }),
  ) as RuntimeConfig['remotes'];
  const api = absoluteHttpUrl(
    'API_BASE_URL',
    env.API_BASE_URL || `${origin(portFromEnv(API_PORT_ENV, DEFAULT_API_PORT, env))}/api`,
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
export function siteUrlFrom(env: NodeJS.ProcessEnv, fallback: string): string {
  const raw = env.SITE_URL || fallback;
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
export function publicHostCheck(
  env: NodeJS.ProcessEnv = process.env,
): (hostHeader: string | undefined) => boolean {
  const allowed = [...LOOPBACK_HOST_NAMES, ...parseHostList(env.PUBLIC_HOSTS)];
  return (hostHeader) => hostAllowed(hostHeader, allowed);
}
