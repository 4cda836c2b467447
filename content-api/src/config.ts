// The API's config, built once at start from its settings (settings.ts: the schema every
// variable is read by, docs/decisions/147) with the checks that need more than a schema: the
// proxies it believes, the host names it answers for, the origins it lets call it.
import {
  LOOPBACK_HOST_NAMES,
  invalidHostEntry,
  isLoopbackHost,
  parseHostList,
} from '@portfolio/contract/hosts';
import { isIP } from 'node:net';
import type { TrustProxy } from './http/client-identity.js';
import { SmtpUrlRefused, parseSmtpUrl } from './mail/smtp-url.js';
import { defaultDataDir } from './paths.js';
import { ConfigError, EMULATOR_OPT_IN, readApiSettings } from './settings.js';
import type { ApiSettings, Env } from './settings.js';

export { ConfigError, EMULATOR_OPT_IN };

export interface AppConfig {
  host: string;
  port: number;
  /** Set → node-postgres; unset → embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Set → rate limits and cache invalidations are shared with the other instances. */
  redisUrl: string | undefined;
  dataDir: string;
  corsOrigins: string[];
  siteUrl: string;
  firebaseProjectId: string;
  authEmulatorHost: string | undefined;
  /** ALLOW_AUTH_EMULATOR_ON_NETWORK: emulator mode even where others can reach it. */
  allowAuthEmulatorOnNetwork: boolean;
  /** Host names (or host:port) the API answers for; `*` for any (see hostAllowed). */
  publicHosts: string[];
  contactRateLimit: number;
  /** PAGE_VIEW_RATE_LIMIT: page-view beacons per minute per client. */
  pageViewRateLimit: number;
  /** ALLOW_NOTIFICATIONS_TO_LOOPBACK: notifications to this machine (development only). */
  allowNotificationsToLoopback: boolean;
  /**
   * SMTP_URL: the site's own mail when the dashboard has no SMTP server (mail/site-mailer.ts):
   * a server on this machine, checked here.
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of mail through `smtpUrl`. */
  mailFrom: string;
  /** CACHE_MAX_BYTES: bound on the response cache's stored bodies, per instance. */
  cacheMaxBytes: number;
  devAdmin: { email: string; password: string };
  production: boolean;
  logLevel: string;
  /** LOG_REQUESTS=off: no info line per request (warnings and errors are still logged). */
  logRequests: boolean;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* are believed (never every peer). */
  trustProxy: TrustProxy;
  /** CONTENT_EVENTS_KEY: the site's servers' own event streams (docs/decisions/083). */
  contentEventsKey: string | undefined;
  /** ANALYTICS: whether page views are counted (docs/decisions/180). */
  analytics: boolean;
}

const LOCAL_FRONT_END_PORTS = [3000, 3001, 3002, 3003, 3004];
export const DEFAULT_CORS_ORIGINS = LOCAL_FRONT_END_PORTS.flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
export const DEFAULT_CONTACT_RATE_LIMIT = 5;
/** Loopback names, any port: `npm start`, tests and scripts reach the API by these. */
export const DEFAULT_PUBLIC_HOSTS: readonly string[] = LOOPBACK_HOST_NAMES;

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/** The most proxies a request may be counted through (TRUST_PROXY as a hop count). */
export const MAX_TRUSTED_HOPS = 10;
/** proxy-addr's named ranges: 127.0.0.1/8 and ::1; 169.254/16 and fe80::/10; private ones. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** Ranges wider than these would take in the Internet, not a proxy network. */
const WIDEST_PREFIX = { 4: 8, 6: 32 } as const;

const TRUST_PROXY_ACCEPTS =
  'TRUST_PROXY must say which proxies stand in front of the API: their addresses or ranges, ' +
  'comma-separated (e.g. 10.0.3.7,10.0.4.0/24, or loopback, linklocal, uniquelocal), or how ' +
  `many proxies every request passes through (a hop count, 1 to ${MAX_TRUSTED_HOPS}); unset or ` +
  '"false" believes no one.';

