import type { Page } from '@playwright/test';
import {
  REMOTES_IN_BROWSER,
  bringRemoteBack,
  expect,
  expectNoA11yViolations,
  expectSameDocument,
  mainNav,
  markDocument,
  takeRemoteDown,
  test,
} from './fixtures';
import {
  NAV_LINKS,
  NOT_FOUND_TITLE,
  REMOTE_UNAVAILABLE_TITLE,
  RETRY_LABEL,
} from '@portfolio/shell/texts';

test.describe('navigation', () => {
  test('every navbar link goes to its page', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    for (const link of NAV_LINKS) {
      await mainNav(page).getByRole('link', { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.to);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: NOT_FOUND_TITLE })).toHaveCount(0);
    }
  });

  test('the search icon toggles a search box that goes to the search route', async ({ page }) => {
    await page.goto('/store');
    const toggle = page.getByRole('button', { name: 'Search', exact: true });
    await toggle.click();
    const input = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(input).toBeFocused();
    await input.press('Enter');
    await expect(page).toHaveURL('/store');
    await input.fill('   ');
    await input.press('Enter');
    await expect(page).toHaveURL('/store');
    await input.fill('incident response');
    await input.press('Enter');
    await expect(page).toHaveURL('/search-article?query=incident+response');
    // The results are a page of their own (docs/decisions/148): its box starts closed.
    await expect(input).toBeHidden();
    await toggle.click();
    await expect(input).toBeFocused();
    await toggle.click();
    await expect(input).toBeHidden();
  });

  test("in the app, hovering a navbar link loads that page's module before the click", async ({
    page,
  }) => {
    // /signin is an application page (docs/decisions/148): the client-side app draws the next.
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    const pageModule = page.waitForRequest(
      (request) =>
        request.url().startsWith(`${REMOTES_IN_BROWSER.blog}/`) &&
        request.url().includes('__federation_expose_BlogPage'),
    );
    await mainNav(page).getByRole('link', { name: 'Blog' }).hover();
    await pageModule;
    await expect(page).toHaveURL('/signin');
  });

  test('a page of islands prerenders the pages of islands its links lead to, never an application page', async ({
    page,
  }) => {
    await page.goto('/store');
    const rules = JSON.parse(
      (await page.locator('script[type="speculationrules"]').textContent()) ?? '{}',
    ) as { prerender: { where: { href_matches: string[] }; eagerness: string }[] };
    const [rule] = rules.prerender;
    expect(rule?.eagerness).toBe('moderate');
    expect(rule?.where.href_matches).toEqual(
      expect.arrayContaining(['/blog', '/article/:id', '/store', '/ebook', '/portfolio', '/']),
    );
    for (const application of ['/signin', '/signup', '/logout', '/dashboard', '/welcome']) {
      expect(rule?.where.href_matches).not.toContain(application);
    }
    // The next page is a document of its own.
    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.locator('html')).toHaveAttribute('data-render', 'islands');
  });

  test('an unknown address shows a real 404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: NOT_FOUND_TITLE })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('/login goes to /signin', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/signin');
  });

  test('a deep link to a remote route survives a reload', async ({ page }) => {
    await page.goto('/ebook');
    await expect(page.getByRole('heading', { level: 1, name: 'E-books' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'E-books' })).toBeVisible();
  });

  test('the footer has quick links, social links and a contact e-mail', async ({ page }) => {
    await page.goto('/store');
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link'),
    ).toHaveCount(NAV_LINKS.length);
    await expect(footer.getByRole('link', { name: 'GitHub' })).toHaveAttribute('target', '_blank');
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  });

  test('on a phone the menu collapses and opens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/store');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(mainNav(page).getByRole('link', { name: 'Blog' })).toBeHidden();
    await menu.click();
    await mainNav(page).getByRole('link', { name: 'E-books' }).click();
    await expect(page).toHaveURL('/ebook');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('shop remote', () => {
  const priceValue = (text: string) => Number(text.replace('$', ''));

  test('the store shows ten products with name, price and Add to Cart', async ({ page }) => {
    await page.goto('/store');
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(10);
    const prices: number[] = [];
    for (const item of await items.all()) {
      await expect(item.getByRole('heading', { level: 2 })).not.toBeEmpty();
      await expect(item.locator('img')).toHaveCount(1);
      await expect(item.getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
      prices.push(priceValue(await item.getByText(/^\$\d+\.\d{2}$/).innerText()));
    }
    // Spec: store prices range from $39.99 to $199.99.
    expect(Math.min(...prices)).toBe(39.99);
    expect(Math.max(...prices)).toBe(199.99);
    await expectNoA11yViolations(page);
  });

  test('the e-book page shows three books at $19.99, $24.99 and $29.99 with Buy Now', async ({
    page,
  }) => {
    await page.goto('/ebook');
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(3);
    const prices: string[] = [];
    for (const item of await items.all()) {
      await expect(item.getByRole('img', { name: /^Cover of / })).toBeVisible();
      await expect(item.getByRole('button', { name: /^Buy Now/ })).toBeVisible();
      prices.push(await item.getByText(/^\$\d+\.\d{2}$/).innerText());
    }
    expect(prices).toEqual(['$19.99', '$24.99', '$29.99']);
    await expectNoA11yViolations(page);
  });
});

/** The handle a test build's shell puts on the page (shell/src/federation/diagnostics.ts). */
type Diagnosed = Window & {
  __portfolioDiagnostics?: { compare(remote: string): Promise<unknown> };
};

test('the page has one React, router, Firebase app and shared package', async ({ page }) => {
  // An application page: the whole composition runs (pages of islands run only their islands).
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  // The e2e suite runs on a test build, which has the diagnostics (docs/decisions/071).
  await page.waitForFunction(() => (window as Diagnosed).__portfolioDiagnostics !== undefined);
  for (const remote of Object.keys(REMOTES_IN_BROWSER)) {
    const report = await page.evaluate(
      (name) => (window as Diagnosed).__portfolioDiagnostics!.compare(name),
      remote,
    );
    expect(report, `singletons shared with remote "${remote}"`).toEqual({
      sameReact: true,
      sameRouter: true,
      sameAuthContext: true,
      sameFirebaseApp: true,
      firebaseAppCountInShell: 1,
      firebaseAppCountInRemote: 1,
    });
  }
});

// The app's pages (the auth remote's forms) draw the next page in place, so a remote that fails
// there shows the fallback with Retry; a page of islands keeps its HTML (islands.spec.ts).
test.describe('a remote that is down', () => {
  test('at boot: the page the server sent stays, its next visit shows the fallback, and it recovers without a reload', async ({
    page,
  }) => {
    await takeRemoteDown(page, REMOTES_IN_BROWSER.auth);
    await page.goto('/signin');
    // The server rendered the form: the browser keeps it as it is (docs/decisions/114).
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
    await markDocument(page);

    // The navbar, footer and other remotes keep working.
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Drawn in the browser, there is nothing to keep: the fallback.
    await mainNav(page).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toBeVisible();
    await bringRemoteBack(page, REMOTES_IN_BROWSER.auth);
    await page.getByRole('button', { name: RETRY_LABEL }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expectSameDocument(page);
  });

  test('while the visitor is on the site: the next route of it falls back, then recovers', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await markDocument(page);
    await takeRemoteDown(page, REMOTES_IN_BROWSER.auth);
    await mainNav(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toBeVisible();
    await expectNoA11yViolations(page);
    await bringRemoteBack(page, REMOTES_IN_BROWSER.auth);
    await page.getByRole('button', { name: RETRY_LABEL }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expectSameDocument(page);
  });
});

test.describe('a remote that misbehaves', () => {
  async function expectFallbackThenRecovery(page: Page, unroute: () => Promise<void>) {
    // A hanging remote is given up on after REMOTE_LOAD_TIMEOUT_MS (8 s in these browser tests).
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toBeVisible({
      timeout: 15_000,
    });
    await expect(mainNav(page)).toBeVisible();
    await markDocument(page);
    await unroute();
    await page.getByRole('button', { name: RETRY_LABEL }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expectSameDocument(page);
  }

  /** At boot the server's page stays as sent (not live), and goes live once the code loads. */
  async function expectKeptThenLive(page: Page, unroute: () => Promise<void>) {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
    expect(await page.locator('html').getAttribute('data-hydrated')).toBe('kept');
    await markDocument(page);
    await unroute();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
    await expectSameDocument(page);
  }

  test('answering 500', async ({ page }) => {
    const pattern = `${REMOTES_IN_BROWSER.auth}/**`;
    await page.route(pattern, (route) =>
      route.fulfill({ status: 500, body: 'Internal Server Error' }),
    );
    await page.goto('/signin');
    await expectKeptThenLive(page, () => page.unroute(pattern));
  });

  test('answering HTML instead of JavaScript', async ({ page }) => {
    // The entry of whichever version the page uses: the current one, or the one under /v/<id>/
    // that the server rendered with (docs/decisions/038).
    const pattern = (url: URL) =>
      url.href.startsWith(`${REMOTES_IN_BROWSER.auth}/`) &&
      url.pathname.endsWith('/remoteEntry.js');
    await page.route(pattern, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><h1>Welcome to nginx</h1>',
      }),
    );
    await page.goto('/signin');
    await expectKeptThenLive(page, () => page.unroute(pattern));
  });

  test('hanging: the load is given up after the configured timeout', async ({ page }) => {
    // The page the server rendered works; then the remote stops answering the browser while the
    // visitor is on the site. The timeout is the operator's REMOTE_LOAD_TIMEOUT_MS
    // (playwright.config.ts sets it low).
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    const pattern = `${REMOTES_IN_BROWSER.auth}/**`;
    await page.route(pattern, () => undefined);
    await mainNav(page).getByRole('link', { name: 'Sign In' }).click();
    await expectFallbackThenRecovery(page, () => page.unroute(pattern));
  });
});
