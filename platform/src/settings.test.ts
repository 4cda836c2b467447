/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Type } from '@sinclair/typebox';
import {
  Setting,
  SettingsError,
  documentedDefault,
  loadSettingsFile,
  productionWarnings,
  readSettings,
} from './settings';

describe('loadSettingsFile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'settings-'));
  const file = path.join(dir, 'site.env');
  writeFileSync(file, 'SETTINGS_TEST_A=from-file\nSETTINGS_TEST_B=from-file\n');
  writeFileSync(path.join(dir, '.env'), 'SETTINGS_TEST_B=from-dot-env\n');
  const settings = path.join(__dirname, 'settings.ts');
  const TSX = pathToFileURL(
    path.join(__dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'loader.mjs'),
  ).href;

  /** What a process started with `env` in `cwd` has after reading its settings file. */
  function after(env: NodeJS.ProcessEnv, cwd = dir) {
    // A process of its own: the test's process.env is not the real one.
    const script =
      `const { loadSettingsFile } = await import(${JSON.stringify(settings)});` +
      'const file = loadSettingsFile();' +
      'console.log(JSON.stringify({ file, a: process.env.SETTINGS_TEST_A, b: process.env.SETTINGS_TEST_B }));';
    const out = execFileSync(
      process.execPath,
      // The workspace packages' sources, as every tool runs them (a fresh clone has no dist/).
      ['--conditions=@portfolio/source', '--import', TSX, '--input-type=module', '-e', script],
      { cwd, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
    );
    return JSON.parse(out) as { file: string | null; a?: string; b?: string };
  }

  it('reads ENV_FILE, else ./.env, the environment winning over the file', () => {
    expect(after({ ENV_FILE: file, SETTINGS_TEST_A: 'from-env' })).toEqual({
      file,
      a: 'from-env',
      b: 'from-file',
    });
    expect(after({})).toEqual({ file: '.env', b: 'from-dot-env' });
    expect(after({}, os.tmpdir()).file).toBeNull();
  });

  it('stops at an ENV_FILE that is not there', () => {
    expect(() => loadSettingsFile({ ENV_FILE: path.join(dir, 'none.env') })).toThrow(/ENV_FILE/);
  });
});

describe('productionWarnings', () => {
  it('warns when SITE_URL is unset or local in production, and only then', () => {
    expect(productionWarnings({ NODE_ENV: 'production' })[0]).toMatch(/SITE_URL is not set/);
    expect(
      productionWarnings({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' })[0],
    ).toMatch(/"http:\/\/localhost:3000" while NODE_ENV=production/);
    expect(
      productionWarnings({ NODE_ENV: 'production', SITE_URL: 'http://127.0.0.1:8080' }),
    ).toHaveLength(1);
    expect(
      productionWarnings({ NODE_ENV: 'production', SITE_URL: 'https://alex.example' }),
    ).toEqual([]);
    expect(productionWarnings({ SITE_URL: 'http://localhost:3000' })).toEqual([]);
  });
});

describe('readSettings', () => {
  const schema = Type.Object({
    PORT_A: Setting.port(3000),
    SWITCH: Setting.onOff(false),
    KEY: Type.Optional(
      Setting.text({ accepts: 'a key of 8 letters', pattern: '^[a-z]{8}$', secret: true }),
    ),
    EMPTY_MEANS_OFF: Type.Optional(Setting.text({ emptyIsSet: true })),
    RAW: Type.Optional(Setting.text({ verbatim: true })),
    NEEDED: Setting.text({ accepts: 'a name' }),
  });

  it('gives each variable its type, its default when unset or empty, nothing when optional', () => {
    expect(readSettings(schema, { NEEDED: 'x', PORT_A: ' ', SWITCH: 'Yes' })).toEqual({
      NEEDED: 'x',
      PORT_A: 3000,
      SWITCH: true,
    });
    // Set but empty is a value where the setting says so; spaces are kept where it says so.
    expect(readSettings(schema, { NEEDED: 'x', EMPTY_MEANS_OFF: '', RAW: ' a ' })).toMatchObject({
      EMPTY_MEANS_OFF: '',
      RAW: ' a ',
    });
  });

  it('stops at a wrong value, naming the variable and what it accepts, never echoing a secret', () => {
    expect(() => readSettings(schema, { NEEDED: 'x', PORT_A: '0' })).toThrow(
      new SettingsError('PORT_A must be a port number (1-65535), got "0"'),
    );
    expect(() => readSettings(schema, { NEEDED: 'x', KEY: 'secret!' })).toThrow(
      /^KEY must be a key of 8 letters$/,
    );
    expect(() => readSettings(schema, {})).toThrow('NEEDED must be set: a name');
  });

  it('documents a default as the files write it', () => {
    expect(documentedDefault(Setting.onOff(true))).toBe('on');
    expect(documentedDefault(Setting.whole(1, 9, 5))).toBe('5');
    expect(documentedDefault(Setting.text())).toBeUndefined();
  });
});
