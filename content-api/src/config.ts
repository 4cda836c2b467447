// Reads the environment once into a typed config. See README.md for every variable.
import {
  LOOPBACK_HOST_NAMES,
  invalidHostEntry,
  isLoopbackHost,
  parseHostList,
} from '@portfolio/contract/hosts';
import { isIP } from 'node:net';
import type { TrustProxy } from './http/client-identity.js';
import { DEFAULT_CACHE_MAX_BYTES } from './http/response-cache.js';
import { defaultDataDir } from './paths.js';

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
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOCAL_FRONT_END_PORTS = [3000, 3001, 3002, 3003, 3004];
export const DEFAULT_CORS_ORIGINS = LOCAL_FRONT_END_PORTS.flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
export const DEFAULT_CONTACT_RATE_LIMIT = 5;
/** Loopback names, any port: `npm start`, tests and scripts reach the API by these. */
export const DEFAULT_PUBLIC_HOSTS: readonly string[] = LOOPBACK_HOST_NAMES;
/** Deliberately long: whoever sets it must read what it means. */
export const EMULATOR_OPT_IN = 'i-understand-anyone-can-be-admin';

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}").`);
  }
  return value;
}

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

function onOff(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`${name} must be "on" or "off".`);
  return raw === 'on';
}

function redisUrl(raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^rediss?:\/\/\S+$/.test(raw)) {
    // The value is not echoed: it may carry a password.
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL.');
  }
  return raw;
}

/** A secret sent in a header: long, and nothing a header could not carry. */
function contentEventsKey(raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^[\x21-\x7e]{32,512}$/.test(raw)) {
    // The value is not echoed: it is a secret.
    throw new ConfigError(
      'CONTENT_EVENTS_KEY must be 32 to 512 visible ASCII characters (e.g. openssl rand -hex 32).',
    );
  }
  return raw;
}

function emulatorOptIn(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  if (raw !== EMULATOR_OPT_IN) {
    throw new ConfigError(
      `ALLOW_AUTH_EMULATOR_ON_NETWORK must be unset or exactly "${EMULATOR_OPT_IN}".`,
    );
  }
  return true;
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const siteUrl = nonEmpty(env.SITE_URL) ?? 'http://localhost:3000';
  if (!/^https?:\/\/[^\s]+$/.test(siteUrl)) {
    throw new ConfigError(`SITE_URL must be an http(s) URL (got "${siteUrl}").`);
  }
  return {
    host,
    port: integer(env, 'PORT', 4000, 0, 65535),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: redisUrl(nonEmpty(env.REDIS_URL)),
    dataDir: nonEmpty(env.DATA_DIR) ?? defaultDataDir,
    corsOrigins: (nonEmpty(env.CORS_ORIGINS)?.split(',') ?? DEFAULT_CORS_ORIGINS)
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    siteUrl: siteUrl.replace(/\/+$/, ''),
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-portfolio',
    // Not trimmed: firebase-admin switches to emulator mode for any non-empty value, even "  ".
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    allowAuthEmulatorOnNetwork: emulatorOptIn(nonEmpty(env.ALLOW_AUTH_EMULATOR_ON_NETWORK)),
    publicHosts: publicHosts(nonEmpty(env.PUBLIC_HOSTS), host),
    contactRateLimit: integer(env, 'CONTACT_RATE_LIMIT', DEFAULT_CONTACT_RATE_LIMIT, 1, 1_000_000),
    cacheMaxBytes: integer(env, 'CACHE_MAX_BYTES', DEFAULT_CACHE_MAX_BYTES, 0, 2 ** 40),
    devAdmin: {
      email: nonEmpty(env.DEV_ADMIN_EMAIL) ?? 'admin@portfolio.local',
      password: nonEmpty(env.DEV_ADMIN_PASSWORD) ?? 'admin-password-123',
    },
    production: env.NODE_ENV === 'production',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    logRequests: onOff(nonEmpty(env.LOG_REQUESTS), 'LOG_REQUESTS', true),
    trustProxy: parseTrustProxy(nonEmpty(env.TRUST_PROXY)),
    contentEventsKey: contentEventsKey(nonEmpty(env.CONTENT_EVENTS_KEY)),
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
