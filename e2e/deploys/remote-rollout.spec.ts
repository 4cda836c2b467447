// A remote team's candidate in the real site (docs/decisions/191, 192), through the production
// edge (deploy/edge/, tools/edge.ts) in front of the shell's server (tools/deploy-harness/)
// and the shop served from a deploy folder, as `npm run deploy -- shop --preview | --canary`
// leaves it:
//   - a preview link shows the candidate, rendered and hydrated, with its banner, to the browser
//     that opened it, while another browser sees the live shop;
//   - a canary at 50 % splits fresh visitors, each keeping their cohort over several pages, the
//     edge keeping each cohort's pages apart; ending it returns everyone to live within the
//     page's cache lifetime;
//   - a candidate that throws while hydrating is ended by the site's server by itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext } from '@playwright/test';
import { APPS } from '@portfolio/platform/apps';
import { signPreview } from '@portfolio/platform/remote-rollout';
import { startEdge } from '@portfolio/tools/edge';
import { ROOT } from '@portfolio/tools/root';
import { startDeployHarness } from '@portfolio/tools/deploy-harness';
import type { DeployHarness } from '@portfolio/tools/deploy-harness';
import { deployBuild, endCanary, startCanary, uploadCandidate } from '@portfolio/tools/deploy';
import {
  buildCandidates,
  candidateConfigs,
  prepareWorkDir,
} from '@portfolio/tools/compat/candidate-build';
import { EBOOK_TITLE, STORE_TITLE } from '@portfolio/remote-shop/texts';
import { PREVIEW_END_TEXT, statusSignature } from '@portfolio/shell/server/rollout';
import { expectNoA11yViolations } from '../fixtures';

// Its own small site, on the run's block (tools/free-ports.mjs) or 3720-3729; the deploys
// project runs one spec at a time, so the redeploy spec's ports are free again.
const DEPLOY_PORTS = Number(process.env.DEPLOY_SPEC_PORT ?? 3720);
const SHELL_PORT = DEPLOY_PORTS + 1;
const SHOP_PORT = DEPLOY_PORTS + 5;
const EDGE_PORT = DEPLOY_PORTS + 6;
const CONTROL_PORT = DEPLOY_PORTS + 8;
const EDGE = `http://localhost:${EDGE_PORT}`;
/** The site's server itself, behind the edge. */
const SITE = `http://localhost:${SHELL_PORT}`;
const SECRET = 'the-deployers-preview-secret-of-this-spec';
const SHOP_BUILD = path.join(ROOT, 'remote-shop', 'dist');
const CANDIDATE_TITLE = 'Store, the next one';
/** The page's cache lifetime at the edge (page-route.ts SHARED_MAX_AGE_S), and some slack. */
const CACHE_LIFETIME_MS = 5_000;

let harness: DeployHarness | undefined;
let edge: { stop(): Promise<void> } | undefined;
let deployRoot = '';

/**
 * Two shop candidates, built as the team would: "next" titles the store differently, "broken"
 * throws as soon as it runs in a browser. Both draw the store as an application page (hydrated
 * whole), where the live shop's is a page of islands.
 */
