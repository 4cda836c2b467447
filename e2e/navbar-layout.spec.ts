// The header's layout from phone to desktop widths (issue 16): one row, 64 px high, labels on one
// line; the phone menu button shows a cross while the menu is open. Screenshots of each width go
// to the test's output folder for a look by eye.
import { DEV_ADMIN, expect, expectNoA11yViolations, mainNav, signIn, test } from './fixtures';
import { SITE_CONTROLS } from '@portfolio/shared/island-protocol';
import {
  ADMIN_DASHBOARD_NAV_LABEL,
  ADMIN_DASHBOARD_ROUTE,
  LOGOUT_LABEL,
  NAV_LINKS,
  SIGN_IN_LABEL,
  SIGN_UP_LABEL,
} from '@portfolio/shell/texts';

const NAVBAR_HEIGHT = 64;
/** Above this width the links are in the header's row; at or below it, in the phone menu. */
const PHONE_BREAKPOINT = 960;
const WIDTHS = [320, 390, 961, 980, 1005, 1024, 1280, 1440];

test.describe('navbar layout', () => {
  for (const width of WIDTHS) {
    test(`one row, ${NAVBAR_HEIGHT} px high, at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const header = page.locator('header').first();
      await expect(mainNav(page)).toBeVisible();
      expect((await header.boundingBox())?.height).toBe(NAVBAR_HEIGHT);
      if (width > PHONE_BREAKPOINT) {
        const items = [
          ...NAV_LINKS.map((link) =>
            mainNav(page).getByRole('link', { name: link.label, exact: true }),
          ),
          mainNav(page).getByRole('link', { name: SIGN_IN_LABEL, exact: true }),
          mainNav(page).getByRole('link', { name: SIGN_UP_LABEL, exact: true }),
        ];
        const boxes = await Promise.all(items.map((item) => item.boundingBox()));
        const first = boxes[0]!;
        for (const box of boxes) {
          // Same row, and each label on one line (no taller than the first link).
          expect(Math.abs(box!.y + box!.height / 2 - (first.y + first.height / 2))).toBeLessThan(2);
          expect(box!.height).toBeLessThanOrEqual(first.height + 6);
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        }
      }
      await page.screenshot({ path: testInfo.outputPath(`navbar-${width}.png`) });
    });
  }

  test("an admin's bar: the dashboard beside Logout, still one row", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    for (const width of [961, 1005, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/blog');
      const header = page.locator('header').first();
      const dashboard = mainNav(page).getByRole('link', { name: ADMIN_DASHBOARD_NAV_LABEL });
      await expect(dashboard).toBeVisible();
      expect((await header.boundingBox())?.height).toBe(NAVBAR_HEIGHT);
      const items = [
        ...NAV_LINKS.map((link) =>
          mainNav(page).getByRole('link', { name: link.label, exact: true }),
        ),
        dashboard,
        mainNav(page).getByRole('button', { name: LOGOUT_LABEL, exact: true }),
      ];
      const boxes = await Promise.all(items.map((item) => item.boundingBox()));
      const first = boxes[0]!;
      for (const box of boxes) {
        expect(Math.abs(box!.y + box!.height / 2 - (first.y + first.height / 2))).toBeLessThan(2);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      await page.screenshot({ path: testInfo.outputPath(`navbar-admin-${width}.png`) });
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await mainNav(page).getByRole('link', { name: ADMIN_DASHBOARD_NAV_LABEL }).click();
    await expect(page).toHaveURL(ADMIN_DASHBOARD_ROUTE);
    await page.screenshot({ path: testInfo.outputPath('navbar-admin-390-dashboard.png') });
  });

  // A first paint can come while the parser is still before the theme toggle, the row's last
  // item (the network's first chunk may end there): what is drawn then must not move when the
  // toggle arrives (a layout shift Lighthouse saw in about one load in twenty). The page cut
  // just before the toggle stands for that moment.
  for (const width of [390, 1005, 1440]) {
    test(`the row keeps its places before the theme toggle is parsed, at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const toggleAttribute = `${SITE_CONTROLS.attribute}="${SITE_CONTROLS.themeToggle}"`;
      const toggle = `[${toggleAttribute}]`;
      const html = await (await request.get('/blog')).text();
      const toggleAt = html.lastIndexOf('<button', html.indexOf(toggleAttribute));
      expect(toggleAt).toBeGreaterThan(0);
      // What stays in place: the menu button on a phone, the last of the actions on a laptop.
      const lastBeforeToggle =
        width > PHONE_BREAKPOINT
          ? mainNav(page).getByRole('link', { name: SIGN_UP_LABEL, exact: true })
          : page.getByRole('button', { name: 'Menu' });
      await page.route('**/blog?cut', (route) =>
        route.fulfill({ contentType: 'text/html', body: html.slice(0, toggleAt) }),
      );
      await page.goto('/blog?cut');
      await expect(page.locator(toggle)).toHaveCount(0);
      const before = await lastBeforeToggle.boundingBox();
      await page.goto('/blog');
      await expect(page.locator(toggle)).toHaveCount(1);
      expect(await lastBeforeToggle.boundingBox()).toEqual(before);
    });
  }

  test('the phone menu button shows a cross while the menu is open', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const bar = (pseudo: '::before' | '::after') =>
      toggle
        .locator('[data-icon]')
        .evaluate((element, which) => getComputedStyle(element, which).transform, pseudo);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await bar('::before')).toBe('none');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle.locator('[data-icon]')).toHaveAttribute('data-icon', 'close');
    expect(await bar('::before')).not.toBe('none');
    expect(await bar('::after')).not.toBe('none');
    await expect(mainNav(page).getByRole('link', { name: 'Store', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('navbar-390-menu-open.png') });
    await expectNoA11yViolations(page);
    await toggle.click();
    await expect(toggle.locator('[data-icon]')).toHaveAttribute('data-icon', 'menu');
  });
});
