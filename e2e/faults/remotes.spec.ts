// A remote's faults for real: each remote is reached through a gate (support/fault-gate.mjs), so
// the shell's server and the browser meet the same fault. The visitor sees the remote's fallback
// with Retry (never a blank page or a 5xx), the rest of the site keeps working, and once the
// remote is back the page returns without a reload.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  expectSameDocument,
  mainNav,
  markDocument,
  setRemoteFault,
  test,
} from '../fixtures';
import { REMOTE_UNAVAILABLE_TITLE, RETRY_LABEL } from '@portfolio/shell/texts';
import { BLOG_TITLE, READ_MORE_LABEL } from '@portfolio/remote-blog/texts';
import { SUMMARY_HEADING } from '@portfolio/remote-portfolio/texts';
import { STORE_TITLE } from '@portfolio/remote-shop/texts';
import { SIGN_UP_TITLE } from '@portfolio/remote-auth/texts';

const REMOTES = ['portfolio', 'blog', 'auth', 'shop'] as const;
test.afterEach(async ({ request }) => {
  for (const remote of REMOTES) await setRemoteFault(request, remote, 'ok');
});

async function expectFallback(page: Page) {
  await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

test("the shop's server stopped while the visitor is on the site, then started again", async ({
  page,
  request,
}) => {
  // From an application page (sign-in): the app draws the next page in place, so a remote it
  // cannot load shows the fallback (pages of islands load documents: islands.spec.ts).
  await page.goto('/signin');
  await markDocument(page);
  await setRemoteFault(request, 'shop', 'down');
  await mainNav(page).getByRole('link', { name: 'Store' }).click();
  await expectFallback(page);
  // The rest of the site works meanwhile.
  await mainNav(page).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: BLOG_TITLE })).toBeVisible();
  await setRemoteFault(request, 'shop', 'ok');
  await mainNav(page).getByRole('link', { name: 'Store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: STORE_TITLE })).toBeVisible();
  await expectSameDocument(page);
});

test("the auth remote's server stopped: a page of it is still answered 200, shown as sent, then goes live", async ({
  page,
  request,
}) => {
  await setRemoteFault(request, 'auth', 'down');
  // The first page a remote publishes is loaded by every worker of the site's server at its
  // start, so each renders it from the container it has.
  const response = await page.goto('/signup');
  expect(response?.status()).toBe(200);
  // The server rendered it: kept as sent (ADR 114), not replaced by the fallback.
  await expect(page.getByRole('heading', { level: 1, name: SIGN_UP_TITLE })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'kept');
  await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
  await markDocument(page);
  await setRemoteFault(request, 'auth', 'ok');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: SIGN_UP_TITLE })).toBeVisible();
  await expectSameDocument(page);
});

test('a blog deploy whose chunks are missing (manifest new, chunks gone): fallback, then recovery', async ({
  page,
  request,
}) => {
  await page.goto('/signin');
  await markDocument(page);
  await setRemoteFault(request, 'blog', 'missing-chunks');
  await mainNav(page).getByRole('link', { name: 'Blog' }).click();
  await expectFallback(page);
  await setRemoteFault(request, 'blog', 'ok');
  await page.getByRole('button', { name: RETRY_LABEL }).click();
  await expect(page.getByRole('heading', { level: 1, name: BLOG_TITLE })).toBeVisible();
  await expectSameDocument(page);
});

test('a slow portfolio remote (about 3 s): the loading state, then the page', async ({
  page,
  request,
}) => {
  await page.goto('/signin');
  await setRemoteFault(request, 'portfolio', 'slow', 1000);
  const started = Date.now();
  await mainNav(page).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  await expect(page.getByRole('heading', { name: SUMMARY_HEADING })).toBeVisible({
    timeout: 15_000,
  });
  expect(Date.now() - started).toBeGreaterThan(1500);
  await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
});

test("the blog's server stopped: a blog page the server rendered stays as it is, and its links work once it is back", async ({
  page,
  request,
}) => {
  // What React and the console say when hydration goes wrong (React error #418 and friends).
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match|Minified React error #4(18|19|21|22|23|25)/i.test(message.text()))
      trouble.push(message.text());
  });
  page.on('pageerror', (error) => trouble.push(error.message));
  await setRemoteFault(request, 'blog', 'down');
  // A page load of /blog: the site's server renders it from the blog code it has; the browser
  // cannot load the blog's code.
  await page.goto('/blog');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: BLOG_TITLE })).toBeVisible();
  const readMore = main.getByRole('link', { name: new RegExp(`^${READ_MORE_LABEL}`) });
  await expect(readMore.first()).toBeVisible();
  // Styled as sent: the site's server keeps the blog's stylesheets of every remote's live
  // version, whichever of its workers is asked, and writes them into the page (ADR 148).
  const blogRules = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>(
        'link[rel="stylesheet"][href*="/remotes/blog/"], style[data-href*="/remotes/blog/"]',
      ),
      (element) => element.sheet?.cssRules.length ?? 0,
    ),
  );
  expect(blogRules.length).toBeGreaterThan(0);
  expect(blogRules.every((rules) => rules > 0)).toBe(true);
  // Past the first quiet retry (2 s): still the server's page, no fallback in its place.
  await page.waitForTimeout(3000);
  await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
  await expect(readMore.first()).toBeVisible();
  // A page of islands (ADR 148): nothing of the blog's is hydrated there, so nothing waits.
  expect(await page.locator('html').getAttribute('data-hydrated')).toBe('islands');
  expect(trouble).toEqual([]);
  await expectNoA11yViolations(page);

  // The blog is back: its links lead to its pages.
  await setRemoteFault(request, 'blog', 'ok');
  await expect(page.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toHaveCount(0);
  await readMore.first().click();
  await expect(page).toHaveURL(/\/article\//);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  expect(trouble).toEqual([]);
});
