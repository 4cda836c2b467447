// The header's layout from phone to desktop widths (issue 16): one row, 64 px high, labels on one
// line; the phone menu button shows a cross while the menu is open. Screenshots of each width go
// to the test's output folder for a look by eye.
import { expect, expectNoA11yViolations, mainNav, test } from './fixtures';
import { NAV_LINKS, SIGN_IN_LABEL, SIGN_UP_LABEL } from '../shell/src/texts';

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
