// Builds /runtime-config.json, the file every app reads at boot (see shared/src/config.ts).
// Values come from the environment; the defaults point at the local `npm start` services on the
// host name the browser used, so the site works as http://localhost:3000 and http://127.0.0.1:3000.
import {
  LOOPBACK_HOST_NAMES,
  hostAllowed,
  isLoopbackHost,
  parseHostList,
} from '@portfolio/contract/hosts';
import {
  APPS,
  API_PORT_ENV,
  AUTH_EMULATOR_PORT_ENV,
  DEFAULT_API_PORT,
  DEFAULT_AUTH_EMULATOR_PORT,
  FIREBASE_PROJECT_ID,
  REMOTES,
  appPort,
  portFromEnv,
} from './apps.mjs';

/**
 * @param {{ hostname?: string, protocol?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function buildRuntimeConfig({
  hostname = 'localhost',
  protocol = 'http:',
  env = process.env,
} = {}) {
  const origin = (port) => `${protocol}//${hostname}:${port}`;
  const remotes = Object.fromEntries(
    REMOTES.map((app) => [
      app.name,
      env[`REMOTE_${app.name.toUpperCase()}_URL`] ||
        `${origin(appPort(app, env))}/mf-manifest.json`,
    ]),
  );
  const projectId = env.FIREBASE_PROJECT_ID || FIREBASE_PROJECT_ID;
  const emulatorDefault = `${protocol}//${hostname}:${portFromEnv(AUTH_EMULATOR_PORT_ENV, DEFAULT_AUTH_EMULATOR_PORT, env)}`;
  // AUTH_EMULATOR_URL="" (set but empty) turns the emulator off, for a real Firebase project.
  const authEmulatorUrl = env.AUTH_EMULATOR_URL ?? (env.FIREBASE_API_KEY ? '' : emulatorDefault);
  const remoteLoadTimeoutMs = remoteLoadTimeoutFrom(env);
  return {
    ...(remoteLoadTimeoutMs === undefined ? {} : { remoteLoadTimeoutMs }),
    siteUrl: siteUrlFrom(env, origin(appPort(APPS[0], env))),
    apiBase: env.API_BASE_URL || `${origin(portFromEnv(API_PORT_ENV, DEFAULT_API_PORT, env))}/api`,
    remotes,
    // The only origins the browser may load remote code from; the page's CSP lists the same.
    remoteOrigins: [...new Set(Object.values(remotes).map((url) => new URL(url).origin))],
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
}

/**
 * SITE_URL: the site's public origin (canonical URLs, feeds, preview links); the content API
 * reads the same setting. Defaults to the shell's local address.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} fallback
 */
export function siteUrlFrom(env, fallback) {
  const raw = env.SITE_URL || fallback;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(raw)) {
    throw new Error(`SITE_URL must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * REMOTE_LOAD_TIMEOUT_MS: how long the browser waits for a remote before showing its fallback
 * (default 15 s, in the shell); an operator setting, checked when the server starts.
 * @param {NodeJS.ProcessEnv} env
 */
function remoteLoadTimeoutFrom(env) {
  const raw = env.REMOTE_LOAD_TIMEOUT_MS;
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 120_000) {
    throw new Error(
      `REMOTE_LOAD_TIMEOUT_MS must be a whole number from 100 to 120000, got "${raw}"`,
    );
  }
  return value;
}

/** Whether a Host header names this machine (a local run, plain http), any port. */
export { isLoopbackHost };

/**
 * Whether a request's Host header names this site: a loopback name, or one of PUBLIC_HOSTS
 * (the names the site is published under, comma-separated, each a name or name:port; the
 * content API reads the same setting with the same check, @portfolio/contract/hosts). The pages'
 * runtime config and Content-Security-Policy are built from the host name, so any other name is
 * refused instead of being written into them.
 * @param {string | undefined} hostHeader
 * @param {NodeJS.ProcessEnv} [env]
 */
export function isPublicHost(hostHeader, env = process.env) {
  return hostAllowed(hostHeader, [...LOOPBACK_HOST_NAMES, ...parseHostList(env.PUBLIC_HOSTS)]);
}
