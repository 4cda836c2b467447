// The newsletter and a member's own data (docs/decisions/206, 207) over the composed production
// site and its mail catcher (MailDev, docs/decisions/205), on a phone and a laptop: a visitor
// subscribes from an article, confirms from the mail the catcher caught, receives an article the
// owner sends, and unsubscribes with one POST to its List-Unsubscribe address; a member
// subscribes with one click, downloads their data and deletes their account.
import { readFile } from 'node:fs/promises';
import { NEWSLETTER_FORM, NEWSLETTER_MESSAGES, MEMBER_DATA_MESSAGES } from '@portfolio/contract';
import type { MemberExport } from '@portfolio/contract';
import { waitForMail } from '@portfolio/tools/mail-catcher';
import type { CaughtMail } from '@portfolio/tools/mail-catcher';
import {
  DELETE_ACCOUNT_CONFIRM,
  DELETE_ACCOUNT_LABEL,
  EXPORT_DATA_LABEL,
  MEMBER_NEWSLETTER_HEADING,
  MEMBER_SUBSCRIBE_LABEL,
  SIGN_IN_SUBMIT,
  SIGN_UP_SUBMIT,
  memberNewsletterPending,
} from '@portfolio/remote-auth/texts';
import {
  CONFIRM_SEND_LABEL,
  SEARCH_SUBSCRIBERS_LABEL,
  SEND_LABEL,
  TAB_SUBSCRIBERS,
  WHEN_PUBLISHED,
  cancelSendLabel,
  sendNewsletterLabel,
  sendWhenPublishedLabel,
} from '@portfolio/remote-auth/newsletter-texts';
import { NEWSLETTER_WHEN_PUBLISHED_MESSAGE } from '@portfolio/contract';
import { SEARCH_ARTICLES_LABEL } from '@portfolio/remote-auth/admin-texts';
import {
  DEV_ADMIN,
  EXTERNAL_STACK,
  adminApi,
  createArticle,
  removeArticle,
  expect,
  expectNoA11yViolations,
  fillCredentials,
  googleIdTokenFor,
  newLivePage,
  signIn,
  test,
  uniqueEmail,
  untilRenderedWhole,
} from './fixtures';
import type { SpecArticle } from './fixtures';

const MAIL_WEB_PORT = Number(process.env.MAIL_WEB_PORT ?? 1080);
const PASSWORD = 'e2e-password-123';

/** The path and query of the first link to `path` in a mail (its host is the site's address). */
function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(`https?://[^/\\s"]+(/api${path}\\?token=[A-Za-z0-9._%-]+)`).exec(
    `${mail.text ?? ''}\n${mail.html ?? ''}`,
  );
  if (!match?.[1]) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[1];
}

const to = (address: string) => (mail: CaughtMail) =>
  mail.to.some((recipient) => recipient.address.toLowerCase() === address.toLowerCase());

