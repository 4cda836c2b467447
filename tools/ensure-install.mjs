// @ts-check
// First step of `npm start` and `npm test`: installs dependencies when they are missing or when
// what the manifests ask for has changed since the last install, so the README's two commands
// work on a fresh clone. Node built-ins only.
//
// Always `npm ci`: the lock file names every platform's optional binaries, so it installs the
// exact tree the lock records on any machine and never rewrites package-lock.json. When the lock
// and a package.json disagree, npm ci refuses; that is a mistake to fix (run `npm install` and
// commit the lock file), not something to paper over with a second install.
//
// What counts is what npm reads: the lock file and each manifest's dependency fields, hashed into
// a stamp written after an install that finished. Editing a script or a description does not
// reinstall. An install stopped half-way (Ctrl-C) leaves no stamp, so the next run installs again,
// and it first removes the half-made node_modules folders itself: npm ci fails on some of them
// (ENOTEMPTY) instead of clearing them.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(root, 'node_modules');
/** npm's own record of the installed tree, written at the end of every install. */
const marker = path.join(modules, '.package-lock.json');
/** This script's record: the hash of what the last finished install was asked for. */
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

/**
 * Whether to install. Without a stamp (a tree installed by a plain `npm ci`, as CI does, or
 * before this script wrote stamps), a manifest newer than npm's record means a change.
 * @param {string} hash what is asked for now (`wanted()`)
 */
function installNeeded(hash) {
  if (!existsSync(marker)) return true;
  if (existsSync(stamp)) return readFileSync(stamp, 'utf8').trim() !== hash;
  const installedAt = statSync(marker).mtimeMs;
  return [...manifests, 'package-lock.json'].some((file) => {
    const full = path.join(root, file);
    return existsSync(full) && statSync(full).mtimeMs > installedAt + 1000;
  });
}

const hash = wanted();
if (installNeeded(hash)) {
  const folders = [modules, ...workspaces.map((dir) => path.join(root, dir, 'node_modules'))];
  const leftOver = folders.filter((folder) => existsSync(folder));
  if (leftOver.length > 0) {
    console.log('Removing the node_modules folders of the last install...');
    for (const folder of leftOver) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  }
  console.log('Installing dependencies (npm ci)...');
  try {
    execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(
      '\nnpm ci failed. If it says package.json and package-lock.json are not in sync, a ' +
        'dependency was changed without its lock file: run `npm install` and commit ' +
        'package-lock.json. Otherwise run the command again: it starts from an empty ' +
        'node_modules.',
    );
    process.exit(1);
  }
}
if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash) {
  writeFileSync(stamp, `${hash}\n`);
}
