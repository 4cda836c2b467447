// npm run test:skew — version skew on real production builds (issue 14), both ways.
//
// Takes the current builds as the live site (npm run build first), then builds, in a
// throwaway folder under node_modules/.cache (tracked sources are never touched):
//   A. the shop against a @portfolio/shared 1.1.0 whose /ui gained a Badge that the store page
//      uses (the reported bug): check:compat must accept it and /store must render the Badge
//      next to the live, older shell;
//   B. the shop against a 1.1.0 whose /config singleton gained an export: check:compat must
//      refuse it (the live shell provides /config 1.0.0) — refused before deploy, never a
//      fallback in front of visitors;
//   C. the shell against a 1.1.0 with both changes: check:compat must accept it and /store (the
//      live, older shop) must render next to it;
//   D. the shell against a 2.0.0 whose /config lost an export: check:compat must refuse it, as
//      the live remotes require /config ^1.0.0.
// Pages are rendered by the shell's server and loaded in Chromium, as npm start serves them
// (remotes from the same static server), without the API: server code is checked too.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright';
import type { Browser } from 'playwright';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { createStaticServer } from '@portfolio/platform/static-server';
import { buildCandidates, candidateConfigs, prepareWorkDir } from './candidate-build';
import type { ExportsSnapshot, SharedPackageJson } from './shared-exports';
import { readCommandLine } from '../command-line';
import { testBrowserPath } from '../test-browser.mjs';

const WORK = path.join(ROOT, 'node_modules', '.cache', 'compat-skew');
const BASE_PORT = Number(process.env.SKEW_BASE_PORT ?? 3320);
const BADGE_TEXT = 'New in shared 1.1';
const UNAVAILABLE = 'temporarily unavailable';

