// The apps' webpack build, step by step: what `tools/build.ts` runs in its own process, and what
// the kept-warm build process (tools/build-server.ts, docs/decisions/196) runs again and again on
// compilers it keeps. Each app's configs come from tools/webpack/app-configs.ts. webpack, the
// configs and the site's server build are imported when first needed: a build handed to the
// kept-warm process, or one with nothing stale, never loads them (about a second).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MultiCompiler, MultiStats } from 'webpack';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { checkProductionBuilds } from './check-production-build';

/** The file a build leaves in an app's dist/: when, and which kind of build. */
export const STAMP = '.build-stamp';

export type BuildKind = 'production' | 'test';

export function writeStamp(dir: string, kind: BuildKind): void {
  const stamp = { builtAt: new Date().toISOString(), kind };
  writeFileSync(path.join(ROOT, dir, 'dist', STAMP), JSON.stringify(stamp));
}

/**
 * One compiler for the production configs of `apps` (a remote's: the app, its standalone
 * federation runtime, its island scripts and its server; ADR 029, 148). The mode's test code
 * switch is read from the environment (tools/test-build.ts).
 */
export async function createAppsCompiler(apps: readonly AppInfo[]): Promise<MultiCompiler> {
  const [{ default: webpack }, { webpackConfigOf }] = await Promise.all([
    import('webpack'),
    import('./webpack/app-configs'),
  ]);
  const configs = await Promise.all(
    apps.map((app) => webpackConfigOf(app)({}, { mode: 'production' })),
  );
  return webpack(configs.flat());
}

/** One run of `compiler`: resolves once its outputs are written. */
export function runCompiler(compiler: MultiCompiler): Promise<MultiStats> {
  return new Promise<MultiStats>((resolve, reject) => {
    compiler.run((error, result) =>
      error || !result ? reject(error ?? new Error('webpack gave no stats')) : resolve(result),
    );
  });
}

/** Ends `compiler`, storing its persistent caches (ADR 193). */
export function closeCompiler(compiler: MultiCompiler): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    compiler.close((error) => (error ? reject(error) : resolve())),
  );
}

/** A run's errors, printed; whether there were any. */
export function printedErrors(stats: MultiStats): boolean {
  if (!stats.hasErrors()) return false;
  const info = stats.toJson({ all: false, errors: true, warnings: false });
  for (const error of info.errors ?? []) console.error(error.message);
  return true;
}

/** A production build with test code in it fails (docs/decisions/071). */
export function assertNoTestCode(dirs: string[]): void {
  const problems = checkProductionBuilds(dirs);
  if (problems.length === 0) {
    console.log(`No test code in ${dirs.map((dir) => path.relative(ROOT, dir)).join(', ')}`);
    return;
  }
  throw new Error(
    `Test code in a production build (docs/decisions/071):\n  ${problems.join('\n  ')}`,
  );
}

/**
 * What follows the webpack run of `apps`: the site's server bundle beside the shell's builds it
 * serves, each app's stamp, the build's line with its time since `started`, and the check that a
 * production build carries no test code.
 */
export async function finishAppsBuild(
  apps: readonly AppInfo[],
  kind: BuildKind,
  started: number,
): Promise<void> {
  if (apps.some((app) => app.name === 'shell')) {
    const { buildSiteServerBundle } = await import('./site-server-build');
    await buildSiteServerBundle();
  }
  for (const app of apps) writeStamp(app.dir, kind);
  console.log(
    `Built ${apps.map((app) => app.name).join(', ')}${kind === 'test' ? ' (test build)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (kind === 'production') assertNoTestCode(apps.map((app) => path.join(ROOT, app.dir, 'dist')));
}
