// First step of `npm start` and `npm test`: installs dependencies when they are missing or older
// than the lock file, so the README's two commands work on a fresh clone. Node built-ins only.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
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
  console.log('Installing dependencies (npm ci || npm install)...');
  // npm ci can fail here when the registry lacks another platform's optional binary named in the
  // lock file (docs/decisions/005-local-services.md); npm install then resolves for this platform.
  execSync('npm ci --no-audit --no-fund || npm install --no-audit --no-fund', {
    cwd: root,
    stdio: 'inherit',
  });
}