/** A copy of @portfolio/shared with the given changes, its version and snapshot recorded. */
function sharedCopy(
  name: string,
  {
    uiBadge = false,
    configExport = false,
    configRemoval = false,
  }: { uiBadge?: boolean; configExport?: boolean; configRemoval?: boolean },
): string {
  const dir = path.join(WORK, name);
  cpSync(path.join(ROOT, 'shared'), dir, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}node_modules`),
  });
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as SharedPackageJson;
  const snapshot = JSON.parse(
    readFileSync(path.join(dir, 'exports-snapshot.json'), 'utf8'),
  ) as ExportsSnapshot;
  /** A subpath's recorded value exports (the snapshot must have it). */
  const valuesOf = (subpath: string): string[] => {
    const recorded = snapshot.subpaths[subpath];
    if (!recorded) throw new Error(`exports-snapshot.json has no ${subpath}: update skew.ts`);
    return recorded.values;
  };
  pkg.version = '1.1.0';
  snapshot.version = '1.1.0';
  if (uiBadge) {
    writeFileSync(
      path.join(dir, 'src/ui/Badge.tsx'),
      `import type { ReactNode } from 'react';
export function Badge({ children }: { children: ReactNode }) {
  return <span data-testid="skew-badge">{children}</span>;
}
`,
    );
    writeFileSync(
      path.join(dir, 'src/ui/index.ts'),
      `${readFileSync(path.join(dir, 'src/ui/index.ts'), 'utf8')}export { Badge } from './Badge';\n`,
    );
    snapshot.subpaths['./ui'] = {
      since: '1.1.0',
      values: [...valuesOf('./ui'), 'Badge'].sort(),
    };
  }
  if (configExport) {
    writeFileSync(
      path.join(dir, 'src/config.ts'),
      `${readFileSync(path.join(dir, 'src/config.ts'), 'utf8')}export const RUNTIME_CONFIG_SCHEMA = 2;\n`,
    );
    snapshot.subpaths['./config'] = {
      since: '1.1.0',
      values: [...valuesOf('./config'), 'RUNTIME_CONFIG_SCHEMA'].sort(),
    };
  }
  if (configRemoval) {
    // An export nothing imports, so the shell still builds: only the version says it is gone.
    const file = path.join(dir, 'src/config.ts');
    const source = readFileSync(file, 'utf8').replace(
      'export function hasRuntimeConfig',
      'function hasRuntimeConfig',
    );
    if (!source.includes('function hasRuntimeConfig'))
      throw new Error('config.ts changed: update tools/compat/skew.ts');
    writeFileSync(file, `${source}void hasRuntimeConfig;\n`);
    pkg.version = '2.0.0';
    snapshot.version = '2.0.0';
    snapshot.subpaths['./config'] = {
      since: '2.0.0',
      values: valuesOf('./config').filter((name) => name !== 'hasRuntimeConfig'),
    };
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(path.join(dir, 'exports-snapshot.json'), JSON.stringify(snapshot, null, 2));
  return dir;
}

/** npm run check:compat, as a deploy would run it: exit code and output. */
function checkCompat(candidate: string): { code: number; out: string } {
  const live = APPS.map((app) => path.join(ROOT, app.dir, 'dist'));
  try {
    const out = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        'tools/compat/check-compat.ts',
        '--candidate',
        candidate,
        '--live',
        ...live,
      ],
      { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' },
    );
    return { code: 0, out };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, out: `${failed.stdout}${failed.stderr}` };
  }
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** The shell's server over the shell build in `root`, in a child process on BASE_PORT. */
function startSiteServer(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<{ stop: () => Promise<void> }> {
  const script = `
    const { buildSiteServer } = await import(${JSON.stringify(path.join(ROOT, 'shell', 'server', 'app.ts'))});
    const { siteServerOptionsFrom } = await import(${JSON.stringify(path.join(ROOT, 'shell', 'server', 'options.ts'))});
    const site = await buildSiteServer({
      ...siteServerOptionsFrom(process.env, process.env.SKEW_SHELL_ROOT),
      logger: false,
    });
    await site.listen({ port: ${BASE_PORT}, host: '127.0.0.1' });
    console.log('skew-site-ready');`;
  const child = spawn(
    process.execPath,
    [...process.execArgv, '--input-type=module', '-e', script],
    {
      env: { ...env, SKEW_SHELL_ROOT: root },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the shell's server exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      if (!chunk.toString().includes('skew-site-ready')) return;
      resolve({
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Serves the five apps (the live dists, with some replaced) and loads /store in Chromium. */
async function loadStore(browser: Browser, replaced: Partial<Record<string, string>>) {
  const env = { ...process.env };
  APPS.forEach((app, index) => (env[`${app.name.toUpperCase()}_PORT`] = String(BASE_PORT + index)));
  /** What is stopped afterwards: the remotes' static servers and the site's server. */
  const servers: { close(done: () => void): unknown }[] = [];
  try {
    for (const [index, app] of APPS.entries()) {
      const root = replaced[app.name] ?? path.join(ROOT, app.dir, 'dist');
      if (app.name === 'shell') continue;
      servers.push(await listen(createStaticServer({ root, cors: true, env }), BASE_PORT + index));
    }
    // The shell as it runs live: its server renders /store with the shop's server code, which
    // is negotiated like the browser's (the same shared modules and versions). In a process of
    // its own, as in production: the federation runtime's share scope is per process.
    const site = await startSiteServer(replaced.shell ?? path.join(ROOT, 'shell', 'dist'), {
      ...env,
      API_BASE_URL: 'http://127.0.0.1:9/api',
    });
    servers.push({ close: (done) => site.stop().then(() => done()) });
    const html = await (await fetch(`http://localhost:${BASE_PORT}/store`)).text();
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://localhost:${BASE_PORT}/store`);
    await page
      .getByRole('heading', { level: 1, name: 'Store' })
      .or(page.getByText(UNAVAILABLE))
      .first()
      .waitFor({ timeout: 30_000 });
    const result = {
      serverRendered: html.includes('<h1>Store</h1>') && !html.includes(UNAVAILABLE),
      serverBadge: html.includes(BADGE_TEXT),
      heading: await page.getByRole('heading', { level: 1, name: 'Store' }).count(),
      badge: await page.getByTestId('skew-badge').allTextContents(),
      unavailable: await page.getByText(UNAVAILABLE).count(),
      errors,
    };
    await context.close();
    return result;
  } finally {
    await Promise.all(
      servers.map((server) => new Promise<void>((done) => server.close(() => done()))),
    );
  }
}

