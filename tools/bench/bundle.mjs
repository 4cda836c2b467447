// npm run bench:bundle — what federation costs a visitor, route by route.
// Builds the site twice (federated, and as a single bundle: BUNDLE_MODE=single), serves both on
// their own ports with their own content API, loads each route in Chromium with an empty cache
// and counts the JavaScript it loaded: requests, and bytes after gzip -9 (js-size.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from '../root.ts';
import { createStaticServer } from '@portfolio/platform/static-server';
import { scriptsLoaded } from './js-size.mjs';

const FEDERATED_BASE_PORT = 3300;
const SINGLE_PORT = 3310;
const API_PORT = 4300;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const portsEnv = {
  SHELL_PORT: String(FEDERATED_BASE_PORT),
  PORTFOLIO_PORT: String(FEDERATED_BASE_PORT + 1),
  BLOG_PORT: String(FEDERATED_BASE_PORT + 2),
  AUTH_PORT: String(FEDERATED_BASE_PORT + 3),
  SHOP_PORT: String(FEDERATED_BASE_PORT + 4),
  API_PORT: String(API_PORT),
  AUTH_EMULATOR_PORT: '9390',
};

function timedBuild(label, args, env = {}) {
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

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** JavaScript a route loads until the network is quiet: gzip bytes and request count. */
async function measure(browser, url) {
  const context = await browser.newContext();
  const scripts = await scriptsLoaded(await context.newPage(), url);
  await context.close();
  return {
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    requests: scripts.length,
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  const buildSeconds = {
    all: timedBuild('build, five apps (production)', ['tools/build.mjs']),
    oneRemote: timedBuild('build, one remote alone (shop)', ['tools/build.mjs', 'shop']),
  };
  timedBuild(
    'build, single bundle',
    [
      'node_modules/webpack/bin/webpack.js',
      '--mode',
      'production',
      '-c',
      'shell/webpack.config.mjs',
    ],
    {
      BUNDLE_MODE: 'single',
    },
  );

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
  const servers = [];
  try {
    await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
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
    const articles = await (await fetch(`http://127.0.0.1:${API_PORT}/api/articles`)).json();
    const projects = await (await fetch(`http://127.0.0.1:${API_PORT}/api/projects`)).json();
    const routes = [
      '/',
      '/portfolio',
      '/about',
      '/contact',
      `/projects/${projects[0]._id}`,
      '/blog',
      `/article/${articles[0]._id}`,
      '/search-article?query=security',
      '/store',
      '/ebook',
      '/signin',
    ];

    const browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const rows = [];
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
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench-results', 'bundle.json'),
      JSON.stringify(
        { date: new Date().toISOString(), cores: os.cpus().length, buildSeconds, rows },
        null,
        2,
      ),
    );
  } finally {
    for (const server of servers) server.close();
    api.kill('SIGINT');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
