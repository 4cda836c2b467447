// @ts-check
// First step of `npm start` and `npm test`: installs dependencies when they are missing or older
// than the lock file, so the README's two commands work on a fresh clone. Node built-ins only.
//
// Always `npm ci`: the lock file names every platform's optional binaries, so it installs the
// exact tree the lock records on any machine and never rewrites package-lock.json. When the lock
// and a package.json disagree, npm ci refuses; that is a mistake to fix (run `npm install` and
// commit the lock file), not something to paper over with a second install.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
/** @type {{ workspaces: string[] }} */
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifests = [
  'package.json',
  'package-lock.json',
  ...workspaces.map((dir) => `${dir}/package.json`),
];

function installNeeded() {
  if (!existsSync(marker)) return true;
  const installedAt = statSync(marker).mtimeMs;
  return manifests.some((file) => {
    const full = path.join(root, file);
    return existsSync(full) && statSync(full).mtimeMs > installedAt + 1000;
  });
}

if (installNeeded()) {
  console.log('Installing dependencies (npm ci)...');
  try {
    execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(
      '\nnpm ci failed. If it says package.json and package-lock.json are not in sync, a ' +
        'dependency was changed without its lock file: run `npm install` and commit ' +
        'package-lock.json.',
    );
    process.exit(1);
  }
}
