// `npm run dev`: the whole composed site as `npm start` serves it, server rendering included,
// from development builds that follow the sources (docs/decisions/090):
//   - the content API from its sources under `tsx watch` (an edit restarts it alone), the Auth
//     emulator and the mail catcher, as `npm start` runs them (tools/stack/);
//   - each remote on a webpack dev server: its browser build with hot reload and React Fast
//     Refresh (an edit updates the open page, its state kept), and its server build, which the
//     site's server loads again as soon as its published version changes;
//   - the shell's browser and rendering builds in watch mode, and the site's server from its
//     sources under `tsx watch`: an edit of the server, or a rebuilt rendering bundle, restarts
//     it alone.
// Nothing needs to be built first. Ctrl-C stops everything it started.
//   npm run dev                 the whole site
//   npm run dev -- --remote shop   one remote standalone, against the stack's API (started
//                                  here when none answers)
import { createServer } from 'node:net';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration, MultiCompiler } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { APPS, REMOTES, portOf } from '@portfolio/platform/apps';
import { readStaticServerSettings } from '@portfolio/platform/static-server';
import type { AppInfo } from '@portfolio/platform/apps';
import { buildRuntimeConfig } from '@portfolio/platform/runtime-config';
import { ROOT } from './root';
import { TYPESCRIPT_NODE_OPTIONS, createStack } from './stack/index';
import { webpackConfigOf } from './webpack/app-configs';
import { serverConfigName } from './webpack/server-config';
import { readCommandLine } from './command-line';

const { values: flags } = readCommandLine({
  usage: `Usage: npm run dev [-- --remote <${REMOTES.map((app) => app.name).join('|')}>]`,
  options: { remote: { type: 'string' } },
});
const standalone = flags.remote;
if (standalone !== undefined && !REMOTES.some((app) => app.name === standalone)) {
  console.error(
    `Unknown remote "${standalone}" (one of: ${REMOTES.map((app) => app.name).join(', ')})`,
  );
  process.exit(2);
}
const stack = createStack({ label: 'dev' });
// The dev servers' ports and the runtime config they answer with, read once, after the stack has
// read the settings file.
const remoteServerSettings = readStaticServerSettings(process.env);
const devPort = (app: AppInfo) => portOf(app, remoteServerSettings);
/** How often the site's server looks for a rebuilt remote in development. */
const DEV_REMOTE_POLL_MS = '500';

/**
 * An app's development configs (tools/webpack/app-configs.ts). A remote run standalone leaves
 * out its server build: no site's server renders its pages, and its standalone page reads its
 * routes from the sources.
 */
async function developmentConfigs(app: AppInfo): Promise<Configuration[]> {
  const made = await webpackConfigOf(app)({}, { mode: 'development' });
  const configs = Array.isArray(made) ? made : [made];
  return standalone
    ? configs.filter((config) => config.name !== serverConfigName(app.name))
    : configs;
}

/** Whether something already listens on `port` (webpack-dev-server throws past any catch). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, stack.settings.bindHost, () => probe.close(() => resolve(false)));
  });
}

/**
 * A remote's dev server: its browser build (hot reload, Fast Refresh), its standalone runtime,
 * and in the whole site its server build, all from memory; `built` settles after the first
 * build. Its standalone page reads /runtime-config.json here.
 */