async function buildShopCandidates(): Promise<{ next: string; broken: string }> {
  const work = path.join(ROOT, 'node_modules', '.cache', 'remote-rollout-candidates');
  rmSync(work, { recursive: true, force: true });
  prepareWorkDir(work);
  const shop = APPS.find((app) => app.name === 'shop');
  if (!shop) throw new Error('No shop app');
  const asApplicationPage = (dir: string) => {
    const routesFile = path.join(dir, 'src', 'routes.json');
    const routes = JSON.parse(readFileSync(routesFile, 'utf8'));
    for (const route of routes.routes) delete route.islands;
    writeFileSync(routesFile, JSON.stringify(routes, null, 2));
  };
  const next = await candidateConfigs(work, shop, undefined, {
    label: 'next',
    edit: (dir) => {
      asApplicationPage(dir);
      const texts = path.join(dir, 'src', 'texts.ts');
      writeFileSync(
        texts,
        readFileSync(texts, 'utf8').replace(
          `export const STORE_TITLE = '${STORE_TITLE}';`,
          `export const STORE_TITLE = '${CANDIDATE_TITLE}';`,
        ),
      );
    },
  });
  const broken = await candidateConfigs(work, shop, undefined, {
    label: 'broken',
    edit: (dir) => {
      asApplicationPage(dir);
      const page = path.join(dir, 'src', 'pages', 'StorePage', 'StorePage.tsx');
      writeFileSync(
        page,
        readFileSync(page, 'utf8').replace(
          'export default function StorePage() {',
          "export default function StorePage() {\n  if (typeof window !== 'undefined') throw new Error('broken in the browser');",
        ),
      );
    },
  });
  await buildCandidates([...next, ...broken]);
  return { next: path.join(work, 'next', 'dist'), broken: path.join(work, 'broken', 'dist') };
}

/** The cohort cookie a context holds (`<bucket>.<variant>`), or undefined. */
async function cohortOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(EDGE)).find((cookie) => cookie.name === '__cohort')?.value;
}

/**
 * The Accept-Encoding the specs' browser sends, once a page of it has asked the edge. The edge
 * keeps a page once per encoding asked (the site's `Vary: Accept-Encoding, Cookie`), so a check of
 * what a visitor's browser is answered asks with the browser's own: with Node's, it was answered
 * the live store while the browser's copy of the candidate was still kept for a few seconds (run
 * 42, 2026-12-06).
 */
let browserAcceptEncoding: string | undefined;

/** The store's heading in a fresh page of `context`, once the page is live. */
async function storeHeading(context: BrowserContext, pathname = '/store'): Promise<string> {
  const page = await context.newPage();
  const response = await page.goto(`${EDGE}${pathname}`);
  browserAcceptEncoding ??= (await response?.request().headerValue('accept-encoding')) ?? undefined;
  await page.locator('html[data-hydrated="true"], html[data-hydrated="islands"]').waitFor();
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  await page.close();
  return heading;
}

/**
 * A page's HTML as the edge answers this context's browser (its cookies, and the browser's
 * Accept-Encoding once known), and the answer's headers.
 */
async function served(context: BrowserContext, pathname: string) {
  const cookie = (await context.cookies(EDGE)).map((c) => `${c.name}=${c.value}`).join('; ');
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (browserAcceptEncoding) headers['accept-encoding'] = browserAcceptEncoding;
  const response = await fetch(`${EDGE}${pathname}`, { headers });
  return { html: await response.text(), headers: response.headers };
}

/**
 * Until the site's server gives a fresh visitor a cohort cookie like `cookie` (it polls the
 * canary every REMOTE_POLL_MS, 200 ms). Asked of the server itself: through the edge, an answer
 * from before the canary ran would be kept and served for 35 s (ADR 191), and the edge's own
 * requests for it meanwhile would count as views of the candidate no browser saw. The store's
 * address for a fresh visitor then: one the edge has never kept.
 */
async function untilCohortsAreGiven(cookie: RegExp): Promise<string> {
  await expect
    .poll(async () => (await fetch(`${SITE}/store`)).headers.get('set-cookie') ?? '', {
      timeout: 15_000,
    })
    .toMatch(cookie);
  return `/store?since=${Date.now()}`;
}

