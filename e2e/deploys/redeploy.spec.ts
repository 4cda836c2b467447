// Redeploying a remote while the site runs (docs/decisions/038), on real production builds: the
// shell's server (its own small instance, tools/deploy-harness/) renders the shop from a
// deploy folder that these specs deploy to with tools/deploy.ts, as a team would.
//   - 20 redeploys under steady traffic: every answer is the store page, never the fallback or
//     an error; each deploy is rendered within seconds; the server's heap stays bounded;
//   - a shop build that adds a route: the page appears on the site with no shell change, and a
//     page opened before the deploy keeps navigating with the code it was rendered with.
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from '@portfolio/tools/root';
import { startDeployHarness } from '@portfolio/tools/deploy-harness';
import type { DeployHarness } from '@portfolio/tools/deploy-harness';
import { deployBuild } from '@portfolio/tools/deploy';
import {
  buildCandidates,
  candidateConfigs,
  prepareWorkDir,
} from '@portfolio/tools/compat/candidate-build';
import { EBOOK_TITLE, STORE_TITLE } from '@portfolio/remote-shop/texts';
import { REMOTE_UNAVAILABLE_TITLE } from '@portfolio/shell/texts';

// Its own small site, on the run's block (tools/free-ports.mjs) or 3720-3729.
const DEPLOY_PORTS = Number(process.env.DEPLOY_SPEC_PORT ?? 3720);
const SHELL_PORT = DEPLOY_PORTS;
const SHOP_PORT = DEPLOY_PORTS + 4;
const CONTROL_PORT = DEPLOY_PORTS + 9;
const SITE = `http://localhost:${SHELL_PORT}`;
const SHOP_BUILD = path.join(ROOT, 'remote-shop', 'dist');
const GIFT_CARDS_TEXT = 'Gift cards are on their way.';

let harness: DeployHarness | undefined;
let deployRoot = '';

async function heapUsed(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/heap`);
  return ((await response.json()) as { heapUsed: number }).heapUsed;
}

/** Waits until the server renders `path` with the shop version deployed as `version`. */
async function waitForVersion(version: string, pathname = '/store'): Promise<number> {
  const started = Date.now();
  await expect
    .poll(async () => (await (await fetch(`${SITE}${pathname}`)).text()).includes(`/v/${version}/`), {
      timeout: 10_000,
      intervals: [50],
    })
    .toBe(true);
  return Date.now() - started;
}

/** Live: hydrated whole (an application page), or its islands armed (a page of islands, ADR 148). */
async function waitUntilHydrated(page: Page) {
  await page.locator('html[data-hydrated="true"], html[data-hydrated="islands"]').waitFor();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  deployRoot = mkdtempSync(path.join(os.tmpdir(), 'shop-deploys-'));
  deployBuild({ buildDir: SHOP_BUILD, deployRoot, version: 'start' });
  harness = await startDeployHarness({
    deployRoot,
    shellPort: SHELL_PORT,
    shopPort: SHOP_PORT,
    controlPort: CONTROL_PORT,
  });
  await waitForVersion('start');
});

test.afterAll(async () => {
  await harness?.stop();
  rmSync(deployRoot, { recursive: true, force: true });
});

interface ShareScope {
  name: string;
  shared: Record<string, { version: string; from: string; loaded: boolean; useIn: string[] }[]>;
}

test('one React on the server: the shop renders with the React and singletons the shell provides', async () => {
  const store = await fetch(`${SITE}/store`);
  expect(store.status).toBe(200);
  // Rendered on the server with the shop's page (not the shell alone, drawn in the browser).
  expect(await store.text()).toContain(`<h1>${STORE_TITLE}</h1>`);
  const scopes = (await (
    await fetch(`http://127.0.0.1:${CONTROL_PORT}/share-scope`)
  ).json()) as ShareScope[];
  const shop = scopes.find((scope) => scope.name === 'shop');
  expect(shop).toBeDefined();
  // Every shared package has one copy, the shell's, loaded once; the shop's container brought
  // none of its own (React, the router, the auth and Firebase singletons alike).
  for (const scope of scopes) {
    for (const [pkg, entries] of Object.entries(scope.shared)) {
      expect({ pkg, copies: entries.map((entry) => `${entry.from}@${entry.version}`) }).toEqual({
        pkg,
        copies: [expect.stringMatching(/^shell@/)],
      });
    }
  }
  // And the shop's page rendered with them: what it imports of React is the shell's.
  const usedByShop = Object.entries(shop?.shared ?? {}).filter(([, entries]) =>
    entries.some((entry) => entry.useIn.includes('shop')),
  );
  expect(usedByShop.map(([pkg]) => pkg)).toContain('react/jsx-runtime');
  for (const [, entries] of usedByShop) {
    expect(entries).toEqual([expect.objectContaining({ from: 'shell', loaded: true })]);
  }
});

