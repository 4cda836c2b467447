// The light and the dark theme (docs/decisions/171, 176), and the copy button of code blocks. The
// theme follows the system until the visitor chooses with the navbar's toggle; the choice is kept
// (a cookie the server writes on each page) and painted from the first frame of the next page
// (every frame until the page has loaded is checked); without JavaScript the system's theme, or a
// choice made before, still applies and the controls that could not work are not shown. Every
// page passes the axe scan in both themes (the other specs scan in the browser's default, light),
// with a screenshot of each for a look by eye.
import type { Page } from '@playwright/test';
import {
  CODE_COPIED_TEXT,
  CODE_COPY_LABEL,
  SITE_CONTROLS,
} from '@portfolio/shared/island-protocol';
import { THEME_TO_DARK_LABEL, THEME_TO_LIGHT_LABEL } from '@portfolio/shell/texts';
import {
  DEV_ADMIN,
  PUBLIC_PAGES,
  createArticle,
  expect,
  expectNoA11yViolations,
  mainNav,
  removeArticle,
  signIn,
  test,
  untilRenderedWhole,
} from './fixtures';
import type { SpecArticle } from './fixtures';

/** The page's background in each theme (shared/src/tokens.css, --color-bg). */
const BACKGROUND = { light: 'rgb(246, 248, 251)', dark: 'rgb(11, 17, 32)' } as const;

/** Code whose exact text matters: markup characters, indentation, a blank line, a tab. */
const CODE = 'if (a < b && c > "d") {\n    echo \'$HOME\';\n\n\treturn 0;\n}';

let article: SpecArticle;

test.beforeAll(async ({ request }) => {
  article = await createArticle(request, {
    title: `Themes and code ${Date.now().toString(36)}`,
    content: [
      'A block to copy.',
      '```bash',
      CODE,
      '```',
      'And one without a language:',
      '```',
      'plain',
      '```',
    ].join('\n'),
    createdAt: '1998-02-01T00:00:00.000Z',
  });
});

test.afterAll(async ({ request }) => removeArticle(request, article));

/** The body's background at every frame from the first until the page has loaded. */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: string[] = [];
    (window as unknown as { themeFrames: string[] }).themeFrames = frames;
    const record = () => {
      const element = document.body ?? document.documentElement;
      frames.push(getComputedStyle(element).backgroundColor);
      if (document.readyState !== 'complete') requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeFrames: string[] }).themeFrames);

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('the themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`follow the system (${scheme}) until the visitor chooses`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      expect(await background(page)).toBe(BACKGROUND[scheme]);
      expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
      // The toggle names the theme it switches to.
      const other = scheme === 'light' ? THEME_TO_DARK_LABEL : THEME_TO_LIGHT_LABEL;
      await expect(mainNav(page).getByRole('button', { name: other })).toBeVisible();
    });
  }

  test('switch with the toggle at the first press, keep the choice, and paint it from the first frame', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordFrames(page);
    await page.goto('/blog');
    await expect(page.locator('html')).toHaveAttribute('data-render', 'islands');
    // Pressed at once: nothing to wait for, no script fetched for it.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await mainNav(page).getByRole('button', { name: THEME_TO_LIGHT_LABEL }).click();
    expect(await background(page)).toBe(BACKGROUND.light);
    await expect(mainNav(page).getByRole('button', { name: THEME_TO_DARK_LABEL })).toBeVisible();
    expect(
      await page
        .locator('meta[name="theme-color"]')
        .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content'))),
    ).toEqual(['#f6f8fb', '#f6f8fb']);
    expect(scripts).toEqual([]);
    // Kept in a cookie the server reads: the pages it sends this visitor are light from their
    // first byte, and the browser's storage is not used (docs/decisions/176).
    const served = await (await page.request.get('/about')).text();
    expect(served.startsWith('<!doctype html><html lang="en" data-theme="light"')).toBe(true);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // Another page, and a reload: light from the first frame, though the system is dark.
    for (const next of [() => page.goto(`/article/${article._id}`), () => page.reload()]) {
      await next();
      await page.waitForLoadState('load');
      const frames = await framesOf(page);
      expect(frames.length).toBeGreaterThan(0);
      expect(new Set(frames)).toEqual(new Set([BACKGROUND.light]));
    }

    // And back: dark again, kept too.
    await mainNav(page).getByRole('button', { name: THEME_TO_DARK_LABEL }).click();
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await page.waitForLoadState('load');
    expect(new Set(await framesOf(page))).toEqual(new Set([BACKGROUND.dark]));
  });

  test('follow the system without JavaScript, showing no control that could not work', async ({
    browser,
  }) => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`/article/${article._id}`);
      expect(await background(page)).toBe(BACKGROUND[scheme]);
      await expect(mainNav(page).getByRole('button', { name: /theme/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: CODE_COPY_LABEL })).toHaveCount(0);
      // The language still labels its block.
      await expect(page.locator('main').getByText('bash', { exact: true })).toBeVisible();
      await context.close();
    }
    // A choice made before (its cookie) holds without JavaScript too: the server writes it.
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'light' });
    const { baseURL } = test.info().project.use;
    await context.addCookies([
      { name: SITE_CONTROLS.themeKey, value: 'dark', url: String(baseURL) },
    ]);
    const page = await context.newPage();
    await page.goto(`/article/${article._id}`);
    expect(await background(page)).toBe(BACKGROUND.dark);
    await context.close();
  });
});

test.describe('every page in both themes', () => {
  const PAGES = [...PUBLIC_PAGES, '/search-article?query=security', '/signin', '/signup'];

  for (const scheme of ['light', 'dark'] as const) {
    test(`passes the axe scan in the ${scheme} theme`, async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      const articlePath = `/article/${article._id}`;
      await untilRenderedWhole(request, articlePath);
      for (const path of [...PAGES, articlePath, `/articles/${article._id}`]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await background(page), path).toBe(BACKGROUND[scheme]);
        await expectNoA11yViolations(page);
        const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        await page.screenshot({
          path: testInfo.outputPath(`${scheme}-${name}.png`),
          fullPage: true,
        });
      }
    });
  }

  test("the owner's dashboard passes the axe scan in the dark theme", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard');
    await page.waitForLoadState('networkidle');
    expect(await background(page)).toBe(BACKGROUND.dark);
    await expectNoA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath('dark-admin-dashboard.png'),
      fullPage: true,
    });
  });
});

test.describe("a code block's copy button", () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test("copies the block's exact text by mouse and by keyboard, and says so", async ({ page }) => {
    await page.goto(`/article/${article._id}`);
    const copy = page.locator('main').getByRole('button', { name: CODE_COPY_LABEL });
    await expect(copy).toHaveCount(2);
    const status = page.locator('main [role="status"]').first();

    await copy.first().click();
    await expect(status).toHaveText(CODE_COPIED_TEXT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);

    // By keyboard: the second block, then the first again after the clipboard changed.
    await copy.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('main [role="status"]').nth(1)).toHaveText(CODE_COPIED_TEXT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('plain');
    await copy.first().focus();
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    // The message goes after a while.
    await expect(status).toHaveText('', { timeout: 10_000 });
  });
});
