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
//   tsx tools/build.ts shop --keep-warm
//                                     the apps' production build in the kept-warm build process
//                                     (tools/build-server.ts, docs/decisions/196), started if none
//                                     runs: a build after a small change skips Node's and
//                                     webpack's start and the cache's reading and writing
//   tsx tools/build.ts --stop-warm    end the kept-warm build process (it ends by itself after 15
//                                     minutes without a build)
// A production build is then checked for test code (tools/check-production-build.ts). Run with
// tsx --conditions=@portfolio/source, as the package.json scripts do.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { APPS } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { buildApiPackages } from './api-build';
import {
  STAMP,
  assertNoTestCode,
  closeCompiler,
  createAppsCompiler,
  finishAppsBuild,
  printedErrors,
  runCompiler,
  writeStamp,
} from './build-apps';
import type { BuildKind } from './build-apps';
import { BUILT_MESSAGE } from './build-protocol';
import { buildServerFingerprint, buildThroughServer, stopBuildServer } from './build-server';
import { TEST_BUILD_ENV } from './test-build';
import { readCommandLine } from './command-line';

const USAGE =
  `Usage: npm run build -- [--test | --single-bundle | --keep-warm] [--if-stale] ` +
  `[${[...APPS.map((app) => app.name), 'content-api'].join('|')}…]\n` +
  `       npm run build -- --stop-warm`;
const { values: flags, positionals: only } = readCommandLine({
  usage: USAGE,
  options: {
    test: { type: 'boolean' },
    'if-stale': { type: 'boolean' },
    'single-bundle': { type: 'boolean' },
    'keep-warm': { type: 'boolean' },
    'stop-warm': { type: 'boolean' },
  },
  positionals: {
    max: APPS.length + 1,
    allowed: [...APPS.flatMap((app) => [app.name, app.dir]), 'content-api', 'api'],
  },
});
const testBuild = flags.test === true;
const ifStale = flags['if-stale'] === true;
const singleBundle = flags['single-bundle'] === true;
const keepWarm = flags['keep-warm'] === true;
if (keepWarm && (testBuild || singleBundle)) {
  console.error(`--keep-warm makes the apps' production build only\n${USAGE}`);
  process.exit(2);
}
if (flags['stop-warm'] === true) {
  if (Object.keys(flags).length > 1 || only.length > 0) {
    console.error(`--stop-warm takes nothing else\n${USAGE}`);
    process.exit(2);
  }
  const stopped = await stopBuildServer();
  console.log(stopped ? 'The kept-warm build process ended' : 'No kept-warm build process runs');
  process.exit(0);
}
const KIND: BuildKind = testBuild ? 'test' : 'production';
// Read by tools/webpack/create-config.ts, in this process only.
if (testBuild) process.env[TEST_BUILD_ENV] = '1';
else delete process.env[TEST_BUILD_ENV];
// Read by tools/webpack/create-config.ts too.
if (singleBundle) process.env.BUNDLE_MODE = 'single';

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
 * The configs of `builds` (tools/webpack/app-configs.ts), in one webpack run. Resolves once the
 * outputs are written, with what stores the persistent caches (webpack otherwise waits for the
 * process to idle: ADR 193), to be awaited before the process ends.
 */
async function runWebpack(builds: readonly AppInfo[]): Promise<() => Promise<void>> {
  const compiler = await createAppsCompiler(builds);
  const stats = await runCompiler(compiler);
  const storeCaches = () => closeCompiler(compiler);
  if (printedErrors(stats)) {
    // What compiled is kept for the next build, as before the failure was known.
    await storeCaches();
    throw new Error('Front-end build failed');
  }
  return storeCaches;
}

async function buildApps(): Promise<void> {
  if (apps.length === 0) return;
  if (keepWarm) {
    await buildThroughServer(
      apps.map((app) => app.name),
      buildServerFingerprint(),
    );
    return;
  }
  const started = Date.now();
  const storeCaches = await runWebpack(apps);
  await finishAppsBuild(apps, KIND, started);
  if (process.send) {
    // Run by `npm start` (tools/start.ts): the builds are ready to serve, and the caches are
    // stored while the site starts, at the lowest priority (a fresh clone serves sooner).
    process.send(BUILT_MESSAGE);
    setPriority(19);
  }
  await storeCaches();
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
  writeStamp('content-api', 'production');
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
