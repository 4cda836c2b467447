// Work never lost in the editor (docs/decisions/140): what the owner types is kept in this
// browser a moment after the last key; after a reload (or a crash) the editor offers it back and
// Restore puts it in the fields; leaving by one of the site's links asks first, and so does
// closing the tab. Nothing is saved to the API: the spec's article exists only in the browser.
import type { Dialog, Page } from '@playwright/test';
import { DEV_ADMIN, expect, expectNoA11yViolations, signIn, test } from './fixtures';
import { NAV_LINKS } from '@portfolio/shell/texts';
import {
  CANCEL_LABEL,
  CONTENT_LABEL,
  NEW_ARTICLE_LABEL,
  TITLE_LABEL,
  newOrEditTitle,
} from '@portfolio/remote-auth/texts';
import { AUTOSAVE_DELAY_MS } from '@portfolio/remote-auth/unsaved-work';
import {
  DISCARD_UNSAVED_CONFIRM,
  LEAVE_UNSAVED_CONFIRM,
  RECOVERED_LABEL,
  RESTORE_UNSAVED_LABEL,
} from '@portfolio/remote-auth/admin-texts';

const main = (page: Page) => page.locator('main');
const BLOG = NAV_LINKS.find((link) => link.to === '/blog')?.label ?? 'Blog';
const editor = (page: Page) =>
  main(page).getByRole('form', { name: newOrEditTitle('article', false) });

test('typed work comes back after a reload, and leaving with it asks first', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Kept in the browser ${Date.now().toString(36)}`;
  const content = 'A draft that was never saved, typed just before the tab went away.';
  await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
  await page.goto('/admin-dashboard?tab=articles');
  await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
  await editor(page).getByLabel(TITLE_LABEL, { exact: true }).fill(title);
  await editor(page).getByLabel(CONTENT_LABEL).fill(content);

  // A navbar link asks before the work is thrown away; Cancel stays, with the text.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('banner').getByRole('link', { name: BLOG, exact: true }).click();
  expect(asked).toEqual([LEAVE_UNSAVED_CONFIRM]);
  await expect(page).toHaveURL(/\/admin-dashboard/);
  await expect(editor(page).getByLabel(TITLE_LABEL, { exact: true })).toHaveValue(title);

  // Kept a moment after the last key; then the tab "crashes": a reload without saving.
  await page.waitForTimeout(AUTOSAVE_DELAY_MS + 1_000);
  // Closing or reloading the tab with unsaved work asks the browser's own question.
  const unloadAsked: string[] = [];
  const onUnload = (dialog: Dialog) => {
    unloadAsked.push(dialog.type());
    void dialog.accept();
  };
  page.on('dialog', onUnload);
  await page.reload();
  page.off('dialog', onUnload);
  expect(unloadAsked).toEqual(['beforeunload']);
  await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
  const offer = main(page).getByRole('region', { name: RECOVERED_LABEL });
  await expect(offer).toBeVisible();
  await expectNoA11yViolations(page);
  await offer.getByRole('button', { name: RESTORE_UNSAVED_LABEL }).click();
  await expect(editor(page).getByLabel(TITLE_LABEL, { exact: true })).toHaveValue(title);
  await expect(editor(page).getByLabel(CONTENT_LABEL)).toHaveValue(content);
  await expect(offer).toHaveCount(0);

  // Throw it away for good: Cancel asks, and the next editor offers nothing.
  const discard: string[] = [];
  page.once('dialog', (dialog) => {
    discard.push(dialog.message());
    void dialog.accept();
  });
  await editor(page).getByRole('button', { name: CANCEL_LABEL }).click();
  expect(discard).toEqual([DISCARD_UNSAVED_CONFIRM]);
  await expect(editor(page)).toHaveCount(0);
  await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
  await expect(editor(page)).toBeVisible();
  await expect(main(page).getByRole('region', { name: RECOVERED_LABEL })).toHaveCount(0);
});
