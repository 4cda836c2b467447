// Reads the environment once into a typed config. See README.md for every variable.
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
  contactRateLimit: number;
  devAdmin: { email: string; password: string };
  production: boolean;
  logLevel: string;
  /** Fastify `trustProxy`: true, or a comma list of trusted proxy addresses/CIDRs. */
  trustProxy: boolean | string;
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

function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

function redisUrl(raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^rediss?:\/\/\S+$/.test(raw)) {
    // The value is not echoed: it may carry a password.
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL.');
  }
  return raw;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const siteUrl = nonEmpty(env.SITE_URL) ?? 'http://localhost:3000';
  if (!/^https?:\/\/[^\s]+$/.test(siteUrl)) {
    throw new ConfigError(`SITE_URL must be an http(s) URL (got "${siteUrl}").`);
  }
  return {
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
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
    contactRateLimit: integer(env, 'CONTACT_RATE_LIMIT', DEFAULT_CONTACT_RATE_LIMIT, 1, 1_000_000),
    devAdmin: {
      email: nonEmpty(env.DEV_ADMIN_EMAIL) ?? 'admin@portfolio.local',
      password: nonEmpty(env.DEV_ADMIN_PASSWORD) ?? 'admin-password-123',
    },
    production: env.NODE_ENV === 'production',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxy: trustProxy(nonEmpty(env.TRUST_PROXY)),
  };
}

/**
 * Why the server must not start, or undefined when it may. With FIREBASE_AUTH_EMULATOR_HOST
 * set, firebase-admin accepts unsigned ID tokens, so anyone could claim to be an admin.
 */
export function startupRefusal(config: Pick<AppConfig, 'production' | 'authEmulatorHost'>) {
  if (config.production && config.authEmulatorHost) {
    return (
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
      'With the emulator variable set, firebase-admin accepts unsigned tokens, so anyone could ' +
      'act as an admin. Unset FIREBASE_AUTH_EMULATOR_HOST for production.'
    );
  }
  return undefined;
}
