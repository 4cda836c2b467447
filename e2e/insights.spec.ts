// Insights (docs/decisions/180): the owner sees who reads, and no visitor is tracked. Visits from
// fresh browsers (a person's browser: the specs' contexts say which, as Chrome does, since the
// API counts no headless browser) appear in the dashboard's Insights tab, the second one served
// from a cache (the site's kept pages, or the edge's with E2E_EDGE=on); a browser that sends
// Sec-GPC: 1 is not counted; no visitor ends with a cookie or a stored item; the chart and its
// table on a phone and a laptop; beacons no page sends are refused and change nothing.
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import type { Insights } from '@portfolio/contract';
import {
  NEWSLETTER_REF_PARAM,
  NEWSLETTER_REF_VALUE,
  PAGE_VIEW_BODY_LIMIT,
} from '@portfolio/contract';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  signIn,
  test,
  untilRenderedWhole,
  adminApi,
} from './fixtures';
import {
  CHART_HEADING,
  REFERRERS_HEADING,
  TABLE_VIEW_LABEL,
  TAB_INSIGHTS,
  TOP_ARTICLES_HEADING,
  chartTitle,
} from '@portfolio/remote-auth/insights-texts';
import { PRIVACY_TITLE } from '@portfolio/remote-portfolio/privacy-texts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { viewport: { width: 390, height: 844 } };
const LAPTOP = { viewport: { width: 1366, height: 900 } };
let browsers = 0;
/** A person's Chrome, a different build for each visitor (each its own visitor of the day). */
const personsBrowser = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${(browsers += 1)}.0 Safari/537.36`;

/** A published article of this run's own, so its figures are this test's alone. */
async function newArticle(request: APIRequestContext, title: string) {
  const { apiBase, headers } = await adminApi(request);
  const created = await request.post(`${apiBase}/articles`, {
    headers,
    data: { title, content: 'Written to be read by the insights spec.' },
  });
  expect(created.status()).toBe(201);
  const { _id: id, slug } = (await created.json()) as { _id: string; slug: string };
  // Rendered whole once before the visits: its first render pays for its data and Markdown.
  await untilRenderedWhole(request, `/article/${slug}`);
  return {
    path: `/article/${slug}`,
    remove: async () => {
      expect((await request.delete(`${apiBase}/articles/${id}`, { headers })).ok()).toBe(true);
    },
  };
}

async function insights(request: APIRequestContext): Promise<Insights> {
  const { apiBase, headers } = await adminApi(request);
  const response = await request.get(`${apiBase}/insights?days=7`, { headers });
  expect(response.status()).toBe(200);
  return (await response.json()) as Insights;
}

/**
 * One visit from a browser of its own (nothing kept from another visit), until its page-view
 * beacon was answered; what the document's answer said of caches.
 */
async function visit(
  browser: Browser,
  path: string,
  options: BrowserContextOptions & { referer?: string } = {},
) {
  const { referer, ...contextOptions } = options;
  const context = await browser.newContext({ userAgent: personsBrowser(), ...contextOptions });
  const page = await context.newPage();
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/page-views'));
  const answer = await page.goto(path, referer ? { referer } : {});
  expect(
    answer?.status(),
    `${path}: ${answer?.headers()['server-timing']}; ${(await page.locator('body').innerText()).slice(0, 300)}`,
  ).toBe(200);
  expect((await beacon).status()).toBe(204);
  const headers = answer?.headers() ?? {};
  await context.close();
  return {
    /**
     * Served from a cache: the edge's (X-Cache-Status: HIT, or a stale copy while it asks
     * again) or, without an edge, the site's kept pages (Server-Timing).
     */
    fromCache:
      /^(HIT|STALE|UPDATING)$/.test(headers['x-cache-status'] ?? '') ||
      /hit/.test(headers['server-timing'] ?? ''),
  };
}

async function openInsights(page: Page) {
  await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
  await page.goto('/admin-dashboard?tab=insights');
  await expect(page.getByRole('tab', { name: TAB_INSIGHTS })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('visits from fresh browsers appear in the Insights tab, one served from a cache, one from the newsletter', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Insights read ${Date.now().toString(36)}`;
  const article = await newArticle(request, title);
  try {
    await visit(browser, article.path, { referer: 'https://news.example.org/item?id=46' });
    let visits = 1;
    // The same page again: the site's kept page, or the edge's copy (E2E_EDGE=on), which the
    // server does not render. The beacon is in its HTML, so it counts all the same. (Another
    // spec's write empties the site's caches, so a visit just after it is rendered: again.)
    let fromCache = false;
    while (!fromCache && visits < 5) {
      ({ fromCache } = await visit(browser, article.path));
      visits += 1;
    }
    expect(fromCache).toBe(true);
    await visit(browser, `${article.path}?${NEWSLETTER_REF_PARAM}=${NEWSLETTER_REF_VALUE}`, {
      viewport: PHONE.viewport,
    });
    visits += 1;

    await openInsights(page);
    const articles = page.getByRole('region', { name: TOP_ARTICLES_HEADING });
    // Within a minute: the figures are read when the tab opens.
    await expect(async () => {
      await page.reload();
      // Views, visitors (each visit a browser of its own), from the newsletter.
      await expect(
        articles.getByRole('row', { name: `${title} ${visits} ${visits} 1` }),
      ).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(
      page.getByRole('region', { name: REFERRERS_HEADING }).getByText('https://news.example.org'),
    ).toBeVisible();
    // The referrer's origin only: never its page or query.
    await expect(page.getByText('item?id=46')).toHaveCount(0);
  } finally {
    await article.remove();
  }
});

