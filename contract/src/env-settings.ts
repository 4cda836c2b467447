// How a service reads its settings from the environment (docs/decisions/147), the one reader of
// the site's server, the tools and the content API: each setting is a TypeBox schema of its typed
// value (an integer, a boolean, a text, one of some words) with the words its refusal uses
// (`accepts`) and its default. The environment's text becomes that typed value, is checked
// against the schema, and a wrong one stops the read with a message naming the variable and what
// it accepts, in the words of the service that reads it (each keeps its messages' form). Here,
// because both the platform and the API depend on the contract and neither on the other.
// Checked with the contract's check() (no compiled code, no TypeBox value system): a setting's
// schema is a flat value's.
import { OptionalKind } from '@sinclair/typebox';
import type { Static, TObject, TProperties, TSchema } from '@sinclair/typebox';
import { check } from './check.js';

/** The environment as a process has it (process.env, or a test's own object). */
export type Env = Readonly<Record<string, string | undefined>>;

/** What each setting's schema carries besides JSON Schema's keywords. */
export interface SettingNotes {
  /** What the variable accepts, as its error message says it: "a port number (1-65535)". */
  accepts: string;
  /** A secret (a password, a key, a URL with one): its value is never repeated in a message. */
  secret?: boolean;
  /** Read exactly as set, spaces included (trimmed otherwise). */
  verbatim?: boolean;
  /** Set but empty is a value of its own (unset otherwise). */
  emptyIsSet?: boolean;
}

/** How a service words a refusal, and the error it stops with. */
export interface SettingsWording {
  /** A setting with no default is unset. */
  missing(name: string, notes: SettingNotes): string;
  /** A setting's text is not what it accepts (`text` is never a secret's). */
  wrong(name: string, notes: SettingNotes, text: string): string;
  error(message: string): Error;
}

const ON = ['on', 'true', '1', 'yes'];
const OFF = ['off', 'false', '0', 'no'];

/** The keywords a setting's schema constrains its value with (the rest are notes). */
const CONSTRAINTS = new Set([
  'type',
  'const',
  'anyOf',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
]);

/** The schema without its notes (`default`, `accepts`, …), as check() takes it. */
function constraintsOf(setting: TSchema): TSchema {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(setting)) {
    if (!CONSTRAINTS.has(key)) continue;
    kept[key] = key === 'anyOf' ? (value as TSchema[]).map(constraintsOf) : value;
  }
  return kept as TSchema;
}

/** The text of a variable as the setting's type, or undefined when it cannot be one. */
function fromText(setting: TSchema, text: string): unknown {
  switch (setting.type) {
    case 'integer': {
      const value = Number(text);
      return text !== '' && Number.isInteger(value) ? value : undefined;
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (ON.includes(word)) return true;
      if (OFF.includes(word)) return false;
      return undefined;
    }
    default:
      return text;
  }
}

/**
 * One variable read by its setting: unset (or empty) gives the default, or nothing when the
 * setting is optional.
 */
export function readEnvSetting(
  name: string,
  setting: TSchema,
  raw: string | undefined,
  wording: SettingsWording,
): unknown {
  const notes = setting as TSchema & SettingNotes;
  const text = notes.verbatim ? raw : raw?.trim();
  if (text === undefined || (text === '' && !notes.emptyIsSet)) {
    if (setting.default !== undefined) return setting.default;
    if (setting[OptionalKind] === 'Optional') return undefined;
    throw wording.error(wording.missing(name, notes));
  }
  const value = fromText(setting, text);
  if (value === undefined || !check(constraintsOf(setting), value)) {
    throw wording.error(wording.wrong(name, notes, text));
  }
  return value;
}

/** Every setting of `schema` from `env`, checked: the typed object the service passes on. */
export function readEnvSettings<T extends TProperties>(
  schema: TObject<T>,
  env: Env,
  wording: SettingsWording,
): Static<TObject<T>> {
  const settings: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(schema.properties)) {
    const value = readEnvSetting(name, setting, env[name], wording);
    if (value !== undefined) settings[name] = value;
  }
  return settings as Static<TObject<T>>;
}
