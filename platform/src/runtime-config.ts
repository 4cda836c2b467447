// Builds the runtime config (the contract's RuntimeConfigSchema) from the environment and checks
// it where it is built: a setting that makes an invalid config stops the server at start, with
// the field it broke, instead of every page failing in the browser. The defaults point at the
// local `npm start` services on the host name given, so the site works as http://localhost:3000.
import { parseRuntimeConfig } from '@portfolio/contract';
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

export function buildRuntimeConfig({
  hostname = 'localhost',
  protocol = 'http:',
  env = process.env,
}: RuntimeConfigOptions = {}): RuntimeConfig {
  const origin = (port: number) => `${protocol}//${hostname}:${port}`;
  const remotes = Object.fromEntries(
    REMOTES.map((app) => [
      app.name,
      env[`REMOTE_${app.name.toUpperCase()}_URL`] ||
        `${origin(appPort(app, env))}/mf-manifest.json`,
    ]),
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
    siteUrl: siteUrlFrom(env, origin(appPort(APPS[0]!, env))),
    apiBase: env.API_BASE_URL || `${origin(portFromEnv(API_PORT_ENV, DEFAULT_API_PORT, env))}/api`,
    remotes,
    // The only origins the browser may load remote code from; the page's CSP lists the same.
    remoteOrigins: [...new Set(Object.values(remotes).map(originOf))],
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
        '(check REMOTE_*_URL, API_BASE_URL, SITE_URL, AUTH_EMULATOR_URL and the FIREBASE_* settings)',
    );
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`Not an absolute URL: "${url}" (check the REMOTE_*_URL settings)`);
  }
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
