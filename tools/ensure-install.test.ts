/** @jest-environment node */
// `tools/ensure-install.mjs`, the first step of `npm start` and `npm test`, installs when the
// dependencies asked for changed and only then: a script edited in a package.json does not cost
// a whole `npm ci`, and an install stopped half-way is made again from an empty node_modules.
// `npm start` asks for what running needs (`--runtime`: no devDependencies); `npm test` then adds
// the rest to that tree.
// The script runs on a small project of its own with a stand-in `npm` on the PATH that records
// each call (and what node_modules held when it was called) and installs nothing but npm's
// record of the tree.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'ensure-install.mjs');

let dir: string;
let bin: string;

const file = (name: string) => path.join(dir, name);
const write = (name: string, text: string) => {
  mkdirSync(path.dirname(file(name)), { recursive: true });
  writeFileSync(file(name), text);
};
const manifest = (name: string, extra: object = {}) =>
  JSON.stringify({ name, version: '1.0.0', ...extra }, null, 2);

/** Runs the script; `npmCalls` are the stand-in npm's calls, each with what it found. */
function ensureInstall({ npmFails = false, args = [] as string[] } = {}) {
  rmSync(file('npm-calls.log'), { force: true });
  const run = spawnSync(process.execPath, [file('tools/ensure-install.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
      FAKE_NPM_FAILS: npmFails ? '1' : '',
    },
  });
  const log = existsSync(file('npm-calls.log')) ? readFileSync(file('npm-calls.log'), 'utf8') : '';
  return {
    status: run.status,
    output: run.stdout + run.stderr,
    npmCalls: log.split('\n').filter(Boolean),
  };
}

/** Makes a file look older than anything the script writes next. */
const age = (name: string) => utimesSync(file(name), new Date(0), new Date(0));

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ensure-install-'));
  bin = path.join(dir, 'bin');
  mkdirSync(bin);
  // The stand-in npm: says what it found, then writes npm's record of the tree (or fails first).
  write(
    'bin/npm',
    [
      '#!/bin/sh',
      'leftover=none',
      '[ -e app/node_modules/half-made ] && leftover=app',
      'echo "$* leftover=$leftover" >> npm-calls.log',
      '[ -n "$FAKE_NPM_FAILS" ] && exit 1',
      'mkdir -p node_modules && echo "{}" > node_modules/.package-lock.json',
      '',
    ].join('\n'),
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  mkdirSync(file('tools'));
  copyFileSync(SCRIPT, file('tools/ensure-install.mjs'));
  write('package.json', manifest('root', { workspaces: ['app'], devDependencies: { a: '1.0.0' } }));
  write('app/package.json', manifest('app', { dependencies: { b: '2.0.0' } }));
  write('package-lock.json', '{"lockfileVersion":3}');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a fresh clone installs once; the next start does not', () => {
  expect(ensureInstall().npmCalls).toEqual(['ci --no-audit --no-fund leftover=none']);
  expect(ensureInstall().npmCalls).toEqual([]);
});

test('a script edited in a package.json does not reinstall; a dependency changed does', () => {
  ensureInstall();
  write(
    'app/package.json',
    manifest('app', { dependencies: { b: '2.0.0' }, scripts: { start: 'node .' } }),
  );
  expect(ensureInstall().npmCalls).toEqual([]);

  write('app/package.json', manifest('app', { dependencies: { b: '2.1.0' } }));
  expect(ensureInstall().npmCalls).toHaveLength(1);
  expect(ensureInstall().npmCalls).toEqual([]);
});

test('a new lock file reinstalls', () => {
  ensureInstall();
  write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
  expect(ensureInstall().npmCalls).toHaveLength(1);
});

test('an install stopped half-way is made again from empty node_modules folders', () => {
  // What a Ctrl-C during npm ci leaves: folders, no record of a finished tree.
  write('node_modules/some-package/index.js', '');
  write('app/node_modules/half-made/index.js', '');
  expect(ensureInstall().npmCalls).toEqual(['ci --no-audit --no-fund leftover=none']);
  expect(existsSync(file('node_modules/some-package'))).toBe(false);
});

test('a tree installed by a plain npm ci (CI) is kept when no manifest is newer than it', () => {
  write('node_modules/.package-lock.json', '{}');
  for (const name of ['package.json', 'app/package.json', 'package-lock.json']) age(name);
  expect(ensureInstall().npmCalls).toEqual([]);
  // …and from then on it is judged by what it was asked for.
  write('app/package.json', manifest('app', { dependencies: { b: '2.0.0' }, private: true }));
  expect(ensureInstall().npmCalls).toEqual([]);
});

test('a failed install says what to do, exits 1 and is tried again next time', () => {
  const failed = ensureInstall({ npmFails: true });
  expect(failed.status).toBe(1);
  expect(failed.output).toContain('npm ci failed');
  expect(ensureInstall().npmCalls).toHaveLength(1);
});

const runtime = { args: ['--runtime'] };

test('npm start installs what running needs; npm test then adds the rest to that tree', () => {
  expect(ensureInstall(runtime).npmCalls).toEqual([
    'ci --omit=dev --no-audit --no-fund leftover=none',
  ]);
  expect(ensureInstall(runtime).npmCalls).toEqual([]);
  expect(ensureInstall().npmCalls).toEqual([
    'install --include=dev --no-save --no-audit --no-fund leftover=none',
  ]);
  expect(ensureInstall().npmCalls).toEqual([]);
  expect(ensureInstall(runtime).npmCalls).toEqual([]);
});

test('adding the test tools, if it fails, is tried again next time', () => {
  ensureInstall(runtime);
  expect(ensureInstall({ npmFails: true }).status).toBe(1);
  expect(ensureInstall().npmCalls).toEqual([
    'install --include=dev --no-save --no-audit --no-fund leftover=none',
  ]);
});

test('a whole tree stays whole when npm start finds a dependency changed', () => {
  ensureInstall();
  write('app/package.json', manifest('app', { dependencies: { b: '2.1.0' } }));
  expect(ensureInstall(runtime).npmCalls).toEqual(['ci --no-audit --no-fund leftover=none']);
  expect(ensureInstall().npmCalls).toEqual([]);
});

test('an unknown argument is refused with the usage, before anything is installed', () => {
  const run = ensureInstall({ args: ['--runtme'] });
  expect(run.status).toBe(2);
  expect(run.output).toContain('Usage: node tools/ensure-install.mjs [--runtime]');
  expect(run.npmCalls).toEqual([]);
});