test.skip(EXTERNAL_STACK, 'reads the mail catcher the browser specs’ own stack runs');

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const) {
  test.describe(`${device}: newsletter`, () => {
    let article: SpecArticle;

    test.beforeAll(async ({ request }) => {
      article = await createArticle(request, {
        title: `Newsletter ${device} ${Date.now().toString(36)}`,
        content: 'What the **newsletter** carries.\n\n## A heading\n\nAnd a [link](/about).',
        createdAt: '1998-03-01T00:00:00.000Z',
      });
    });

    test.afterAll(({ request }) => removeArticle(request, article));

    test('a visitor subscribes from an article, confirms, gets an article, unsubscribes in one POST', async ({
      browser,
      request,
    }) => {
      const email = uniqueEmail(`letter-${device}`);
      const path = `/article/${article.slug}`;
      await untilRenderedWhole(request, path);
      const context = await browser.newContext({ viewport });
      const page = await newLivePage(context);
      await page.goto(path);
      const form = page.getByRole('region', { name: NEWSLETTER_FORM.heading }).first();
      // Typed before the island wakes (its first touch wakes it): nothing is lost.
      await form.getByLabel(NEWSLETTER_FORM.emailLabel).fill(email);
      await form.getByRole('button', { name: NEWSLETTER_FORM.submit }).click();
      await expect(form.getByText(NEWSLETTER_MESSAGES.checkInbox)).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `test-results/newsletter-${device}-subscribed.png` });

      // The confirmation, from the catcher: opening its link changes nothing, its button does.
      const confirmation = await waitForMail(MAIL_WEB_PORT, to(email), 20_000);
      expect(confirmation.subject).toMatch(/^Confirm your subscription/);
      await page.goto(linkIn(confirmation, '/newsletter/confirm'));
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `test-results/newsletter-${device}-confirm.png` });
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page.getByText(NEWSLETTER_MESSAGES.confirmed)).toBeVisible();
      await context.close();

      // The owner sends the article; it arrives once, with one-click unsubscribe.
      const { apiBase, headers } = await adminApi(request);
      const sent = await request.post(`${apiBase}/articles/${article._id}/newsletter`, { headers });
      expect(sent.status()).toBe(202);
      const letter = await waitForMail(
        MAIL_WEB_PORT,
        (mail) => to(email)(mail) && mail.subject === article.title,
        30_000,
      );
      expect(letter.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(letter.html).toContain('?ref=newsletter');
      expect(letter.text).toContain('Unsubscribe with one click');
      const unsubscribe = String(letter.headers['list-unsubscribe']).replace(/^<|>$/g, '');
      expect(new URL(unsubscribe).pathname).toBe('/api/newsletter/unsubscribe');

      // One POST, as a mail program sends it: unsubscribed at once, without signing in.
      const { pathname, search } = new URL(unsubscribe);
      const gone = await request.post(`${pathname}${search}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(gone.status()).toBe(200);
      const list = await request.get(
        `${apiBase}/newsletter/subscribers?query=${encodeURIComponent(email)}`,
        { headers },
      );
      expect(await list.json()).toEqual([]);
    });

    test('the owner sends the article from the dashboard and follows it in the Subscribers tab', async ({
      browser,
      request,
    }) => {
      // A confirmed subscriber for it to reach: a member whose address Google verified.
      const email = uniqueEmail(`owner-send-${device}`);
      const { apiBase } = await adminApi(request);
      const member = await googleIdTokenFor(request, { name: 'Reader', email });
      const subscribed = await request.put(`${apiBase}/newsletter/me`, {
        headers: { authorization: `Bearer ${member}` },
      });
      expect((await subscribed.json()).status).toBe('confirmed');

      const context = await browser.newContext({ viewport });
      const page = await newLivePage(context);
      await signIn(page, 'owner', DEV_ADMIN.email, DEV_ADMIN.password);
      await page.goto('/admin-dashboard?tab=articles');
      const main = page.locator('main');
      await main.getByLabel(SEARCH_ARTICLES_LABEL, { exact: true }).fill(article.title);
      await main.getByRole('button', { name: sendNewsletterLabel(article.title) }).click();
      const dialog = page.getByRole('dialog', { name: CONFIRM_SEND_LABEL });
      await expect(dialog).toContainText(article.title);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `test-results/newsletter-${device}-send.png` });
      await dialog.getByRole('button', { name: SEND_LABEL, exact: true }).click();
      await expect(main.getByText(/^Sending to \d+ subscribers?\.$/)).toBeVisible();
      await waitForMail(
        MAIL_WEB_PORT,
        (mail) => to(email)(mail) && mail.subject === article.title,
        30_000,
      );

      await page.goto('/admin-dashboard?tab=subscribers');
      await expect(
        page.getByRole('tab', { name: new RegExp(`^${TAB_SUBSCRIBERS}`) }),
      ).toBeVisible();
      await main.getByLabel(SEARCH_SUBSCRIBERS_LABEL).fill(email);
      await expect(main.getByText(email.toLowerCase())).toBeVisible();
      // The newsletters sent: a row per article, headed by its title.
      await expect(main.getByRole('rowheader', { name: article.title })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({
        path: `test-results/newsletter-${device}-subscribers.png`,
        fullPage: true,
      });
      await context.close();
    });

    test('a member subscribes with one click, downloads their data and deletes the account', async ({
      browser,
    }) => {
      const email = uniqueEmail(`member-${device}`);
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      const page = await newLivePage(context);
      await page.goto('/signup');
      await fillCredentials(page, `member-${device}`, email, PASSWORD);
      await page.locator('main').getByRole('button', { name: SIGN_UP_SUBMIT }).click();
      await expect(page).toHaveURL('/welcome');
      await page.goto('/user-dashboard');

      // An address no provider verified: a confirmation mail, like anyone's.
      // The member's own section (the footer has the visitors' form, with a Subscribe of its own).
      const own = page.getByRole('region', { name: MEMBER_NEWSLETTER_HEADING });
      await own.getByRole('button', { name: MEMBER_SUBSCRIBE_LABEL }).click();
      await expect(own.getByText(memberNewsletterPending(email.toLowerCase()))).toBeVisible();
      await waitForMail(MAIL_WEB_PORT, to(email), 20_000);
      await expectNoA11yViolations(page);
      await page.screenshot({
        path: `test-results/member-${device}-dashboard.png`,
        fullPage: true,
      });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: EXPORT_DATA_LABEL }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('my-data.json');
      const data = JSON.parse(await readFile(await download.path(), 'utf8')) as MemberExport;
      expect(data.account.email).toBe(email.toLowerCase());
      expect(data.subscription).toMatchObject({ subscribed: true, status: 'pending' });

      await page.getByRole('button', { name: DELETE_ACCOUNT_LABEL }).click();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: DELETE_ACCOUNT_CONFIRM }).click();
      await expect(page.getByRole('status').getByText(MEMBER_DATA_MESSAGES.deleted)).toBeVisible();
      await page.screenshot({ path: `test-results/member-${device}-deleted.png` });

      // The account is gone: signing in with it is refused.
      await page.goto('/signin');
      await fillCredentials(page, `member-${device}`, email, PASSWORD);
      await page.locator('main').getByRole('button', { name: SIGN_IN_SUBMIT, exact: true }).click();
      await expect(page).toHaveURL(/\/signin/);
      await context.close();
    });
  });
}

test('the owner has a draft sent when it is published: listed as waiting, mailed once it is out', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('on-publication');
  const { apiBase, headers } = await adminApi(request);
  const member = await googleIdTokenFor(request, { name: 'Early reader', email });
  await request.put(`${apiBase}/newsletter/me`, { headers: { authorization: `Bearer ${member}` } });
  const created = await request.post(`${apiBase}/articles`, {
    headers,
    data: {
      title: `On publication ${Date.now().toString(36)}`,
      content: 'Out when it is ready.',
      createdAt: '1998-04-01T00:00:00.000Z',
      status: 'draft',
    },
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as SpecArticle;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await newLivePage(context);
    await signIn(page, 'owner', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    const main = page.locator('main');
    await main.getByLabel(SEARCH_ARTICLES_LABEL, { exact: true }).fill(draft.title);
    await main.getByRole('button', { name: sendWhenPublishedLabel(draft.title) }).click();
    const dialog = page.getByRole('dialog', { name: CONFIRM_SEND_LABEL });
    await dialog.getByRole('button', { name: SEND_LABEL, exact: true }).click();
    await expect(main.getByText(NEWSLETTER_WHEN_PUBLISHED_MESSAGE)).toBeVisible();

    await page.goto('/admin-dashboard?tab=subscribers');
    const row = main
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: draft.title }) });
    await expect(row).toContainText(WHEN_PUBLISHED);
    await expect(row.getByRole('button', { name: cancelSendLabel(draft.title) })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.screenshot({ path: 'test-results/newsletter-when-published.png', fullPage: true });

    // Published: within a look of the sender at its queue, the subscriber has it.
    const published = await request.patch(`${apiBase}/articles/${draft._id}`, {
      headers,
      data: { status: 'published' },
    });
    expect(published.status()).toBe(200);
    await waitForMail(
      MAIL_WEB_PORT,
      (mail) => to(email)(mail) && mail.subject === draft.title,
      30_000,
    );
    await page.reload();
    await expect(row).not.toContainText(WHEN_PUBLISHED);
    await context.close();
  } finally {
    await removeArticle(request, draft);
  }
});
