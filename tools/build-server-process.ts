// The kept-warm build process itself (tools/build-server.ts, docs/decisions/196), started by
// `npm run build -- <app…> --keep-warm` when none listens. It keeps one webpack compiler per app
// (its production configs), runs it again for each build, and lets webpack store the persistent
// caches when idle; at the end (idle, a client made from other inputs, SIGTERM or SIGINT) it
// closes every compiler, which stores what is not stored yet.
import type { MultiCompiler } from 'webpack';
import { APPS } from '@portfolio/platform/apps';
import {
  closeCompiler,
  createAppsCompiler,
  finishAppsBuild,
  printedErrors,
  runCompiler,
} from './build-apps';
import {
  BUILD_SERVER_IDLE_SECONDS,
  BUILD_SERVER_SOCKET,
  buildServerFingerprint,
  serveBuilds,
} from './build-server';
import { TEST_BUILD_ENV } from './test-build';

// Production builds only: the test build and the single bundle are built by tools/build.ts.
delete process.env[TEST_BUILD_ENV];
delete process.env.BUNDLE_MODE;

const compilers = new Map<string, MultiCompiler>();

async function build(names: string[]): Promise<void> {
  const apps = names.map((name) => {
    const app = APPS.find((each) => each.name === name);
    if (!app) throw new Error(`Unknown app "${name}"`);
    return app;
  });
  const started = Date.now();
  for (const app of apps) {
    let compiler = compilers.get(app.name);
    if (!compiler) {
      compiler = await createAppsCompiler([app]);
      compilers.set(app.name, compiler);
    }
    if (printedErrors(await runCompiler(compiler))) throw new Error('Front-end build failed');
  }
  await finishAppsBuild(apps, 'production', started);
}

const server = await serveBuilds({
  socketPath: BUILD_SERVER_SOCKET,
  fingerprint: buildServerFingerprint(),
  idleMs: BUILD_SERVER_IDLE_SECONDS * 1000,
  build,
  async close() {
    for (const compiler of compilers.values()) await closeCompiler(compiler);
  },
});
console.log(`${new Date().toISOString()} kept-warm build process ${process.pid} listening`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void server.end());
await server.ended;
console.log(`${new Date().toISOString()} kept-warm build process ${process.pid} ended`);
