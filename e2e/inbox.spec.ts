// The owner's inbox (issue "the owner runs the site from the dashboard", point 6): a message
// sent from the contact page is counted unread on the dashboard's Messages tab wherever the
// owner lands, can be archived (out of the inbox, kept), brought back and deleted for good;
// messages are searched and handled several at once, and the owner can be e-mailed each new one
// (docs/decisions/144).
import type { Page } from '@playwright/test';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  idTokenFor,
  signIn,
  siteConfig,
  test,
} from './fixtures';
import { startSmtpSink } from '@portfolio/content-api/testing/smtp-sink';
import { DELETE_LABEL, NO_MESSAGES, TAB_MESSAGES } from '@portfolio/remote-auth/texts';
import {
  ARCHIVE_BOX_LABEL,
  ARCHIVE_LABEL,
  ARCHIVE_SELECTED_LABEL,
  DELETE_SELECTED_LABEL,
  INBOX_LABEL,
  MOVE_TO_INBOX_LABEL,
  NO_MESSAGE_MATCHES,
  SEARCH_MESSAGES_LABEL,
  SELECTED_ACTIONS_LABEL,
  SELECT_PAGE_LABEL,
  bulkNotice,
  selectMessageLabel,
} from '@portfolio/remote-auth/admin-texts';
import {
  EMAIL_FROM_LABEL,
  EMAIL_NOTIFY_LABEL,
  EMAIL_TO_LABEL,
  NOTIFICATIONS_HEADING,
  NOTIFICATIONS_SAVED,
  SAVE_NOTIFICATIONS_LABEL,
  SMTP_HOST_LABEL,
  SMTP_PORT_LABEL,
} from '@portfolio/remote-auth/notification-texts';

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

test('messages are searched and handled several at once; a new one is e-mailed to the owner', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { apiBase } = await siteConfig(request);
  const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const marker = `bulk${Date.now().toString(36)}`;
  // The SMTP server the owner's notifications go to: this test's own, on loopback.
  const smtp = await startSmtpSink();
  try {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=messages');
    const panel = page.getByRole('tabpanel');

    // The owner asks to be e-mailed each new message (once the browser has the page: the box
    // it loads says so).
    await expect(
      panel.getByRole('group', { name: SELECTED_ACTIONS_LABEL }).or(panel.getByText(NO_MESSAGES)),
    ).toBeVisible();
    await panel.getByRole('button', { name: NOTIFICATIONS_HEADING }).click();
    await panel.getByLabel(EMAIL_NOTIFY_LABEL).check();
    await panel.getByLabel(EMAIL_TO_LABEL).fill('owner@example.test');
    await panel.getByLabel(EMAIL_FROM_LABEL).fill('site@example.test');
    await panel.getByLabel(SMTP_HOST_LABEL).fill('127.0.0.1');
    await panel.getByLabel(SMTP_PORT_LABEL, { exact: true }).fill(String(smtp.port));
    await panel.getByRole('button', { name: SAVE_NOTIFICATIONS_LABEL }).click();
    await expect(panel.getByText(NOTIFICATIONS_SAVED)).toBeVisible();
    await expectNoA11yViolations(page);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/inbox-notifications-laptop.png`,
        fullPage: true,
      });
    }

    // Three messages arrive; the first is e-mailed, Reply-To its sender.
    for (const [index, text] of [
      'about the workshop',
      'a question',
      'the workshop again',
    ].entries()) {
      const sent = await request.post(`${apiBase}/contact`, {
        data: {
          name: `Sender ${index} ${marker}`,
          email: `s${index}@example.test`,
          message: `${marker}: ${text}`,
        },
      });
      expect(sent.status()).toBe(201);
    }
    // (Other specs' messages may be e-mailed meanwhile too: this test's are found by its marker.)
    const ours = () => smtp.received.filter((received) => received.data.includes(marker));
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(3);
    const mail = ours().find((received) => received.data.includes(`Sender 0 ${marker}`));
    expect(mail?.to).toEqual(['owner@example.test']);
    expect(mail?.data).toMatch(new RegExp(`^Subject: New message from Sender 0 ${marker}$`, 'm'));
    expect(mail?.data).toMatch(/^Reply-To: .*<s0@example\.test>$/m);

    // Found by the search, two selected and archived in one go.
    await page.reload();
    // The list is the browser's (after hydration): typed before it, the search would be reset.
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await panel.getByLabel(SEARCH_MESSAGES_LABEL).fill(`${marker}: the workshop`);
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await panel.getByLabel(SEARCH_MESSAGES_LABEL).fill(marker);
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await panel.getByRole('checkbox', { name: selectMessageLabel(`Sender 0 ${marker}`) }).check();
    await panel.getByRole('checkbox', { name: selectMessageLabel(`Sender 2 ${marker}`) }).check();
    await expectNoA11yViolations(page);
    await panel.getByRole('button', { name: ARCHIVE_SELECTED_LABEL }).click();
    await expect(panel.getByText(bulkNotice('archive', 2))).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(1);

    // The archive: both there; selected together and deleted after one confirmation.
    await panel.getByRole('button', { name: ARCHIVE_BOX_LABEL, exact: true }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('checkbox', { name: SELECT_PAGE_LABEL }).check();
    await panel.getByRole('button', { name: DELETE_SELECTED_LABEL }).click();
    await page.getByRole('dialog').getByRole('button', { name: DELETE_LABEL, exact: true }).click();
    await expect(panel.getByText(bulkNotice('delete', 2))).toBeVisible();
    await expect(panel.getByText(NO_MESSAGE_MATCHES)).toBeVisible();

    // On a phone, the tab's actions stay in reach, nothing scrolls sideways.
    await panel.getByRole('button', { name: INBOX_LABEL, exact: true }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('checkbox', { name: SELECT_PAGE_LABEL }).check();
    await expect(panel.getByRole('button', { name: DELETE_SELECTED_LABEL })).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/inbox-phone.png`,
        fullPage: true,
      });
    }
    await panel.getByRole('button', { name: DELETE_SELECTED_LABEL }).click();
    await page.getByRole('dialog').getByRole('button', { name: DELETE_LABEL, exact: true }).click();
    await expect(panel.getByText(NO_MESSAGE_MATCHES)).toBeVisible();
  } finally {
    await request.put(`${apiBase}/contact/notifications`, {
      headers,
      data: { webhookUrl: null, email: null },
    });
    await smtp.close();
  }
});
