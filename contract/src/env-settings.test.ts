/** @jest-environment node */
// The one reader of the services' settings (docs/decisions/147): the environment's text becomes
// each setting's typed value, checked against its schema, and a wrong one is refused in the
// reading service's words.
import { Type } from '@sinclair/typebox';
import { readEnvSettings } from './env-settings.js';
import type { SettingsWording } from './env-settings.js';

class WrongSetting extends Error {}

const WORDING: SettingsWording = {
  missing: (name, notes) => `${name} must be set: ${notes.accepts}`,
  wrong: (name, notes, text) =>
    notes.secret ? `${name} must be ${notes.accepts}` : `${name} must be ${notes.accepts}: ${text}`,
  error: (message) => new WrongSetting(message),
};

const Schema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000, accepts: 'a port' }),
  CACHE: Type.Boolean({ default: true, accepts: 'on or off' }),
  LEVEL: Type.Union([Type.Literal('info'), Type.Literal('debug')], {
    default: 'info',
    accepts: 'info or debug',
  }),
  URL: Type.Optional(Type.String({ pattern: '^https?://\\S+$', accepts: 'an http(s) URL' })),
  KEY: Type.Optional(Type.String({ pattern: '^.{8,}$', accepts: '8 characters', secret: true })),
  EMULATOR: Type.Optional(Type.String({ accepts: 'a URL, or empty', emptyIsSet: true })),
  RAW: Type.Optional(Type.String({ accepts: 'anything', verbatim: true })),
});

const read = (env: Record<string, string>) => readEnvSettings(Schema, env, WORDING);

describe('readEnvSettings', () => {
  it('gives the defaults for what is unset or empty, and leaves optional settings out', () => {
    expect(read({ PORT: ' ', LEVEL: '' })).toEqual({ PORT: 3000, CACHE: true, LEVEL: 'info' });
  });

  it("turns each variable's text into its type", () => {
    expect(
      read({
        PORT: ' 4100 ',
        CACHE: 'OFF',
        LEVEL: 'debug',
        URL: 'http://127.0.0.1:4000/api',
        KEY: 'abcdefgh',
        EMULATOR: '',
        RAW: '  spaced  ',
      }),
    ).toEqual({
      PORT: 4100,
      CACHE: false,
      LEVEL: 'debug',
      URL: 'http://127.0.0.1:4000/api',
      KEY: 'abcdefgh',
      EMULATOR: '',
      RAW: '  spaced  ',
    });
  });

  it('refuses a wrong value in the reader’s words, never repeating a secret', () => {
    for (const [env, message] of [
      [{ PORT: '3.5' }, 'PORT must be a port: 3.5'],
      [{ PORT: '70000' }, 'PORT must be a port: 70000'],
      [{ CACHE: 'maybe' }, 'CACHE must be on or off: maybe'],
      [{ LEVEL: 'INFO' }, 'LEVEL must be info or debug: INFO'],
      [{ URL: 'ftp://x' }, 'URL must be an http(s) URL: ftp://x'],
      [{ KEY: 'short' }, 'KEY must be 8 characters'],
    ] as const) {
      expect(() => read(env)).toThrow(new WrongSetting(message));
    }
    expect(() => read({ PORT: 'x' })).toThrow(WrongSetting);
    const Required = Type.Object({ NAME: Type.String({ accepts: 'a name' }) });
    expect(() => readEnvSettings(Required, {}, WORDING)).toThrow('NAME must be set: a name');
  });
});