test('a browser that sends Sec-GPC: 1 is not counted, nor one that sends DNT: 1', async ({
  browser,
  request,
}) => {
  const title = `Insights private ${Date.now().toString(36)}`;
  const article = await newArticle(request, title);
  try {
    // The beacon is sent and answered; the API sees the signal on it and stores nothing.
    await visit(browser, article.path, { extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await visit(browser, article.path, { extraHTTPHeaders: { DNT: '1' } });
    await visit(browser, article.path);
    const figures = await insights(request);
    expect(figures.articles.find((row) => row.title === title)).toMatchObject({
      views: 1,
      visitors: 1,
    });
  } finally {
    await article.remove();
  }
});

test('no visitor ends with a cookie or a stored item', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: personsBrowser() });
  const page = await context.newPage();
  for (const path of ['/', '/blog', '/about', '/privacy']) {
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/page-views'));
    await page.goto(path);
    expect((await beacon).status()).toBe(204);
    const stored = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      cookie: document.cookie,
    }));
    expect(stored, path).toEqual({ local: 0, session: 0, databases: 0, cookie: '' });
  }
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

for (const [device, viewport] of [
  ['phone', PHONE.viewport],
  ['laptop', LAPTOP.viewport],
] as const) {
  test(`the chart and its table on a ${device}, with nothing for a screen reader to miss`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The privacy statement every footer links (docs/decisions/182), on the same screen.
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: PRIVACY_TITLE })).toBeVisible();
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/privacy-${device}.png`, fullPage: true });
    }
    await openInsights(page);
    const chart = page.getByRole('img', { name: new RegExp(chartTitle(30)) });
    await expect(chart).toBeVisible();
    // The whole width it is given, and no wider than the screen.
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(viewport.width / 2);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await expectNoA11yViolations(page);
    const section = page.getByRole('region', { name: CHART_HEADING });
    await section.getByText(TABLE_VIEW_LABEL).click();
    const table = section.getByRole('table', { name: chartTitle(30) });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(31);
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/insights-${device}.png`, fullPage: true });
    }
  });
}

test('beacons no page sends are refused and change nothing', async ({ request }) => {
  const before = await insights(request);
  const userAgent = personsBrowser();
  const send = (body: string) =>
    request.post('/api/page-views', {
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
      data: body,
    });
  const refused = [
    [JSON.stringify({ path: '/admin-dashboard', viewport: 'desktop' }), 400],
    [JSON.stringify({ path: '/nowhere/at/all', viewport: 'desktop' }), 400],
    [JSON.stringify({ path: '/article/no-such-article', viewport: 'desktop' }), 404],
    [
      JSON.stringify({ path: '/', viewport: 'desktop', referrer: '"><script>alert(1)</script>' }),
      400,
    ],
    [JSON.stringify({ path: '/', viewport: 'desktop', referrer: 'https://a.example/p?q=1' }), 400],
    [
      JSON.stringify({ path: '/', viewport: 'desktop', pad: 'x'.repeat(PAGE_VIEW_BODY_LIMIT) }),
      413,
    ],
    ['{"path":"/"', 400],
  ] as const;
  for (const [body, status] of refused) {
    const response = await send(body);
    expect(response.status(), body.slice(0, 80)).toBe(status);
    expect(Object.keys((await response.json()) as object)).toEqual(['message']);
  }
  const after = await insights(request);
  expect(after.totals).toEqual(before.totals);
  expect(after.referrers).toEqual(before.referrers);
  expect(JSON.stringify(after)).not.toContain('<script>');
});
