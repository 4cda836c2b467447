// The content API's settings, written once as a TypeBox schema (docs/decisions/147): every
// variable it reads, with its default and what it accepts. server.ts reads them from the
// environment once, at start (readApiSettings); config.ts turns them into the AppConfig the
// server is built from. A wrong value stops the start with the variable's name and what it
// accepts. The reader is the contract's (the site's server's too, docs/decisions/147), in the
// API's words; the schema kinds are a few of the API's own: it does not depend on the platform.
import { readEnvSettings } from '@portfolio/contract';
import type { Env, SettingNotes, SettingsWording } from '@portfolio/contract';
import { Type } from '@sinclair/typebox';
import type {
  Static,
  TInteger,
  TLiteral,
  TObject,
  TProperties,
  TString,
  TUnion,
} from '@sinclair/typebox';
import { DEFAULT_CACHE_MAX_BYTES } from './http/response-cache.js';

export type { Env, SettingNotes };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Notes = Partial<Omit<SettingNotes, 'accepts'>> & { accepts: string };

function whole(min: number, max: number, fallback: number): TInteger {
  return Type.Integer({
    minimum: min,
    maximum: max,
    default: fallback,
    accepts: `an integer between ${min} and ${max}`,
  });
}

function text({
  fallback,
  pattern,
  ...notes
}: Notes & { fallback?: string; pattern?: string }): TString {
  return Type.String({
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(pattern === undefined ? {} : { pattern }),
    ...notes,
  });
}

function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number] | undefined,
  notes: Notes,
): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((value: T[number]) => Type.Literal(value)),
    { ...(fallback === undefined ? {} : { default: fallback }), ...notes },
  );
}

/** Deliberately long: whoever sets it must read what it means. */
export const EMULATOR_OPT_IN = 'i-understand-anyone-can-be-admin';
/** pino's levels. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ApiSettingsSchema = Type.Object({
  ENV_FILE: Type.Optional(text({ accepts: 'the path of a settings file' })),
  NODE_ENV: Type.Optional(text({ accepts: 'production, or anything else' })),
  HOST: text({ fallback: '127.0.0.1', accepts: 'an address to bind to' }),
  PORT: whole(0, 65535, 4000),
  /** Set → node-postgres; unset → embedded PGlite in DATA_DIR. */
  DATABASE_URL: Type.Optional(text({ accepts: 'a postgres:// URL', secret: true })),
  REDIS_URL: Type.Optional(
    text({ accepts: 'a redis:// or rediss:// URL', pattern: '^rediss?://\\S+$', secret: true }),
  ),
  // Unset: content-api/data/pglite (paths.ts), wherever the package is.
  DATA_DIR: Type.Optional(text({ accepts: 'a folder' })),
  // Unset: the local front ends' origins (config.ts).
  CORS_ORIGINS: Type.Optional(text({ accepts: 'origins, comma-separated' })),
  SITE_URL: text({
    fallback: 'http://localhost:3000',
    pattern: '^https?://[^\\s]+$',
    accepts: 'an http(s) URL',
  }),
  FIREBASE_PROJECT_ID: text({ fallback: 'demo-portfolio', accepts: 'a project id' }),
  // Not trimmed: firebase-admin switches to emulator mode for any non-empty value, even "  ".
  FIREBASE_AUTH_EMULATOR_HOST: Type.Optional(
    text({ accepts: 'the emulator host:port', verbatim: true }),
  ),
  ALLOW_AUTH_EMULATOR_ON_NETWORK: Type.Optional(
    oneOf([EMULATOR_OPT_IN], undefined, { accepts: `unset or exactly "${EMULATOR_OPT_IN}"` }),
  ),
  // Checked in config.ts (its message says which entry is wrong); unset: loopback and HOST.
  PUBLIC_HOSTS: Type.Optional(text({ accepts: 'host names, comma-separated' })),
  CONTACT_RATE_LIMIT: whole(1, 1_000_000, 5),
  // POST /page-views per minute per client (features/insights/routes.ts).
  PAGE_VIEW_RATE_LIMIT: whole(1, 1_000_000, 60),
  // Development only (docs/decisions/163): the new-message webhook and SMTP server may be on this
  // machine (a local catcher), and that SMTP server may take credentials without TLS. Refused
  // with NODE_ENV=production (config.ts).
  ALLOW_NOTIFICATIONS_TO_LOOPBACK: oneOf(['on', 'off'], 'off', { accepts: '"on" or "off"' }),
  // The site's own mail (to members and subscribers: src/mail/site-mailer.ts, docs/decisions/205)
  // goes through the dashboard's SMTP server when one is saved, else here: a server on this
  // machine only, by its address (`npm start`'s mail catcher, smtp://127.0.0.1:1025). Checked in
  // config.ts; unset: no mail without the dashboard's settings.
  SMTP_URL: Type.Optional(
    text({
      accepts: 'an smtp:// or smtps:// URL on this machine (127.0.0.1 or [::1])',
      pattern: '^smtps?://\\S+$',
      secret: true,
    }),
  ),
  // The sender of mail sent through SMTP_URL (the dashboard's settings have their own).
  MAIL_FROM: text({ fallback: 'Portfolio <no-reply@localhost>', accepts: 'a sender address' }),
  CACHE_MAX_BYTES: whole(0, 2 ** 40, DEFAULT_CACHE_MAX_BYTES),
  DEV_ADMIN_EMAIL: text({ fallback: 'admin@portfolio.local', accepts: 'an e-mail address' }),
  DEV_ADMIN_PASSWORD: text({ fallback: 'admin-password-123', accepts: 'a password' }),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info', { accepts: `one of ${LOG_LEVELS.join(', ')}` }),
  LOG_REQUESTS: oneOf(['on', 'off'], 'on', { accepts: '"on" or "off"' }),
  // Page views counted without tracking (docs/decisions/180); off: nothing is stored.
  ANALYTICS: oneOf(['on', 'off'], 'on', { accepts: '"on" or "off"' }),
  // Checked in config.ts (parseTrustProxy: why an entry is refused); unset: no one.
  TRUST_PROXY: Type.Optional(text({ accepts: 'proxies, or a hop count' })),
  CONTENT_EVENTS_KEY: Type.Optional(
    text({
      accepts: '32 to 512 visible ASCII characters (e.g. openssl rand -hex 32)',
      pattern: '^[\\x21-\\x7e]{32,512}$',
      secret: true,
    }),
  ),
  // The first start's owner (features/settings/defaults.ts); unset: the seed's.
  OWNER_NAME: Type.Optional(text({ accepts: 'a name' })),
  OWNER_EMAIL: Type.Optional(text({ accepts: 'an e-mail address' })),
  OWNER_GITHUB_URL: Type.Optional(text({ accepts: 'a URL' })),
  OWNER_LINKEDIN_URL: Type.Optional(text({ accepts: 'a URL' })),
});

