// webpack's persistent cache for every build of the project (docs/decisions/193): a build after a
// small change compiles only what changed. What keeps it from ever giving a stale or wrong build:
// - one cache per config and kind of build (`name`: the config's name, its mode, test or
//   production, the single bundle): a test build's modules (__TEST_BUILD__ true, the
//   diagnostics) and a production build's never share an entry, so the check that no test code
//   ships (tools/check-production-build.ts) keeps holding;
// - `version`: a hash of the lock file, the Node version and the files the configs read to decide
//   what to build (the shared package's versions and snapshot, each remote's routes.json): a
//   change of a dependency or of what is exposed starts that cache afresh;
// - `buildDependencies`: the configs' own code (tools/webpack/, the apps' list, the test-build
//   switch) and webpack's: a change of how the project builds starts every cache afresh;
// - everything else (sources, CSS, node_modules packages) webpack checks module by module, by
//   time stamp and content hash, as it does in watch mode; DefinePlugin values are tracked too;
// - the code of installed packages that builds (webpack itself, each loader) is the lock file's,
//   which `version` holds: webpack's own tracking of it is left out (InstalledBuildCode below).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Compiler, Configuration } from 'webpack';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from '../root';

/** Where the caches live: outside the repository's tracked files, beside other tools' caches. */
export const WEBPACK_CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'webpack');

/** The files whose content decides what the configs build (read by the configs themselves). */
export function configInputs(): string[] {
  return [
    path.join(ROOT, 'package-lock.json'),
    path.join(ROOT, 'shared', 'package.json'),
    path.join(ROOT, 'shared', 'exports-snapshot.json'),
    ...APPS.map((app) => path.join(ROOT, app.dir, 'src', 'routes.json')),
  ].filter((file) => existsSync(file));
}

let versionOnce: string | undefined;
/** The cache's version: changes when any input above, or Node, changes. */
function cacheVersion(): string {
  if (versionOnce) return versionOnce;
  const hash = createHash('sha256').update(process.version);
  for (const file of configInputs()) hash.update(file).update('\0').update(readFileSync(file));
  versionOnce = hash.digest('hex').slice(0, 16);
  return versionOnce;
}

/** The configs' own code: any change of it invalidates every cache. */
function configCode(): string[] {
  const webpackDir = path.join(ROOT, 'tools', 'webpack');
  return [
    ...readdirSync(webpackDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(webpackDir, file)),
    path.join(ROOT, 'tools', 'test-build.ts'),
    path.join(ROOT, 'tools', 'root.ts'),
    path.join(ROOT, 'platform', 'src', 'apps.ts'),
  ];
}

/** The folder name of a cache: `name` (the config's), then its kind. */
const cacheName = (name: string, kind: string): string => `${name}-${kind}`;

/**
 * The folders of the caches of an app's configs of one kind, as far as they are written yet (an
 * app's configs are named after it: `auth`, `auth-server`, … create-config.ts).
 */
export function cacheFoldersOf(appName: string, kind: string): string[] {
  if (!existsSync(WEBPACK_CACHE_DIR)) return [];
  return readdirSync(WEBPACK_CACHE_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(`${appName}-`))
    .filter((entry) => entry.name.endsWith(cacheName('', kind)))
    .map((entry) => path.join(WEBPACK_CACHE_DIR, entry.name));
}

/**
 * The `cache` option of one config. `kind` names the build it belongs to beyond the config's
 * name (production, development, test, single): never shared between kinds.
 */
export function persistentCache(name: string, kind: string): Configuration['cache'] {
  // PORTFOLIO_WEBPACK_CACHE=off: a build from nothing (the benchmark's cold figures).
  if (process.env.PORTFOLIO_WEBPACK_CACHE === 'off') return false;
  return {
    type: 'filesystem',
    cacheDirectory: WEBPACK_CACHE_DIR,
    name: cacheName(name, kind),
    version: cacheVersion(),
    buildDependencies: { config: configCode() },
    // Compressed packs cost more time than the disk they save on a developer's machine.
    compression: false,
  };
}

const INSTALLED = `${path.sep}node_modules${path.sep}`;

/**
 * Leaves the build code of installed packages (webpack's `lib/`, each loader a module names) out
 * of the build dependencies webpack stores with the cache. webpack resolves every `require` of
 * every such file's package tree when it stores a cache, once per config: 0.3–1 s a config on a
 * cold build (a remote's browser build walks 359 files of the loaders' packages), repeated for
 * three configs. Those files change only with the lock file, and the lock file's hash is already
 * the cache's `version`, so nothing a cache is valid for changes (webpack makes the same bet on
 * installed packages for the sources it compiles: `snapshot.managedPaths`). The configs' own code
 * and the project's loaders (tools/webpack/) stay build dependencies.
 */
export class InstalledBuildCode {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('InstalledBuildCode', ({ compilation }) => {
      const { buildDependencies } = compilation;
      for (const file of Array.from(buildDependencies)) {
        if (file.includes(INSTALLED)) buildDependencies.delete(file);
      }
    });
  }
}