async function startRemoteDevServer(app: AppInfo): Promise<{ built: Promise<void> }> {
  if (await portTaken(devPort(app))) {
    throw new Error(
      `[dev] ${app.name}: port ${devPort(app)} is taken. If it is an \`npm start\` (it serves ` +
        `the ${app.name} there), stop it while you work on the ${app.name}, then start it again ` +
        `with \`npm start -- --no-build\` to preview and deploy (docs/remote-team.md); or set ` +
        `${app.portEnv} to a free port.`,
    );
  }
  const compiler = webpack(await developmentConfigs(app));
  // Settles once the first build is written (a failed one included: its page shows the errors).
  const built = new Promise<void>((resolve) => compiler.hooks.done.tap('dev', () => resolve()));
  const server = new WebpackDevServer(
    {
      port: devPort(app),
      host: stack.settings.bindHost,
      hot: true,
      // Ctrl-C is the stack's to handle: the dev server's own handler exits the process once it
      // has stopped, before the stack has ended the emulator, the API and the site's server.
      setupExitSignals: false,
      // The remote's standalone page serves its deep links.
      historyApiFallback: true,
      // Its code runs inside the site's pages, on another origin.
      allowedHosts: 'all',
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: {
        overlay: { errors: true, warnings: false },
        logging: 'warn',
        // The page's host name (0.0.0.0: the page's own), the dev server's port: the address the
        // page's policy allows the remote at (its connect-src names the remote's origin).
        webSocketURL: { hostname: '0.0.0.0', port: devPort(app), pathname: '/ws' },
      },
      devMiddleware: { stats: 'errors-warnings' },
      setupMiddlewares: (middlewares, devServer) => {
        devServer.app?.get('/runtime-config.json', (request, response) => {
          response.json(
            buildRuntimeConfig({ hostname: request.hostname, settings: remoteServerSettings }),
          );
        });
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  stack.own({ close: () => server.stop() });
  stack.log(`${app.name}: dev server on http://localhost:${devPort(app)} (hot reload)`);
  return { built };
}

/** The shell's builds in watch mode; resolves after the first one is written. */
async function watchShell(): Promise<MultiCompiler> {
  const shell = APPS[0]!;
  const compiler = webpack(await developmentConfigs(shell));
  return new Promise((resolve) => {
    let first = true;
    const watching = compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
      if (error || stats?.hasErrors()) {
        const errors = stats?.toJson({ all: false, errors: true }).errors ?? [];
        stack.print(
          'shell',
          'stderr',
          [error?.message, ...errors.map((e) => e.message)].join('\n'),
        );
      } else {
        stack.log('shell: built');
      }
      if (first) {
        first = false;
        resolve(compiler);
      }
    });
    stack.own({
      close: () => new Promise<void>((done) => (watching ? watching.close(() => done()) : done())),
    });
  });
}

/**
 * The site's server from its sources; tsx restarts it on a server edit, and when the shell's
 * rendering bundle or its page assets are rebuilt.
 */
function startSiteServer(): ReturnType<typeof stack.startSiteServer> {
  return stack.startSiteServer({
    command: process.execPath,
    args: [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      'watch',
      '--clear-screen=false',
      TYPESCRIPT_NODE_OPTIONS[0],
      '--include',
      'shell/dist-dev/server/render.cjs',
      '--include',
      'shell/dist-dev/assets.json',
      '--exclude',
      'shell/dist-dev/**',
      path.join(ROOT, 'shell', 'server', 'main.ts'),
    ],
    env: {
      SHELL_DIST_DIR: path.join(ROOT, 'shell', 'dist-dev'),
      SITE_WORKERS: '1',
      HOT_RELOAD: 'on',
      REMOTE_POLL_MS: DEV_REMOTE_POLL_MS,
      // Development builds are larger and slower to load than production's.
      SSR_RENDER_BUDGET_MS: process.env.SSR_RENDER_BUDGET_MS || '5000',
      LOG_REQUESTS: 'off',
    },
  });
}

/** Whether a stack already running answers on the content API's port. */
async function apiAnswers(): Promise<boolean> {
  // One quiet question: no API there is the usual case, not something to report.
  return fetch(`http://127.0.0.1:${stack.settings.apiPort}/api/health`, {
    signal: AbortSignal.timeout(1000),
  }).then(
    (response) => response.ok,
    () => false,
  );
}

/** The content API and the Auth emulator: those of a stack already running, or started here. */
async function startBackend(): Promise<[emulatorReady: boolean, apiReady: boolean]> {
  return (await apiAnswers()) ? [true, true] : stack.startEmulatorAndApi({ watch: true });
}

async function main(): Promise<void> {
  if (standalone) {
    const app = REMOTES.find((remote) => remote.name === standalone);
    if (!app) throw new Error(`--remote: one of ${REMOTES.map((r) => r.name).join(', ')}`);
    // The remote's page first, the back end after its first build: its standalone page asks the
    // API from the browser, so its data comes as soon as the API is up. Started beside the
    // build, the emulator's JVM and the API's start took the build's CPU on two cores
    // (docs/decisions/198).
    const { built } = await startRemoteDevServer(app);
    await built;
    stack.log(`${app.name} standalone: http://localhost:${devPort(app)}`);
    await startBackend();
    return;
  }
  const [emulatorReady, apiReady] = await startBackend();
  await Promise.all([...REMOTES.map(startRemoteDevServer), watchShell()]);
  await startSiteServer();
  stack.banner(apiReady, emulatorReady);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stack.stop(1);
});
