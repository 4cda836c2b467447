// Production build of the five apps (one webpack run) and the content API.
//   node tools/build.mjs              build everything
//   node tools/build.mjs --if-stale   skip what is already built from the current sources
//   node tools/build.mjs shop blog    build only these apps
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { APPS, ROOT } from './apps.mjs';

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const only = args.filter((arg) => !arg.startsWith('--'));
const STAMP = '.build-stamp';

/** Newest modification time below a folder (skipping dependencies and outputs). */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'data') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isFresh(dir, inputs) {
  const stamp = path.join(ROOT, dir, 'dist', STAMP);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(ROOT, input)) <= built);
}

const frontEndInputs = (dir) => [
  dir,
  'shared',
  'contract/src',
  'tools/webpack',
  'types',
  'package-lock.json',
];
const apps = APPS.filter(
  (app) => only.length === 0 || only.includes(app.name) || only.includes(app.dir),
).filter((app) => !ifStale || !isFresh(app.dir, frontEndInputs(app.dir)));

async function buildApps() {
  if (apps.length === 0) return;
  const started = Date.now();
  const configs = await Promise.all(
    apps.map(async (app) => {
      const module = await import(
        pathToFileURL(path.join(ROOT, app.dir, 'webpack.config.mjs')).href
      );
      return module.default({}, { mode: 'production' });
    }),
  );
  const stats = await new Promise((resolve, reject) => {
    // A remote's config is a pair: the app and its standalone federation runtime (ADR 029).
    webpack(configs.flat()).run((error, result) => (error ? reject(error) : resolve(result)));
  });
  const info = stats.toJson({ all: false, errors: true, warnings: false });
  if (stats.hasErrors()) {
    for (const error of info.errors ?? []) console.error(error.message);
    throw new Error('Front-end build failed');
  }
  for (const app of apps)
    writeFileSync(path.join(ROOT, app.dir, 'dist', STAMP), new Date().toISOString());
  console.log(
    `Built ${apps.map((app) => app.name).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

function buildApi() {
  const wanted = only.length === 0 || only.includes('content-api') || only.includes('api');
  if (!wanted || !existsSync(path.join(ROOT, 'content-api/src/server.ts'))) return;
  if (
    ifStale &&
    isFresh('content-api', [
      'content-api/src',
      'content-api/drizzle',
      'content-api/seed',
      'contract/src',
    ])
  )
    return;
  const started = Date.now();
  execSync('npm run build -w @portfolio/content-api', { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(path.join(ROOT, 'content-api/dist', STAMP), new Date().toISOString());
  console.log(`Built content-api in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  buildApi();
  await buildApps();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