test('20 redeploys under traffic: every answer is the page, each deploy live in seconds, heap bounded', async () => {
  test.setTimeout(180_000);
  const answers: string[] = [];
  let running = true;
  // Four visitors loading the store without pause, through every switch.
  const visitors = Array.from({ length: 4 }, async () => {
    while (running) {
      const response = await fetch(`${SITE}/store`);
      const html = await response.text();
      const ok =
        response.status === 200 &&
        html.includes(`<h1>${STORE_TITLE}</h1>`) &&
        !html.includes(REMOTE_UNAVAILABLE_TITLE);
      answers.push(ok ? 'ok' : `${response.status}: ${html.slice(0, 200)}`);
    }
  });

  const heaps: number[] = [];
  const delays: number[] = [];
  for (let deploy = 1; deploy <= 20; deploy += 1) {
    deployBuild({ buildDir: SHOP_BUILD, deployRoot, version: `redeploy-${deploy}` });
    delays.push(await waitForVersion(`redeploy-${deploy}`));
    heaps.push(await heapUsed());
  }
  running = false;
  await Promise.all(visitors);

  expect(answers.length).toBeGreaterThan(100);
  expect(answers.filter((answer) => answer !== 'ok')).toEqual([]);
  // Polled every 200 ms here (REMOTE_POLL_MS), plus the new container's load.
  expect(Math.max(...delays)).toBeLessThan(5_000);
  // Bounded: after the first few deploys (caches and JIT warm), no growth per deploy.
  const settled = heaps[4] ?? 0;
  const last = heaps.at(-1) ?? 0;
  console.log(
    `heap after deploys 5 and 20: ${(settled / 2 ** 20).toFixed(1)} / ${(last / 2 ** 20).toFixed(1)} MB; slowest switch ${Math.max(...delays)} ms`,
  );
  expect(last - settled).toBeLessThan(4 * 2 ** 20);
});

test('a shop build that adds a route: the page appears without a shell change, open pages keep working', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The shop's sources with one more page, built as the shop's team would build it.
  const work = path.join(ROOT, 'node_modules', '.cache', 'redeploy-gift-cards');
  rmSync(work, { recursive: true, force: true });
  prepareWorkDir(work);
  const shop = APPS.find((app) => app.name === 'shop');
  if (!shop) throw new Error('No shop app');
  const configs = await candidateConfigs(work, shop, undefined, {
    label: 'shop-gift-cards',
    edit: (dir) => {
      const pages = path.join(dir, 'src', 'pages');
      writeFileSync(
        path.join(pages, 'GiftCardsPage.tsx'),
        `export default function GiftCardsPage() {
  return (
    <section>
      <h1>Gift cards</h1>
      <p>${GIFT_CARDS_TEXT}</p>
    </section>
  );
}
`,
      );
      const routesFile = path.join(dir, 'src', 'routes.json');
      const routes = JSON.parse(readFileSync(routesFile, 'utf8'));
      routes.routes.push({
        path: '/gift-cards',
        module: './GiftCardsPage',
        file: './src/pages/GiftCardsPage.tsx',
      });
      writeFileSync(routesFile, JSON.stringify(routes, null, 2));
    },
  });
  await buildCandidates(configs);

  expect((await fetch(`${SITE}/gift-cards`)).status).toBe(404);

  // A visitor opens the store before the deploy.
  await page.goto(`${SITE}/store`);
  await waitUntilHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: STORE_TITLE })).toBeVisible();

  deployBuild({
    buildDir: path.join(work, 'shop-gift-cards', 'dist'),
    deployRoot,
    version: 'gift-cards',
  });
  await waitForVersion('gift-cards');

  // The server renders the new route, with no shell build or restart.
  const response = await fetch(`${SITE}/gift-cards`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(GIFT_CARDS_TEXT);

  // The page opened before the deploy navigates on with the code it was rendered with.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: EBOOK_TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: EBOOK_TITLE })).toBeVisible();
  await expect(page.getByText(REMOTE_UNAVAILABLE_TITLE)).toHaveCount(0);

  // A new visit gets the new build, hydrated in the browser.
  await page.goto(`${SITE}/gift-cards`);
  await waitUntilHydrated(page);
  await expect(page.getByText(GIFT_CARDS_TEXT)).toBeVisible();
});
