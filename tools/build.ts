// Production build of the five apps (one webpack run) and the content API.
//   tsx tools/build.ts                build everything (npm run build)
//   tsx tools/build.ts --if-stale     skip what is already built from the current sources
//   tsx tools/build.ts shop blog      build only these apps
//   tsx tools/build.ts --test         the five apps' test build, for the browser specs: the
//                                     production build plus the federation diagnostics (ADR 071);
//                                     the content API has none, it is built only if stale
//   tsx tools/build.ts content-api    only the content API (tools/api-build.ts: esbuild, no type check)
//   tsx tools/build.ts --single-bundle
//                                     only the shell with every page compiled in, into
//                                     shell/dist-single/ (BUNDLE_MODE=single), for npm run
//                                     bench:bundle's measure of what federation costs
// A production build is then checked for test code (tools/check-production-build.ts). Run with
// tsx --conditions=@portfolio/source, as the package.json scripts do.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { MultiStats } from 'webpack';
import { APPS } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { buildApiPackages } from './api-build';
import { BUILT_MESSAGE } from './build-protocol';
import { checkProductionBuilds } from './check-production-build';
import { buildSiteServerBundle } from './site-server-build';
import { TEST_BUILD_ENV } from './test-build';
import { webpackConfigOf } from './webpack/app-configs';
import { readCommandLine } from './command-line';

const { values: flags, positionals: only } = readCommandLine({
  usage:
    `Usage: npm run build -- [--test | --if-stale | --single-bundle] ` +
    `[${[...APPS.map((app) => app.name), 'content-api'].join('|')}…]`,
  options: {
    test: { type: 'boolean' },
    'if-stale': { type: 'boolean' },
    'single-bundle': { type: 'boolean' },
  },
  positionals: {
    max: APPS.length + 1,
    allowed: [...APPS.flatMap((app) => [app.name, app.dir]), 'content-api', 'api'],
  },
});
const testBuild = flags.test === true;
const ifStale = flags['if-stale'] === true;
const singleBundle = flags['single-bundle'] === true;
const STAMP = '.build-stamp';
const KIND = testBuild ? 'test' : 'production';
// Read by tools/webpack/create-config.ts, in this process only.
if (testBuild) process.env[TEST_BUILD_ENV] = '1';
else delete process.env[TEST_BUILD_ENV];
// Read by tools/webpack/create-config.ts too.
if (singleBundle) process.env.BUNDLE_MODE = 'single';

/** The stamp a build leaves in its dist/: when, and which kind of build (production or test). */
function writeStamp(dir: string): void {
  const stamp = { builtAt: new Date().toISOString(), kind: KIND };
  writeFileSync(path.join(ROOT, dir, 'dist', STAMP), JSON.stringify(stamp));
}

function stampKind(file: string): string {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { kind?: string }).kind ?? 'production';
  } catch {
    return 'production';
  }
}

/**
 * What a build's inputs skip: dependencies and outputs (the builds, the API's data, and a
 * remote's deploy folders, which every `npm start` and `npm run deploy` writes after a build;
 * counted, they made the next start build every deployed remote again).
 */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'data', 'deploys']);

/** Newest modification time below a folder, skipping NOT_INPUTS. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (NOT_INPUTS.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Built from the current sources, and the kind of build asked for (a test build is stale for
 * `npm start`, which then rebuilds it). */
function isFresh(dir: string, inputs: string[], kind: string = KIND): boolean {
  const stamp = path.join(ROOT, dir, 'dist', STAMP);
  if (!existsSync(stamp) || stampKind(stamp) !== kind) return false;
  const built = statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(ROOT, input)) <= built);
}

const frontEndInputs = (dir: string): string[] => [
  dir,
  'shared',
  'contract/src',
  'platform/src',
  'federation-runtime/src',
  'tools/webpack',
  'tools/site-server-build.ts',
  'types',
  'package-lock.json',
];
const apps = APPS.filter(
  (app) => only.length === 0 || only.includes(app.name) || only.includes(app.dir),
).filter((app) => !ifStale || !isFresh(app.dir, frontEndInputs(app.dir)));

