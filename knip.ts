/**
 * Dead code, found by knip (docs/decisions/216): files nothing reaches, exports nothing imports,
 * dependencies nothing uses and imports of packages a workspace does not list. `npm test` runs
 * it (`lint:dead`) and fails on any finding.
 *
 * What knip cannot see on its own is written here once: the page modules each remote exposes
 * (read from its src/routes.json, the list its build exposes), the entry files the build and the
 * launchers name by path, and the tests (Jest's next to the code, Playwright's in e2e/).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { KnipConfig } from 'knip';
import { PACKAGES_NAMED_BY_STRING } from '@portfolio/tools/named-packages';

const TESTS = '**/*.test.{ts,tsx,mjs}';
const TEST_FILE = /\.test\.(ts|tsx|mjs)$/;

/** A workspace's entries and its tests, if it has any (knip hints at a pattern that matches nothing). */
function withTests(workspace: string, entries: string[]): string[] {
  const files = readdirSync(workspace, { recursive: true, encoding: 'utf8' });
  const tested = files.some((file) => !file.includes('node_modules') && TEST_FILE.test(file));
  return tested ? [...entries, TESTS] : entries;
}

const REMOTES = ['remote-portfolio', 'remote-blog', 'remote-auth'];

/** A remote's exposed pages (its build's `exposes`) and its island modules. */
function remoteEntries(remote: string): string[] {
  const routes = JSON.parse(readFileSync(`${remote}/src/routes.json`, 'utf8')) as {
    routes: { file: string }[];
  };
  const islands = ['src/islands.ts', 'src/island-scripts.ts'].filter((file) =>
    existsSync(`${remote}/${file}`),
  );
  return withTests(remote, [
    ...routes.routes.map((route) => route.file.replace(/^\.\//, '')),
    ...islands,
  ]);
}

const config: KnipConfig = {
  ignoreExportsUsedInFile: true,
  // The system's: apt-get installs Debian's Chromium headless shell when it is missing
  // (ensure-browser.mjs); util-linux's script gives the stack's test a terminal to type a Ctrl-C
  // into.
  ignoreBinaries: ['apt-get', 'script'],
  workspaces: {
    '.': {
      // The static files' server of the deploy folders, bundled by its path (tools/package.ts).
      entry: ['deploy/static-entry.ts'],
      project: ['*.{js,ts}', 'deploy/**/*.ts', 'types/**/*.d.ts'],
    },
    ...Object.fromEntries(
      REMOTES.map((remote) => [remote, { entry: remoteEntries(remote), project: ['src/**'] }]),
    ),
    'remote-shop': {
      entry: remoteEntries('remote-shop'),
      project: ['src/**'],
      // Its pages import nothing from React by name: their JSX compiles to react/jsx-runtime.
      ignoreDependencies: ['react'],
    },
    shell: {
      entry: ['server/main.ts', 'src/main.ts', 'src/render/entry.ts', TESTS],
      project: ['server/**', 'src/**'],
    },
    shared: { entry: TESTS, project: ['src/**'] },
    'federation-runtime': {
      entry: TESTS,
      project: ['src/**'],
      // The remote being built: an alias of its src/ folder (tools/webpack/build-context.ts).
      ignoreDependencies: ['@portfolio/remote-src'],
    },
    platform: { entry: TESTS, project: ['src/**'] },
    contract: { entry: [TESTS, '*.mjs'], project: ['src/**', '*.mjs'] },
    'content-api': {
      // svg-worker.ts runs in a worker thread, started by its path (svg-checks.ts).
      entry: ['src/cli/*.ts', 'src/features/images/svg-worker.ts', 'scripts/*.ts', TESTS],
      project: ['src/**', 'scripts/**'],
    },
    testing: { entry: TESTS, project: ['src/**'] },
    tools: {
      entry: [
        'bench/api/ceiling-server.ts',
        'bench/record-budgets.ts',
        'bench/ssr-site.ts',
        // Started by its path by the kept-warm build's client (build-server.ts).
        'build-server-process.ts',
        'compat/against-baseline.ts',
        'deploy-harness/harness.mjs',
        'webpack/single-bundle-remotes.ts',
        // Loaders webpack loads by their paths (build-context.ts).
        'webpack/svg-*-loader.ts',
        TESTS,
      ],
      project: ['**/*.{ts,tsx,mjs}', '!bench/astro-blog-starter/**'],
      // Webpack's loaders and the programs the stack starts by their paths.
      ignoreDependencies: [...PACKAGES_NAMED_BY_STRING],
    },
    e2e: {
      entry: ['**/*.spec.ts', 'support/*.mjs'],
      project: ['**/*.{ts,mjs}'],
    },
  },
};

export default config;