async function freshContexts(browser: Browser, count: number): Promise<BrowserContext[]> {
  return Promise.all(Array.from({ length: count }, () => browser.newContext()));
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  deployRoot = mkdtempSync(path.join(os.tmpdir(), 'shop-rollout-'));
  deployBuild({ buildDir: SHOP_BUILD, deployRoot, version: 'live' });
  const candidates = await buildShopCandidates();
  uploadCandidate({ buildDir: candidates.next, deployRoot, version: 'next' });
  uploadCandidate({ buildDir: candidates.broken, deployRoot, version: 'broken' });
  harness = await startDeployHarness({
    deployRoot,
    shellPort: SHELL_PORT,
    shopPort: SHOP_PORT,
    controlPort: CONTROL_PORT,
    // The browser's origin is the edge's.
    env: { SITE_URL: EDGE, PREVIEW_SECRET: SECRET },
  });
  const closed = 'http://127.0.0.1:9/';
  edge = await startEdge({
    port: EDGE_PORT,
    site: `127.0.0.1:${SHELL_PORT}`,
    api: '127.0.0.1:9',
    remotes: { portfolio: closed, blog: closed, auth: closed, shop: `http://127.0.0.1:${SHOP_PORT}/` },
    log: () => {},
  });
  await expect
    .poll(async () => (await (await fetch(`${EDGE}/store`)).text()).includes('/v/live/'), {
      timeout: 30_000,
    })
    .toBe(true);
});

test.afterAll(async () => {
  await edge?.stop();
  await harness?.stop();
  rmSync(deployRoot, { recursive: true, force: true });
});