/**
 * The production configs of `builds` (tools/webpack/app-configs.ts), in one webpack run. Resolves
 * once the outputs are written, with what stores the persistent caches (webpack otherwise waits
 * for the process to idle: ADR 193), to be awaited before the process ends.
 */
async function runWebpack(builds: readonly AppInfo[]): Promise<() => Promise<void>> {
  const configs = await Promise.all(
    builds.map((app) => webpackConfigOf(app)({}, { mode: 'production' })),
  );
  const compiler = webpack(configs.flat());
  const stats = await new Promise<MultiStats>((resolve, reject) => {
    // A remote's configs: the app, its standalone federation runtime (ADR 029) and its server.
    compiler.run((error, result) =>
      error || !result ? reject(error ?? new Error('webpack gave no stats')) : resolve(result),
    );
  });
  const storeCaches = () =>
    new Promise<void>((resolve, reject) =>
      compiler.close((error) => (error ? reject(error) : resolve())),
    );
  const info = stats.toJson({ all: false, errors: true, warnings: false });
  if (stats.hasErrors()) {
    for (const error of info.errors ?? []) console.error(error.message);
    // What compiled is kept for the next build, as before the failure was known.
    await storeCaches();
    throw new Error('Front-end build failed');
  }
  return storeCaches;
}

async function buildApps(): Promise<void> {
  if (apps.length === 0) return;
  const started = Date.now();
  const storeCaches = await runWebpack(apps);
  // The site's server itself, beside the shell's builds it serves.
  if (apps.some((app) => app.name === 'shell')) await buildSiteServerBundle();
  for (const app of apps) writeStamp(app.dir);
  console.log(
    `Built ${apps.map((app) => app.name).join(', ')}${testBuild ? ' (test build)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!testBuild) assertNoTestCode(apps.map((app) => path.join(ROOT, app.dir, 'dist')));
  if (process.send) {
    // Run by `npm start` (tools/start.ts): the builds are ready to serve, and the caches are
    // stored while the site starts, at the lowest priority (a fresh clone serves sooner).
    process.send(BUILT_MESSAGE);
    setPriority(19);
  }
  await storeCaches();
}

/** A production build with test code in it fails (docs/decisions/071). */
function assertNoTestCode(dirs: string[]): void {
  const problems = checkProductionBuilds(dirs);
  if (problems.length === 0) {
    console.log(`No test code in ${dirs.map((dir) => path.relative(ROOT, dir)).join(', ')}`);
    return;
  }
  throw new Error(
    `Test code in a production build (docs/decisions/071):\n  ${problems.join('\n  ')}`,
  );
}

async function buildApi(): Promise<void> {
  const wanted = only.length === 0 || only.includes('content-api') || only.includes('api');
  if (!wanted || !existsSync(path.join(ROOT, 'content-api/src/server.ts'))) return;
  // The API has no test build: a test build of the site uses its production build.
  if (
    (ifStale || testBuild) &&
    isFresh(
      'content-api',
      ['content-api/src', 'content-api/drizzle', 'content-api/seed', 'contract/src'],
      'production',
    )
  )
    return;
  const started = Date.now();
  await buildApiPackages();
  const stamp = { builtAt: new Date().toISOString(), kind: 'production' };
  writeFileSync(path.join(ROOT, 'content-api/dist', STAMP), JSON.stringify(stamp));
  console.log(`Built content-api in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assertNoTestCode([path.join(ROOT, 'contract/dist'), path.join(ROOT, 'content-api/dist')]);
}

/** The single bundle (single-bundle-config.ts): only measured, never deployed, so no stamp. */
async function buildSingleBundle(): Promise<void> {
  const started = Date.now();
  const storeCaches = await runWebpack(APPS.filter((app) => app.name === 'shell'));
  await storeCaches();
  console.log(`Built the single bundle in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  if (singleBundle) {
    await buildSingleBundle();
  } else {
    await buildApi();
    await buildApps();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