const failures: string[] = [];
function expect(condition: boolean, message: string): void {
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${message}`);
  if (!condition) failures.push(message);
}

async function main(): Promise<void> {
  readCommandLine({ usage: 'Usage: npm run test:skew (no arguments)' });
  for (const app of APPS) {
    if (!existsSync(path.join(ROOT, app.dir, 'dist', 'mf-manifest.json'))) {
      throw new Error(`${app.dir}/dist is missing: run npm run build first`);
    }
  }
  rmSync(WORK, { recursive: true, force: true });
  prepareWorkDir(WORK);
  const shop = APPS.find((app) => app.name === 'shop');
  const shell = APPS.find((app) => app.name === 'shell');
  if (!shop || !shell) throw new Error('@portfolio/platform/apps has no shop or no shell');
  const started = Date.now();
  const configs = [
    await candidateConfigs(WORK, shop, sharedCopy('shared-ui', { uiBadge: true }), {
      label: 'shop-ui',
      edit: (dir) => {
        const file = path.join(dir, 'src/pages/StorePage/StorePage.tsx');
        const source = readFileSync(file, 'utf8')
          .replace(
            "import { Button, Card } from '@portfolio/shared/ui';",
            "import { Badge, Button, Card } from '@portfolio/shared/ui';",
          )
          .replace(
            '<h1>{STORE_TITLE}</h1>',
            `<h1>{STORE_TITLE}</h1>\n      <Badge>${BADGE_TEXT}</Badge>`,
          );
        if (!source.includes('<Badge>'))
          throw new Error('StorePage changed: update tools/compat/skew.ts');
        writeFileSync(file, source);
      },
    }),
    await candidateConfigs(WORK, shop, sharedCopy('shared-config', { configExport: true }), {
      label: 'shop-config',
    }),
    await candidateConfigs(
      WORK,
      shell,
      sharedCopy('shared-both', { uiBadge: true, configExport: true }),
      {
        label: 'shell-both',
      },
    ),
    await candidateConfigs(WORK, shell, sharedCopy('shared-major', { configRemoval: true }), {
      label: 'shell-major',
    }),
  ];
  await buildCandidates(configs.flat());
  console.log(`Built the four candidates in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const dist = (label: string): string => path.join(WORK, label, 'dist');
  const a = checkCompat(dist('shop-ui'));
  expect(
    a.code === 0,
    'A: check:compat accepts a shop built with a newer /ui (bundled, not shared)',
  );
  const b = checkCompat(dist('shop-config'));
  expect(
    b.code === 1 &&
      b.out.includes('shop requires @portfolio/shared/config ^1.1.0, but shell provides 1.0.0'),
    'B: check:compat refuses a shop that needs a newer /config singleton than the live shell',
  );
  const c = checkCompat(dist('shell-both'));
  expect(c.code === 0, 'C: check:compat accepts a shell with a newer /ui and an extended /config');
  const d = checkCompat(dist('shell-major'));
  expect(
    d.code === 1 &&
      d.out.includes(
        'portfolio requires @portfolio/shared/config ^1.0.0, but shell provides 2.0.0',
      ),
    'D: check:compat refuses a shell whose /config lost an export the live remotes may use',
  );
  for (const [label, result] of [
    ['A', a],
    ['B', b],
    ['C', c],
    ['D', d],
  ] as const)
    console.log(`  ${label}, check:compat exit ${result.code}: ${result.out.trim()}`);

  const browser = await chromium.launch({
    executablePath: testBrowserPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const storeA = await loadStore(browser, { shop: dist('shop-ui') });
    expect(
      storeA.serverRendered &&
        storeA.serverBadge &&
        storeA.heading === 1 &&
        storeA.badge.includes(BADGE_TEXT) &&
        storeA.unavailable === 0,
      `A: /store renders the new Badge next to the live shell, on its server and in the browser (${JSON.stringify(storeA)})`,
    );
    const storeC = await loadStore(browser, { shell: dist('shell-both') });
    expect(
      storeC.serverRendered &&
        storeC.heading === 1 &&
        storeC.unavailable === 0 &&
        storeC.errors.length === 0,
      `C: the live shop's /store renders next to the newer shell, on its server and in the browser (${JSON.stringify(storeC)})`,
    );
  } finally {
    await browser.close();
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} skew check(s) failed`);
    process.exit(1);
  }
  console.log(`\nVersion skew checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
