// The content API down, slow or failing, for real: the site reaches it through a gate
// (support/fault-gate.mjs), so the shell's server meets the fault while rendering and the
// browser meets it afterwards. Each page is sent with its message (never a blank page or a 5xx),
// the rest of the site keeps working, and once the fault is gone the site recovers without a
// reload.
import {
  expect,
  expectNoA11yViolations,
  expectSameDocument,
  mainNav,
  markDocument,
  setApiFault,
  test,
} from '../fixtures';
import { ARTICLES_LOAD_ERROR, LOADING_ARTICLES } from '@portfolio/remote-blog/texts';
import {
  PROJECTS_LOAD_ERROR,
  PROJECT_LOAD_FAILED,
  projectErrorText,
} from '@portfolio/remote-portfolio/texts';

test.afterEach(async ({ request }) => setApiFault(request, 'ok'));

const readMore = /^Read More/;

test.describe('content API down', () => {
  test('each page is sent with its error, the site works, and it recovers without a reload', async ({
    page,
    request,
  }) => {
    await setApiFault(request, 'down');
    const response = await page.goto('/');
    // Not a success a cache or a crawler would take: the page could not have its data
    // (docs/decisions/117); the visitor sees it as it is, with its message.
    expect(response?.status()).toBe(503);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(Number(response?.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await markDocument(page);

    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByText(ARTICLES_LOAD_ERROR)).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Portfolio' }).click();
    await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'About' }).click();
    // The about page falls back to its built-in text.
    await expect(page.locator('main h1')).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Store' }).click();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(10);

    await setApiFault(request, 'ok');
    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('link', { name: readMore }).first()).toBeVisible();
    await expect(page.getByText(ARTICLES_LOAD_ERROR)).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('a page showing the error recovers by itself once the API is back: no navigation, no reload', async ({
    page,
    request,
  }) => {
    await setApiFault(request, 'down');
    // Rendered by the site's server with the error.
    await page.goto('/blog');
    await expect(page.getByRole('alert')).toHaveText(ARTICLES_LOAD_ERROR);
    await markDocument(page);
    // Drawn in the browser with the error.
    await mainNav(page).getByRole('link', { name: 'Portfolio' }).click();
    await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.waitForTimeout(2000);
    await setApiFault(request, 'ok');
    // Nobody clicks anything: the page tries again by itself.
    await expect(page.getByText(PROJECTS_LOAD_ERROR)).toHaveCount(0, { timeout: 20_000 });
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('link', { name: readMore }).first()).toBeVisible();
    await expectSameDocument(page);
  });

  test('a project page that cannot reach the API says so', async ({ page, request }) => {
    await setApiFault(request, 'down');
    await page.goto('/projects/any-project');
    await expect(page.getByText(projectErrorText(PROJECT_LOAD_FAILED))).toBeVisible();
  });
});

test('content API answering 500: the error messages, in the HTML and in the browser', async ({
  page,
  request,
}) => {
  await setApiFault(request, 'error');
  const html = await (await request.get('/blog')).text();
  expect(html).toContain(ARTICLES_LOAD_ERROR);
  await page.goto('/');
  await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('alert')).toHaveText(ARTICLES_LOAD_ERROR);
  await expectNoA11yViolations(page);
});

test('content API answering another shape: the same messages, in the HTML and in the browser (ADR 052)', async ({
  page,
  request,
}) => {
  await setApiFault(request, 'malformed');
  expect(await (await request.get('/blog')).text()).toContain(ARTICLES_LOAD_ERROR);
  expect(await (await request.get('/projects/any-project')).text()).toContain(
    projectErrorText(PROJECT_LOAD_FAILED),
  );
  await page.goto('/');
  await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('alert')).toHaveText(ARTICLES_LOAD_ERROR);
  await mainNav(page).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a failed search is logged and shows no message', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await setApiFault(request, 'error');
  await page.goto('/search-article?query=tls');
  await expect.poll(() => errors.some((text) => text.includes('Article search failed'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/No articles found/)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
});

test.describe('a slow content API', () => {
  test('at render time: the page is sent with its error, then the browser loads the content', async ({
    page,
    request,
  }) => {
    await setApiFault(request, 'slow');
    const response = await page.goto('/blog');
    // Past the render budget: not a 200 (docs/decisions/117).
    expect(response?.status()).toBe(503);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByText(ARTICLES_LOAD_ERROR)).toBeVisible();
    await markDocument(page);
    await expect(page.getByRole('link', { name: readMore }).first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(ARTICLES_LOAD_ERROR)).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('on a visit in the browser: the loading state, then the content', async ({
    page,
    request,
  }) => {
    // From an application page: the app draws the next page in place, its loading state first
    // (a page of islands would load the next document, rendered by the server).
    await page.goto('/signin');
    await setApiFault(request, 'slow');
    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByText(LOADING_ARTICLES)).toBeVisible();
    await expect(page.getByRole('link', { name: readMore }).first()).toBeVisible({
      timeout: 15_000,
    });
  });
});
