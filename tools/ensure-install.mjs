// @ts-check
// First step of `npm start` and `npm test`: installs dependencies when they are missing or when
// what the manifests ask for has changed since the last install, so the README's two commands
// work on a fresh clone. Node built-ins only.
//
//   node tools/ensure-install.mjs            everything: the tests', linters' and benchmarks' tools too
//   node tools/ensure-install.mjs --runtime  what building and running the site needs (npm start)
//
// `--runtime` is `npm ci --omit=dev`: every workspace's devDependencies are left out, the test,
// lint and benchmark tools and the dev server (about 40 % of the packages; docs/decisions/211),
// so a fresh clone's first `npm start` does not wait for them. A later full run adds them to that
// tree with `npm install --include=dev --no-save` (the lock's exact versions, nothing written to
// package-lock.json) instead of installing the whole tree again.
//
// Otherwise always `npm ci`: the lock file names every platform's optional binaries, so it
// installs the exact tree the lock records on any machine and never rewrites package-lock.json.
// When the lock and a package.json disagree, npm ci refuses; that is a mistake to fix (run
// `npm install` and commit the lock file), not something to paper over with a second install.
//
// What counts is what npm reads: the lock file and each manifest's dependency fields, hashed into
// a stamp written after an install that finished, with the scope it installed. Editing a script or
// a description does not reinstall. An install stopped half-way (Ctrl-C) leaves no stamp, so the
// next run installs again, and it first removes the half-made node_modules folders itself: npm ci
// fails on some of them (ENOTEMPTY) instead of clearing them.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(root, 'node_modules');
/** npm's own record of the installed tree, written at the end of every install. */
const marker = path.join(modules, '.package-lock.json');
/** This script's record: the hash of what the last finished install was asked for, then its scope
 * (`all`, or `runtime` for a tree without devDependencies; a stamp of the hash alone is `all`). */
const stamp = path.join(modules, '.portfolio-install');
/** @type {{ workspaces: string[] }} */
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifests = ['package.json', ...workspaces.map((dir) => `${dir}/package.json`)];
/** The manifest fields an install depends on; the rest (scripts, descriptions…) do not matter. */
const INSTALL_FIELDS = [
  'name',
  'version',
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
  'overrides',
  'workspaces',
  'bin',
];

/** A hash of the lock file and each manifest's install fields. */
function wanted() {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  for (const file of manifests) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const manifest = JSON.parse(readFileSync(full, 'utf8'));
    const fields = INSTALL_FIELDS.map((field) => [field, manifest[field] ?? null]);
    hash.update(`\n${file}\n${JSON.stringify(fields)}`);
  }
  return hash.digest('hex');
}

/** @typedef {'all' | 'runtime'} Scope */

/** @returns {{ hash: string, scope: Scope } | null} the last finished install's stamp */
function readStamp() {
  if (!existsSync(stamp)) return null;
  const [hash = '', scope] = readFileSync(stamp, 'utf8').trim().split(/\s+/);
  return { hash, scope: scope === 'runtime' ? 'runtime' : 'all' };
}

/**
 * What to run, if anything. Without a stamp (a tree installed by a plain `npm ci`, as CI does),
 * a manifest newer than npm's record means a change; such a tree holds everything.
 * @param {string} hash what is asked for now (`wanted()`)
 * @param {Scope} scope what is asked for now
 * @param {{ hash: string, scope: Scope } | null} last the last finished install's stamp
 * @returns {'none' | 'ci' | 'add-dev'}
 */
function installNeeded(hash, scope, last) {
  if (!existsSync(marker)) return 'ci';
  if (!last) {
    const installedAt = statSync(marker).mtimeMs;
    const changed = [...manifests, 'package-lock.json'].some((file) => {
      const full = path.join(root, file);
      return existsSync(full) && statSync(full).mtimeMs > installedAt + 1000;
    });
    return changed ? 'ci' : 'none';
  }
  if (last.hash !== hash) return 'ci';
  return last.scope === 'runtime' && scope === 'all' ? 'add-dev' : 'none';
}

/** @type {Scope} */
const scope = process.argv.includes('--runtime') ? 'runtime' : 'all';
const unknown = process.argv.slice(2).filter((arg) => arg !== '--runtime');
if (unknown.length > 0) {
  console.error(
    `Unknown argument ${unknown.join(' ')}\nUsage: node tools/ensure-install.mjs [--runtime]`,
  );
  process.exit(2);
}
const hash = wanted();
const last = readStamp();
const step = installNeeded(hash, scope, last);
/** The scope of the tree there now, if one finished installing. */
const present = existsSync(marker) ? (last?.scope ?? 'all') : null;
/** The scope of the tree once this run is done. */
let installed = present ?? scope;
if (step === 'ci') {
  // A developer's whole tree stays whole when a dependency changes, whichever command notices.
  const ciScope = present === 'all' ? 'all' : scope;
  const folders = [modules, ...workspaces.map((dir) => path.join(root, dir, 'node_modules'))];
  const leftOver = folders.filter((folder) => existsSync(folder));
  if (leftOver.length > 0) {
    console.log('Removing the node_modules folders of the last install...');
    for (const folder of leftOver) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  }
  console.log(
    ciScope === 'runtime'
      ? 'Installing what the site needs to build and run (npm ci --omit=dev; npm test adds the test tools)...'
      : 'Installing dependencies (npm ci)...',
  );
  install(`npm ci${ciScope === 'runtime' ? ' --omit=dev' : ''} --no-audit --no-fund`);
  installed = ciScope;
} else if (step === 'add-dev') {
  console.log('Adding the test, lint and benchmark tools (npm install --include=dev --no-save)...');
  // The stamp still says `runtime` until this finishes: a stopped run adds them next time.
  install('npm install --include=dev --no-save --no-audit --no-fund');
  installed = 'all';
}
const record = `${hash} ${installed}`;
if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== record) {
  writeFileSync(stamp, `${record}\n`);
}

/** @param {string} command an npm install; on failure, says what to do and exits 1 */
function install(command) {
  try {
    execSync(command, { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(
      `\n${command.split(' --')[0]} failed. If it says package.json and package-lock.json are not ` +
        'in sync, a dependency was changed without its lock file: run `npm install` and commit ' +
        'package-lock.json. Otherwise run the command again' +
        (command.startsWith('npm ci') ? ': it starts from an empty node_modules.' : '.'),
    );
    process.exit(1);
  }
}