export type ApiSettings = Static<typeof ApiSettingsSchema>;

/**
 * The content CLI's export over HTTP (content-files/remote-export.ts, docs/decisions/145): where
 * the running API is and how its admin signs in. Read with the API's settings, at the command's
 * start (cli/content.ts).
 */
export const ContentExportSettingsSchema = Type.Object({
  // Checked in remote-export.ts too: only on loopback (an admin's token goes with the request).
  CONTENT_API_URL: Type.Optional(
    text({ accepts: 'an http(s) URL on this machine', pattern: '^https?://\\S+$' }),
  ),
  CONTENT_API_TOKEN: Type.Optional(text({ accepts: "an admin's ID token", secret: true })),
  // The local stack's ports (npm start): where its API and Auth emulator listen.
  API_PORT: whole(1, 65535, 4000),
  AUTH_EMULATOR_PORT: whole(1, 65535, 9099),
  // Set: the site runs with a real Firebase project, whose admin the CLI cannot sign in.
  FIREBASE_API_KEY: Type.Optional(text({ accepts: "a Firebase project's web API key" })),
  FIREBASE_AUTH_EMULATOR_HOST: ApiSettingsSchema.properties.FIREBASE_AUTH_EMULATOR_HOST,
});

export type ContentExportSettings = Static<typeof ContentExportSettingsSchema>;

/** The API's words: `PORT must be an integer between 0 and 65535 (got "abc").` */
const WORDING: SettingsWording = {
  missing: (name, notes) => `${name} must be set: ${notes.accepts}.`,
  wrong: (name, notes, text) =>
    notes.secret
      ? `${name} must be ${notes.accepts}.`
      : `${name} must be ${notes.accepts} (got "${text}").`,
  error: (message) => new ConfigError(message),
};

/** Every setting of `schema` from `env`, checked. */
export function readSettings<T extends TProperties>(
  schema: TObject<T>,
  env: Env,
): Static<TObject<T>> {
  return readEnvSettings(schema, env, WORDING);
}

/** The API's settings from `env`: the one read of the environment, at start. */
export function readApiSettings(env: Env): ApiSettings {
  return readSettings(ApiSettingsSchema, env);
}

/** The export's settings from `env` (cli/content.ts reads them once, at the command's start). */
export function readContentExportSettings(env: Env): ContentExportSettings {
  return readSettings(ContentExportSettingsSchema, env);
}
