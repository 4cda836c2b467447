import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testBrowserPath } from '@portfolio/tools/test-browser';

// Browsers cannot be downloaded here: Debian's Chromium headless shell, or CHROME_PATH
// (docs/decisions/007-testing-layout.md, 156).
const executablePath = testBrowserPath();
// The site's server, or with E2E_EDGE=on the production edge in front of it (support/).
const baseURL =
  process.env.E2E_BASE_URL ??
  (process.env.E2E_EDGE === 'on'
    ? `http://localhost:${process.env.EDGE_PORT ?? 8080}`
    : `http://localhost:${process.env.SHELL_PORT ?? 3000}`);
// E2E_STACK=external: the specs run against a stack already up at E2E_BASE_URL (the containers of
// `npm run check:images`, docs/decisions/210) and start none; its browser resolves no host name
// but loopback's, so nothing a page might ask of a real Firebase project leaves the machine.
const externalStack = process.env.E2E_STACK === 'external';
// Each run gets its own database and emulator accounts, so it never touches the owner's data.
const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), `portfolio-e2e-${process.pid}`);
// The spec workers inherit it: a spec that runs a command on the stack's data (the admin CLI,
// fixtures.ts) uses this run's database, never the owner's.
process.env.E2E_RUN_DIR = runDir;

const config = defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Limits that end a hang, not timings: two cores shared with a busy neighbour (issue 50) made
  // an image's first variant take over 10 s to show (media.spec.ts, load average 20).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two spec files side by side (E2E_WORKERS to try another count): four failed beside a busy
  // loop, the image specs' uploads outrunning the stack (docs/decisions/155).
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace (each action with the page's DOM before and after it, the
    // network and the console: `npx playwright show-trace`) and a screenshot of where it ended.
    // Not the trace's screencast: it filmed every test to keep a few, a tenth of the specs' time
    // on two cores (docs/decisions/154).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(externalStack ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost'] : []),
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: ['faults/**', 'deploys/**', 'dev/**', 'settings.spec.ts'],
    },
    // The site's settings (docs/decisions/141) are every page's: the spec that changes them
    // runs after the others, alone, and puts them back.
    {
      name: 'settings',
      use: { browserName: 'chromium' },
      testMatch: 'settings.spec.ts',
      dependencies: ['chromium'],
      workers: 1,
    },
    // Real faults (the content API's gate switched off, slowed, failing) affect every page of
    // the stack: these specs run after the others, one at a time.
    {
      name: 'faults',
      use: { browserName: 'chromium' },
      testMatch: 'faults/**/*.spec.ts',
      dependencies: ['settings'],
      workers: 1,
    },
    // Redeploys on a small site of their own (tools/deploy-harness/), with a real build of
    // a changed remote: beside the fault specs, which wait on the stack's restarts more than
    // they use a core, and share nothing with them but the test build they read. One after the
    // other they took 95 and 102 s (2026-12-05, docs/performance.md, "CI").
    {
      name: 'deploys',
      use: { browserName: 'chromium' },
      testMatch: 'deploys/**/*.spec.ts',
      dependencies: ['settings'],
      workers: 1,
    },
    // `npm run dev` from a clean copy of the repository, on its own ports and data
    // (dev/dev-loop.spec.ts): last, alone. It ran beside the fault specs (about 35 s less), but
    // on a loaded CI host its development builds and the site's load of a remote's new server
    // code then took longer than the spec waits, on its retry too (2026-12-02,
    // docs/performance.md, "CI"). Playwright runs the projects in phases, each once the ones it
    // depends on have finished.
    {
      name: 'dev',
      use: { browserName: 'chromium' },
      testMatch: 'dev/**/*.spec.ts',
      dependencies: ['faults', 'deploys'],
      workers: 1,
    },
  ],
  webServer: {
    // The test build (`npm run e2e` builds it first: the production build plus the federation
    // diagnostics, docs/decisions/071), served as `npm start` serves a build.
    // The content API is reached through a fault gate the fault specs switch (support/).
    command: 'node --conditions=@portfolio/source --import tsx support/e2e-stack.mjs',
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: path.join(runDir, 'pglite'),
      EMULATOR_DATA_DIR: path.join(runDir, 'emulator'),
      CONTACT_RATE_LIMIT: '1000',
      // Every spec's pages send their view beacon from one client (this machine): room for all
      // of them; faults/page-view-flood.spec.ts floods past it.
      PAGE_VIEW_RATE_LIMIT: '1000',
      // A hanging remote is given up on quickly (shell.spec.ts); loads on loopback take far less.
      REMOTE_LOAD_TIMEOUT_MS: '8000',
    },
  },
});

// An external stack (above) is up already: nothing to start.
if (externalStack) delete config.webServer;

export default config;
