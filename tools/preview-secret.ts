// The deployers' key of preview links and of the canary status (docs/decisions/191): PREVIEW_SECRET
// where it is set (a deploy machine, CI, the site's host), else this machine's own, made once and
// kept outside the repository (node_modules/.cache), which `npm start` hands the site's server and
// `npm run deploy` signs with: on one machine the two agree without any setting.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root';

export const LOCAL_PREVIEW_SECRET_FILE = path.join(
  ROOT,
  'node_modules',
  '.cache',
  'portfolio',
  'preview-secret',
);

export function previewSecret(
  env: NodeJS.ProcessEnv = process.env,
  file: string = LOCAL_PREVIEW_SECRET_FILE,
): string {
  if (env.PREVIEW_SECRET) return env.PREVIEW_SECRET;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Readable by this user only; `wx`: a second process making it at once keeps the first's.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
  return secret;
}