test('a preview link shows the candidate to the browser that opened it, and only to it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const token = signPreview(SECRET, { remote: 'shop', version: 'next', expires });
  const [previewer, visitor] = await freshContexts(browser, 2);
  const page = await previewer!.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.goto(`${EDGE}/_preview?token=${encodeURIComponent(token)}&to=/store`);
  expect(new URL(page.url()).pathname).toBe('/store');
  await page.locator('html[data-hydrated="true"]').waitFor();
  // Rendered on the server from the candidate, hydrated from it, with the banner and a way out.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CANDIDATE_TITLE);
  const banner = page.getByRole('complementary', { name: 'Preview' });
  await expect(banner).toContainText('shop version next');
  // Hydrated with the candidate's code, which the page's data block names.
  expect(asked.some((url) => url.includes('/remotes/shop/v/next/'))).toBe(true);
  await expectNoA11yViolations(page);
  // The banner on a laptop and on a phone (390 px): whole, on screen, the page no wider than the
  // screen; pictures of both kept with the run's results.
  await page.screenshot({ path: test.info().outputPath('preview-banner-laptop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('preview-banner-phone.png') });
  const { html, headers } = await served(previewer!, '/store');
  expect(headers.get('cache-control')).toBe('private, no-store');
  expect(headers.get('x-cache-status')).toBe('BYPASS');
  expect(html).toContain(`<h1>${CANDIDATE_TITLE}</h1>`);
  expect(html).toContain('/remotes/shop/v/next/mf-manifest.json');

  // Another browser, twice (the second from the edge's cache): the live store, no banner.
  for (let visit = 0; visit < 2; visit += 1) {
    expect(await storeHeading(visitor!)).toBe(STORE_TITLE);
  }
  const other = await visitor!.newPage();
  await other.goto(`${EDGE}/store`);
  await expect(other.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);

  // The way out: the live store again for the previewer.
  await banner.getByRole('link', { name: PREVIEW_END_TEXT }).click();
  await page.goto(`${EDGE}/store`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(STORE_TITLE);
  await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
  await Promise.all([previewer!.close(), visitor!.close()]);
});

test('a canary at 50 % splits fresh visitors, each keeps their cohort, and ending it returns everyone to live', async ({
  browser,
}) => {
  // Sixteen visitors and forty pages: a minute on a quiet machine, four on a loaded one.
  test.setTimeout(300_000);
  startCanary(deployRoot, { version: 'next', percent: 50, margin: 100, minViews: 1_000_000 });
  const freshStore = await untilCohortsAreGiven(/__cohort=\d+\./);

  const visitors = await freshContexts(browser, 16);
  const cohorts: { context: BrowserContext; candidate: boolean }[] = [];
  for (const context of visitors) {
    const first = await storeHeading(context, freshStore);
    const cohort = (await cohortOf(context)) ?? '';
    expect(cohort).toMatch(/^\d{1,2}\.(live|shop-next)$/);
    const candidate = cohort.endsWith('shop-next');
    expect(first).toBe(candidate ? CANDIDATE_TITLE : STORE_TITLE);
    cohorts.push({ context, candidate });
  }
  // Both cohorts are had (all 16 in one: a chance of 1 in 32,768).
  expect(cohorts.some((each) => each.candidate)).toBe(true);
  expect(cohorts.some((each) => !each.candidate)).toBe(true);

  // Over several pages, each visitor keeps their cohort; the edge keeps each cohort's pages apart
  // (a page kept for one cohort is never another's).
  for (const { context, candidate } of cohorts.slice(0, 8)) {
    const ebook = await context.newPage();
    await ebook.goto(`${EDGE}/ebook`);
    await expect(ebook.getByRole('heading', { level: 1 })).toHaveText(EBOOK_TITLE);
    await ebook.close();
    // The same page as the edge keeps it for this cohort: its data block names its version.
    const { html } = await served(context, '/ebook');
    expect(html).toContain(candidate ? '/remotes/shop/v/next/' : '/remotes/shop/v/live/');
    expect(html).not.toContain(candidate ? '/remotes/shop/v/live/' : '/remotes/shop/v/next/');
    expect(await storeHeading(context)).toBe(candidate ? CANDIDATE_TITLE : STORE_TITLE);
  }

  // --abort: everyone on the live store within the page's cache lifetime.
  endCanary(deployRoot);
  const ended = Date.now();
  const inCanary = cohorts.filter((each) => each.candidate).map((each) => each.context);
  // Asked as each visitor's browser asks the edge (their cookies): a browser page per visitor
  // and round takes longer than the window itself on a loaded machine.
  await expect
    .poll(
      async () =>
        (await Promise.all(inCanary.map((context) => served(context, '/store')))).every(
          ({ html }) => html.includes(`<h1>${STORE_TITLE}</h1>`),
        ),
      { timeout: CACHE_LIFETIME_MS + 10_000, intervals: [250] },
    )
    .toBe(true);
  console.log(`every canary visitor back on live ${Date.now() - ended} ms after the abort`);
  // And in the browser: the live store, hydrated.
  expect(await storeHeading(inCanary[0]!)).toBe(STORE_TITLE);
  await Promise.all(visitors.map((context) => context.close()));
});

test('a candidate that throws while hydrating is ended by the site by itself', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  startCanary(deployRoot, { version: 'broken', percent: 100, margin: 10, minViews: 2 });
  const store = await untilCohortsAreGiven(/shop-broken/);
  // Visitors meet it: the server renders it (no window there), the browser's hydration throws and
  // reports it; past its margin, the site's server ends the canary.
  const visitors = await freshContexts(browser, 3);
  for (const context of visitors) {
    const page = await context.newPage();
    await page.goto(`${EDGE}${store}`);
    await page.waitForLoadState('networkidle');
    await page.close();
  }
  const status = async () => {
    const response = await fetch(`${EDGE}/_rollout/status`, {
      headers: { authorization: `Rollout ${statusSignature(SECRET, Date.now())}` },
    });
    return (await response.json()) as { remotes: { shop: { canary?: { ended?: string } } } };
  };
  await expect
    .poll(async () => (await status()).remotes.shop.canary?.ended ?? '', { timeout: 15_000 })
    .toMatch(/^failure rate/);
  // Everyone is back on the live shop, the canary's visitors too, within the cache lifetime.
  await expect
    .poll(async () => storeHeading(visitors[0]!), { timeout: CACHE_LIFETIME_MS + 10_000 })
    .toBe(STORE_TITLE);
  const fresh = await browser.newContext();
  expect(await storeHeading(fresh)).toBe(STORE_TITLE);
  await Promise.all([...visitors, fresh].map((context) => context.close()));
  endCanary(deployRoot);
});
