// npm run bench:bundle — what federation costs a visitor, route by route.
// Builds the site twice (federated, and as a single bundle: BUNDLE_MODE=single), serves both on
// their own ports with their own content API, loads each route in Chromium with an empty cache
// and counts the JavaScript it loaded: requests, and bytes after gzip -9 (js-size.ts).
// Results in bench-results/bundle.json (BENCH_RESULTS_DIR: elsewhere).
//   CHROME_PATH   Chromium to drive (default /usr/bin/chromium)
//   BENCH_PORTS   site,api,emulator ports (default 3300,4300,9390; the single bundle on site + 10)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright';
import { APPS } from '@portfolio/platform/apps';
import { createStaticServer } from '@portfolio/platform/static-server';
import { ROOT } from '../root';
import {
  BUILD_SCRIPT,
  benchPortBases,
  benchSitePorts,
  launchChromium,
  waitForUrl,
  writeResults,
} from './bench-site';
import { scriptsLoaded } from './js-size';
import { readCommandLine } from '../command-line';

const PORTS = benchPortBases({ site: 3300, api: 4300, emulator: 9390 });
const FEDERATED_BASE_PORT = PORTS.site;
const SINGLE_PORT = PORTS.site + 10;
const API_PORT = PORTS.api;

/** The apps' runtime config: where each is served (no emulator runs: the config names one). */
const portsEnv = benchSitePorts(FEDERATED_BASE_PORT, API_PORT, PORTS.emulator);

/** Runs `args` with this Node and this process's flags; how long it took, in seconds. */
function timedBuild(label: string, args: string[], env: Record<string, string> = {}): number {
  const started = Date.now();
  execFileSync(process.execPath, [...process.execArgv, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`[bench] ${label}: ${seconds.toFixed(1)} s`);
  return seconds;
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** JavaScript a route loads until the network is quiet: gzip bytes and request count. */
async function measure(
  browser: Browser,
  url: string,
): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext();
  const scripts = await scriptsLoaded(await context.newPage(), url);
  await context.close();
  return {
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    requests: scripts.length,
  };
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:bundle (no arguments; settings in the environment)',
  });
  const buildSeconds = {
    all: timedBuild('build, five apps (production)', [BUILD_SCRIPT]),
    oneRemote: timedBuild('build, one remote alone (shop)', [BUILD_SCRIPT, 'shop']),
  };
  timedBuild('build, single bundle', [BUILD_SCRIPT, '--single-bundle']);

  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  const api = spawn(process.execPath, ['content-api/dist/server.js'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(API_PORT),
      DATA_DIR: path.join(runDir, 'pglite'),
      CORS_ORIGINS: [
        ...APPS.map((_, i) => `http://localhost:${FEDERATED_BASE_PORT + i}`),
        `http://localhost:${SINGLE_PORT}`,
      ].join(','),
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
  });
  const servers: Server[] = [];
  try {
    await waitForUrl(`http://127.0.0.1:${API_PORT}/api/health`, 60_000);
    for (const [index, app] of APPS.entries()) {
      servers.push(
        await listen(
          createStaticServer({
            root: path.join(ROOT, app.dir, 'dist'),
            cors: app.name !== 'shell',
            env: { ...process.env, ...portsEnv },
          }),
          FEDERATED_BASE_PORT + index,
        ),
      );
    }
    servers.push(
      await listen(
        createStaticServer({
          root: path.join(ROOT, 'shell', 'dist-single'),
          env: { ...process.env, ...portsEnv },
        }),
        SINGLE_PORT,
      ),
    );
    const firstId = async (list: string): Promise<string> => {
      const items = (await (await fetch(`http://127.0.0.1:${API_PORT}/api/${list}`)).json()) as {
        _id: string;
      }[];
      if (!items[0]) throw new Error(`the API lists no ${list}`);
      return items[0]._id;
    };
    const articleId = await firstId('articles');
    const projectId = await firstId('projects');
    const routes = [
      '/',
      '/portfolio',
      '/about',
      '/contact',
      `/projects/${projectId}`,
      '/blog',
      `/article/${articleId}`,
      '/search-article?query=security',
      '/store',
      '/ebook',
      '/signin',
    ];

    const browser = await launchChromium([
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ]);
    const rows: {
      route: string;
      federated: { bytes: number; requests: number };
      single: { bytes: number; requests: number };
      ratio: number;
    }[] = [];
    for (const route of routes) {
      const federated = await measure(browser, `http://localhost:${FEDERATED_BASE_PORT}${route}`);
      const single = await measure(browser, `http://localhost:${SINGLE_PORT}${route}`);
      rows.push({ route, federated, single, ratio: federated.bytes / single.bytes });
    }
    await browser.close();

    console.log('\nJavaScript per route (gzip -9 bytes, requests): federated vs single bundle');
    console.log(
      'route'.padEnd(34),
      'federated'.padStart(18),
      'single'.padStart(18),
      'ratio'.padStart(7),
    );
    for (const row of rows) {
      console.log(
        row.route.slice(0, 34).padEnd(34),
        `${kb(row.federated.bytes)} KB / ${row.federated.requests}`.padStart(18),
        `${kb(row.single.bytes)} KB / ${row.single.requests}`.padStart(18),
        row.ratio.toFixed(2).padStart(7),
      );
    }
    console.log(
      `\nbuild: five apps ${buildSeconds.all.toFixed(1)} s, one remote ${buildSeconds.oneRemote.toFixed(1)} s (${os.cpus().length} cores)`,
    );
    const file = writeResults('bundle.json', {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      buildSeconds,
      rows,
    });
    console.log(`results: ${file}`);
  } finally {
    for (const server of servers) server.close();
    api.kill('SIGINT');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
