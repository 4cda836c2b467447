// The owner's inbox (issue "the owner runs the site from the dashboard", point 6): a message
// sent from the contact page is counted unread on the dashboard's Messages tab wherever the
// owner lands, can be archived (out of the inbox, kept), brought back and deleted for good.
import type { Page } from '@playwright/test';
import { DEV_ADMIN, expect, expectNoA11yViolations, signIn, siteConfig, test } from './fixtures';
import { DELETE_LABEL, TAB_MESSAGES } from '../remote-auth/src/texts';
import {
  ARCHIVE_BOX_LABEL,
  ARCHIVE_LABEL,
  INBOX_LABEL,
  MOVE_TO_INBOX_LABEL,
} from '../remote-auth/src/features/admin/admin-texts';

const main = (page: Page) => page.locator('main');

test('a message is counted unread, archived, brought back and deleted', async ({
  page,
  request,
}) => {
  const { apiBase } = await siteConfig(request);
  const sender = `Inbox E2E ${Date.now().toString(36)}`;
  const sent = await request.post(`${apiBase}/contact`, {
    data: { name: sender, email: 'inbox@example.test', message: 'Is the workshop still on?' },
  });
  expect(sent.status()).toBe(201);

  await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
  await page.goto('/admin-dashboard');
  // On the first tab already, the Messages tab says how many wait.
  const tab = page.getByRole('tab', { name: new RegExp(`^${TAB_MESSAGES} \\(\\d+ unread\\)$`) });
  await expect(tab).toBeVisible();
  await tab.click();
  const panel = page.getByRole('tabpanel');
  const item = panel.getByRole('listitem').filter({ hasText: sender });
  await expect(item).toBeVisible();
  await expectNoA11yViolations(page);

  await item.getByRole('button', { name: `${ARCHIVE_LABEL}: ${sender}` }).click();
  await expect(panel.getByText(sender)).toHaveCount(0);
  await panel.getByRole('button', { name: ARCHIVE_BOX_LABEL, exact: true }).click();
  const archived = panel.getByRole('listitem').filter({ hasText: sender });
  await expect(archived).toBeVisible();
  await archived.getByRole('button', { name: `${MOVE_TO_INBOX_LABEL}: ${sender}` }).click();
  await expect(panel.getByText(sender)).toHaveCount(0);

  await panel.getByRole('button', { name: INBOX_LABEL, exact: true }).click();
  const back = panel.getByRole('listitem').filter({ hasText: sender });
  await back.getByRole('button', { name: `${DELETE_LABEL}: ${sender}` }).click();
  const dialog = page.getByRole('dialog');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: DELETE_LABEL, exact: true }).click();
  await expect(panel.getByText(sender)).toHaveCount(0);
  // Gone for good: not in the archive either, nor in the API's answer.
  await panel.getByRole('button', { name: ARCHIVE_BOX_LABEL, exact: true }).click();
  await expect(panel.getByText(sender)).toHaveCount(0);
  await expect(main(page).getByRole('alert')).toHaveCount(0);
});
