// `npm start`: builds what is stale, then runs the whole composed site on this machine: the
// five apps' production builds, the content API, the Firebase Auth emulator and the mail catcher
// (tools/stack/). The emulator, the mail catcher and the API start while the apps build (the
// API's own build, about a second, comes first): a fresh clone serves sooner (ADR 211).
// Ctrl-C stops everything it started.
//   --no-build   serve what is already built
// The site's server (shell/server/, built to shell/dist/site/main.mjs, on SITE_WORKERS
// processes) renders every page; the remotes' builds are served as static files (their browser
// and server code) from their deploy folders.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { APPS, REMOTES } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { createStaticServer, readStaticServerSettings } from '@portfolio/platform/static-server';
import { builtOrExited } from './build-protocol';
import { deployBuild } from './deploy';
import { ROOT } from './root';
import { SITE_SERVER_BUNDLE } from './site-server-build';
import { createStack } from './stack/index';
import { readCommandLine } from './command-line';

const { values: flags } = readCommandLine({
  usage: 'Usage: npm start [-- --no-build]',
  options: { 'no-build': { type: 'boolean' } },
});
const stack = createStack({ label: 'start' });
// The remotes' servers' settings (their runtime config, their host check), read once, after the
// stack has read the settings file.
const remoteServerSettings = readStaticServerSettings(process.env);

/**
 * A remote is served from its deploy folder (tools/deploy.ts): the fresh build becomes the
 * current version (unchanged builds are not deployed twice), and a team's later
 * `npm run deploy -- <remote>` switches it while the site runs.
 */
function startRemote(app: AppInfo): Promise<void> {
  const deployRoot = path.join(ROOT, app.dir, 'deploys');
  const { version, changed } = deployBuild({
    buildDir: path.join(ROOT, app.dir, 'dist'),
    deployRoot,
  });
  if (changed) stack.log(`${app.name}: deployed build ${version}`);
  return stack.listen(
    app,
    createStaticServer({ deployRoot, cors: true, settings: remoteServerSettings }),
  );
}

/**
 * `tools/build.ts --if-stale <names>` as a child of this process, ended if the stack stops.
 * Resolves once the builds are written (the child says so, then stores webpack's caches at the
 * lowest priority while the site starts: docs/decisions/212), or when the child ends without
 * having to build.
 */
function buildIfStale(names: readonly string[]): Promise<void> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(ROOT, 'tools', 'build.ts'), '--if-stale', ...names],
    { cwd: ROOT, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] },
  );
  stack.own({ close: () => child.exitCode === null && child.kill('SIGTERM') });
  return builtOrExited(child, stack.log);
}

async function main(): Promise<void> {
  const build = flags['no-build'] !== true;
  if (build) await buildIfStale(['content-api']);
  // The API seeds its dev admin into the emulator, once the emulator has its accounts back.
  const services = stack.startEmulatorAndApi();
  // Awaited after the build; a failure before then is not an unhandled rejection meanwhile.
  services.catch(() => undefined);
  if (build) await buildIfStale(APPS.map((app) => app.name));
  const [emulatorReady, apiReady] = await services;
  // The remotes first: the site's server reads their published routes when it starts. The site
  // answers last, so a readiness check on it means every service is up.
  await Promise.all(REMOTES.map(startRemote));
  await stack.startSiteServer({ command: process.execPath, args: [SITE_SERVER_BUNDLE] });
  stack.banner(apiReady, emulatorReady);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stack.stop(1);
});
