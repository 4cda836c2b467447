// How a service's settings are written and read (docs/decisions/147): once, as a TypeBox schema
// of the typed values (a port is an integer from 1 to 65535, a switch a boolean), each with the
// words its error message uses and its default. readSettings (the contract's reader, which the
// content API uses too, in its own words) turns the environment's text into that typed object
// at start; a wrong value stops the process with a message naming the
// variable and what it accepts, never a default the operator did not choose. The documentation
// (.env.example, deploy/compose.yaml, README "Configuration") is checked against the schemas.
import { readEnvSetting, readEnvSettings } from '@portfolio/contract';
import type { Env, SettingNotes, SettingsWording } from '@portfolio/contract';
import { Type } from '@sinclair/typebox';
import type {
  Static,
  TBoolean,
  TInteger,
  TLiteral,
  TObject,
  TProperties,
  TSchema,
  TString,
  TUnion,
} from '@sinclair/typebox';

export type { Env, SettingNotes };

/** A setting's value is wrong: the message names the variable and what it accepts. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

type Notes = Partial<Omit<SettingNotes, 'accepts'>> & { accepts?: string };

/** The kinds of setting the services have, each a TypeBox schema of its typed value. */
export const Setting = {
  port(fallback?: number, notes: Notes = {}): TInteger {
    return Type.Integer({
      minimum: 1,
      maximum: 65535,
      ...(fallback === undefined ? {} : { default: fallback }),
      accepts: 'a port number (1-65535)',
      ...notes,
    });
  },
  /** A whole number (milliseconds, a count) from `min` to `max`. */
  whole(min: number, max: number, fallback?: number, notes: Notes = {}): TInteger {
    return Type.Integer({
      minimum: min,
      maximum: max,
      ...(fallback === undefined ? {} : { default: fallback }),
      accepts: `a whole number from ${min} to ${max}`,
      ...notes,
    });
  },
  /** on/off (also true/false, 1/0, yes/no). */
  onOff(fallback: boolean, notes: Notes = {}): TBoolean {
    return Type.Boolean({ default: fallback, accepts: 'on or off', ...notes });
  },
  text({
    fallback,
    pattern,
    ...notes
  }: Notes & { fallback?: string; pattern?: string } = {}): TString {
    return Type.String({
      ...(fallback === undefined ? {} : { default: fallback }),
      ...(pattern === undefined ? {} : { pattern }),
      accepts: 'any text',
      ...notes,
    });
  },
  oneOf<const T extends readonly [string, ...string[]]>(
    values: T,
    fallback?: T[number],
    notes: Notes = {},
  ): TUnion<TLiteral<T[number]>[]> {
    return Type.Union(
      values.map((value: T[number]) => Type.Literal(value)),
      {
        ...(fallback === undefined ? {} : { default: fallback }),
        accepts: `one of ${values.join(', ')}`,
        ...notes,
      },
    );
  },
};

/** pino's levels: the site's server and the content API log with it. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The site's and the tools' words: `PORT must be a port number (1-65535), got "abc"`. */
const WORDING: SettingsWording = {
  missing: (name, notes) => `${name} must be set: ${notes.accepts}`,
  wrong: (name, notes, text) =>
    notes.secret
      ? `${name} must be ${notes.accepts}`
      : `${name} must be ${notes.accepts}, got "${text}"`,
  error: (message) => new SettingsError(message),
};

/**
 * One variable read by its setting (the contract's reader, docs/decisions/147): unset (or empty)
 * gives the default, or nothing when the setting is optional.
 */
export function readSetting(name: string, setting: TSchema, raw: string | undefined): unknown {
  return readEnvSetting(name, setting, raw, WORDING);
}

/** Every setting of `schema` from `env`, checked: the typed object the service passes on. */
export function readSettings<T extends TProperties>(
  schema: TObject<T>,
  env: Env,
): Static<TObject<T>> {
  return readEnvSettings(schema, env, WORDING);
}

/** A setting's default as the documentation writes it (on/off for a switch), if it has one. */
export function documentedDefault(setting: TSchema): string | undefined {
  const value: unknown = setting.default;
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return String(value);
}

/** The settings file's own setting: read before the others, which the file may hold. */
export const SettingsFileSchema = Type.Object({
  ENV_FILE: Type.Optional(Setting.text({ accepts: 'the path of a settings file' })),
});

/** NODE_ENV: "production" refuses what is only safe on a laptop, and warns. */
export const NodeEnvSchema = Type.Object({
  NODE_ENV: Type.Optional(Setting.text({ accepts: 'production, or anything else' })),
});

/** A port setting read on its own (the tools' servers: the edge, a remote's static server). */
export function portFromEnv(envName: string, fallback: number, env: Env): number {
  return readSetting(envName, Setting.port(fallback), env[envName]) as number;
}

/** An on/off setting read on its own. */
export function switchFromEnv(envName: string, fallback: boolean, env: Env): boolean {
  return readSetting(envName, Setting.onOff(fallback), env[envName]) as boolean;
}

/** A whole number in a range read on its own. */
export function integerFromEnv(
  envName: string,
  fallback: number,
  { min, max }: { min: number; max: number },
  env: Env,
): number {
  return readSetting(envName, Setting.whole(min, max, fallback), env[envName]) as number;
}

/**
 * Reads the settings file into the environment: ENV_FILE when set (it must exist), else `.env`
 * in the working directory when there is one (`.env.example` lists every setting). A variable
 * already in the environment wins over the file's (Node's process.loadEnvFile). Returns the file
 * read, if any. It runs before the settings are read: they may be in the file.
 */
export function loadSettingsFile(env: Env = process.env): string | null {
  const given = readSettings(SettingsFileSchema, env).ENV_FILE;
  const file = given || '.env';
  try {
    process.loadEnvFile(file);
    return file;
  } catch (error) {
    if (!given && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SettingsError(
      `ENV_FILE: cannot read the settings file "${file}": ${(error as Error).message}`,
    );
  }
}

/** Host names that only ever mean this machine. */
const LOCAL_NAMES = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * Warnings about settings that work on a laptop and not on a public host: SITE_URL unset or
 * still a local address while NODE_ENV=production (canonical URLs, preview cards, the feed and
 * the sitemap would all point at localhost).
 */
export function productionWarnings({
  NODE_ENV,
  SITE_URL,
}: {
  NODE_ENV?: string | undefined;
  SITE_URL?: string | undefined;
}): string[] {
  if (NODE_ENV !== 'production') return [];
  const siteUrl = SITE_URL?.trim();
  let host = '';
  try {
    host = siteUrl ? new URL(siteUrl).hostname : '';
  } catch {
    host = '';
  }
  if (!siteUrl || LOCAL_NAMES.test(host)) {
    return [
      `SITE_URL is ${siteUrl ? `"${siteUrl}"` : 'not set'} while NODE_ENV=production: every ` +
        'canonical URL, preview card, the feed and the sitemap will point at this machine. Set ' +
        'SITE_URL to the public address, e.g. https://alex.example',
    ];
  }
  return [];
}