/** Why one TRUST_PROXY entry is refused, or undefined when it names a proxy (or a range of them). */
function untrustworthyEntry(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an address or a range`;
  if (prefix === undefined) return undefined;
  const mapped = family === 6 && /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address);
  const bits = family === 4 ? 32 : 128;
  const length = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(length <= bits)) return `"${entry}" has no valid prefix length (/0 to /${bits})`;
  const widest = mapped ? 96 + WIDEST_PREFIX[4] : WIDEST_PREFIX[family === 4 ? 4 : 6];
  if (length < widest) {
    return `"${entry}" takes in far more than a proxy network (at most /${widest} for IPv${mapped ? '4-mapped IPv6' : family}), so any client there could write its own X-Forwarded-For`;
  }
  return undefined;
}

/**
 * TRUST_PROXY (security round 4, finding 1): the proxies whose X-Forwarded-For (and -Proto,
 * -Host) the API believes. A client that reaches the API through them cannot choose its address
 * by writing the header itself; `true`, believing any peer, let it, so it is refused.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_TRUSTED_HOPS) {
      throw new ConfigError(`${TRUST_PROXY_ACCEPTS} Got the hop count ${raw}.`);
    }
    return hops === 0 ? false : hops;
  }
  if (/^(true|yes|on|all|any|\*)$/i.test(raw)) {
    throw new ConfigError(
      `${TRUST_PROXY_ACCEPTS} Got "${raw}", which would believe the X-Forwarded-For any client ` +
        'writes: each client could then pick a new address for every request and escape every ' +
        'per-client limit.',
    );
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const reason = entry === '' ? 'an entry is empty' : untrustworthyEntry(entry.toLowerCase());
    if (reason) throw new ConfigError(`${TRUST_PROXY_ACCEPTS} Got "${raw}": ${reason}.`);
  }
  return entries.map((entry) => entry.toLowerCase());
}

function publicHosts(raw: string | undefined, host: string): string[] {
  if (raw !== undefined) {
    const hosts = parseHostList(raw);
    if (invalidHostEntry(hosts) !== undefined || hosts.length === 0) {
      throw new ConfigError(
        'PUBLIC_HOSTS must be a comma-separated list of host names, each optionally with :port.',
      );
    }
    return hosts;
  }
  const bound = host.toLowerCase();
  const extra = WILDCARD_ADDRESSES.has(bound) ? [] : [bound.includes(':') ? `[${bound}]` : bound];
  return [...new Set([...DEFAULT_PUBLIC_HOSTS, ...extra])];
}

/** SMTP_URL as given, once checked: on this machine, by its address (mail/smtp-url.ts). */
function checkedSmtpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    parseSmtpUrl(raw);
  } catch (error) {
    if (error instanceof SmtpUrlRefused) throw new ConfigError(error.message);
    throw error;
  }
  return raw;
}

/** The config from the environment (the CLIs, tests): its settings read, then configFrom. */
export function readConfig(env: Env): AppConfig {
  return configFrom(readApiSettings(env));
}

/** The config from settings already read. */
export function configFrom(settings: ApiSettings): AppConfig {
  const host = settings.HOST;
  if (settings.ALLOW_NOTIFICATIONS_TO_LOOPBACK === 'on' && settings.NODE_ENV === 'production') {
    throw new ConfigError(
      'ALLOW_NOTIFICATIONS_TO_LOOPBACK=on is for development only (a webhook or SMTP server on ' +
        'this machine, credentials without TLS to it): refused with NODE_ENV=production.',
    );
  }
  return {
    host,
    port: settings.PORT,
    databaseUrl: settings.DATABASE_URL,
    redisUrl: settings.REDIS_URL,
    dataDir: settings.DATA_DIR ?? defaultDataDir,
    corsOrigins: (settings.CORS_ORIGINS?.split(',') ?? DEFAULT_CORS_ORIGINS)
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    siteUrl: settings.SITE_URL.replace(/\/+$/, ''),
    firebaseProjectId: settings.FIREBASE_PROJECT_ID,
    authEmulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
    allowAuthEmulatorOnNetwork: settings.ALLOW_AUTH_EMULATOR_ON_NETWORK !== undefined,
    publicHosts: publicHosts(settings.PUBLIC_HOSTS, host),
    contactRateLimit: settings.CONTACT_RATE_LIMIT,
    pageViewRateLimit: settings.PAGE_VIEW_RATE_LIMIT,
    allowNotificationsToLoopback: settings.ALLOW_NOTIFICATIONS_TO_LOOPBACK === 'on',
    smtpUrl: checkedSmtpUrl(settings.SMTP_URL),
    mailFrom: settings.MAIL_FROM,
    cacheMaxBytes: settings.CACHE_MAX_BYTES,
    devAdmin: { email: settings.DEV_ADMIN_EMAIL, password: settings.DEV_ADMIN_PASSWORD },
    production: settings.NODE_ENV === 'production',
    logLevel: settings.LOG_LEVEL,
    logRequests: settings.LOG_REQUESTS === 'on',
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    contentEventsKey: settings.CONTENT_EVENTS_KEY,
    analytics: settings.ANALYTICS === 'on',
  };
}

type EmulatorSettings = Pick<
  AppConfig,
  'production' | 'authEmulatorHost' | 'host' | 'firebaseProjectId' | 'allowAuthEmulatorOnNetwork'
>;

/**
 * What makes emulator mode unsafe here, if anything. In emulator mode firebase-admin accepts
 * unsigned tokens, so whoever can reach the API and the emulator can act as any account there.
 */
function emulatorExposure(config: EmulatorSettings): string[] {
  if (!config.authEmulatorHost) return [];
  const reasons: string[] = [];
  if (!config.firebaseProjectId.startsWith('demo-')) {
    reasons.push(`FIREBASE_PROJECT_ID "${config.firebaseProjectId}" does not start with "demo-"`);
  }
  if (!isLoopbackHost(config.host)) {
    reasons.push(`HOST ${config.host} is not a loopback address`);
  }
  if (!isLoopbackHost(config.authEmulatorHost)) {
    reasons.push('FIREBASE_AUTH_EMULATOR_HOST is not a loopback address');
  }
  return reasons;
}

/**
 * Why the server must not start, or undefined when it may. With FIREBASE_AUTH_EMULATOR_HOST
 * set, firebase-admin accepts unsigned ID tokens, so anyone could claim to be an admin: never in
 * production, and elsewhere only for a demo project on loopback, unless explicitly opted in.
 */
export function startupRefusal(config: EmulatorSettings) {
  if (config.production && config.authEmulatorHost) {
    return (
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
      'With the emulator variable set, firebase-admin accepts unsigned tokens, so anyone could ' +
      'act as an admin. Unset FIREBASE_AUTH_EMULATOR_HOST for production.'
    );
  }
  const reasons = emulatorExposure(config);
  if (reasons.length > 0 && !config.allowAuthEmulatorOnNetwork) {
    return (
      `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set but ${reasons.join(', and ')}. ` +
      'Emulator tokens are unsigned: anyone who can reach the API and the emulator could act ' +
      'as any account, the admin included. Use a demo- project with HOST and the emulator on ' +
      `127.0.0.1, or set ALLOW_AUTH_EMULATOR_ON_NETWORK=${EMULATOR_OPT_IN} if you accept that.`
    );
  }
  return undefined;
}

/** The loud line to log when the opt-in lets an exposed emulator mode start. */
export function startupWarning(config: EmulatorSettings): string | undefined {
  const reasons = emulatorExposure(config);
  if (reasons.length === 0 || !config.allowAuthEmulatorOnNetwork) return undefined;
  return (
    `WARNING: ALLOW_AUTH_EMULATOR_ON_NETWORK is set and ${reasons.join(', and ')}. ` +
    'Anyone who can reach this API and the Auth emulator can act as any emulator account, ' +
    'the admin included, and read every contact message. Never do this with real data.'
  );
}
