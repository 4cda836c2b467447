// The newsletter's durable queue (docs/decisions/206) across a real restart of the content API,
// on a phone and a laptop: the owner imports a list of subscribers in the dashboard's
// Subscribers tab (docs/decisions/215) and sends an article to them; while the mails go out the
// API is stopped with SIGTERM and started again (support/restart-process.mjs, through the API
// gate); the send goes on where it stopped, and the mail catcher holds one mail per address,
// none twice. A fault spec: it stops the API every page uses, so it runs alone, after the others.
import { waitForMail, caughtMails } from '@portfolio/tools/mail-catcher';
import type { NewsletterSend } from '@portfolio/contract';
import {
  CONFIRM_SEND_LABEL,
  IMPORT_SUBSCRIBERS_LABEL,
  SEND_LABEL,
  importSummary,
  sendNewsletterLabel,
} from '@portfolio/remote-auth/newsletter-texts';
import { SEARCH_ARTICLES_LABEL } from '@portfolio/remote-auth/admin-texts';
import {
  API_GATE_ORIGIN,
  DEV_ADMIN,
  EXTERNAL_STACK,
  adminApi,
  createArticle,
  expect,
  expectNoA11yViolations,
  newLivePage,
  removeArticle,
  signIn,
  test,
} from '../fixtures';

const MAIL_WEB_PORT = Number(process.env.MAIL_WEB_PORT ?? 1080);
/** Enough for the send to take several seconds at the sender's pace (about 50 mails a second). */
const SUBSCRIBERS = 300;

test.skip(EXTERNAL_STACK, 'restarts the API of the browser specs’ own stack');

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const) {
  test(`${device}: a restart of the API during a send delivers each mail once`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const run = `restart-${device}-${Date.now().toString(36)}`;
    const addresses = Array.from({ length: SUBSCRIBERS }, (_, n) => `${run}-${n}@example.test`);
    const article = await createArticle(request, {
      title: `Restart ${device} ${Date.now().toString(36)}`,
      content: 'Sent across a restart.',
      createdAt: '1998-05-01T00:00:00.000Z',
    });
    const { apiBase, headers } = await adminApi(request);
    try {
      const context = await browser.newContext({ viewport });
      const page = await newLivePage(context);
      await signIn(page, 'owner', DEV_ADMIN.email, DEV_ADMIN.password);
      const main = page.locator('main');

      // The owner imports the list: every address new, so every one confirmed.
      await page.goto('/admin-dashboard?tab=subscribers');
      // A file chosen before the page is live would go unseen (a page of this context: no
      // fixture waits for it).
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await main.getByLabel(IMPORT_SUBSCRIBERS_LABEL).setInputFiles({
        name: `${run}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(['email', ...addresses].join('\n')),
      });
      await expect(
        main
          .getByRole('status')
          .getByText(
            importSummary({ imported: SUBSCRIBERS, skipped: 0, invalidCount: 0, invalid: [] }),
          ),
      ).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `test-results/newsletter-${device}-imported.png` });

      // Sent from the Articles tab, as the owner sends any article.
      await page.goto('/admin-dashboard?tab=articles');
      await main.getByLabel(SEARCH_ARTICLES_LABEL, { exact: true }).fill(article.title);
      await main.getByRole('button', { name: sendNewsletterLabel(article.title) }).click();
      await page
        .getByRole('dialog', { name: CONFIRM_SEND_LABEL })
        .getByRole('button', { name: SEND_LABEL, exact: true })
        .click();
      await expect(main.getByText(/^Sending to \d+ subscribers?\.$/)).toBeVisible();

      // Under way: some out, most still waiting. Then a real stop and start of the API.
      const progress = async (): Promise<NewsletterSend> => {
        const response = await request.get(`${apiBase}/newsletter/sends`, { headers });
        const sends = (await response.json()) as NewsletterSend[];
        const ours = sends.find((send) => send.articleId === article._id);
        if (!ours) throw new Error('the send is not listed');
        return ours;
      };
      await expect
        .poll(async () => (await progress()).sent, { intervals: [50] })
        .toBeGreaterThan(20);
      const restarted = await request.post(`${API_GATE_ORIGIN}/__restart`, { timeout: 60_000 });
      expect(restarted.status(), await restarted.text()).toBe(200);
      const after = await progress();
      // The restart came mid-send: mails were still waiting when the API came back.
      expect(after.waiting).toBeGreaterThan(0);

      // The dashboard follows it to the end: nothing waiting, nothing failed.
      await page.goto('/admin-dashboard?tab=subscribers');
      const row = main
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: article.title }) });
      await expect(row).toBeVisible();
      await expect
        .poll(
          async () => {
            const { waiting, failed } = await progress();
            return { waiting, failed };
          },
          { timeout: 90_000 },
        )
        .toEqual({ waiting: 0, failed: 0 });
      await page.reload();
      await expect(row).toContainText(String((await progress()).sent));
      await page.screenshot({
        path: `test-results/newsletter-${device}-after-restart.png`,
        fullPage: true,
      });

      // Each imported address has the article once: none missing, none twice.
      const last = addresses.at(-1) ?? '';
      await waitForMail(
        MAIL_WEB_PORT,
        (mail) => mail.subject === article.title && mail.to.some((to) => to.address === last),
        30_000,
      );
      const received = new Map<string, number>();
      for (const mail of await caughtMails(MAIL_WEB_PORT)) {
        if (mail.subject !== article.title) continue;
        for (const { address } of mail.to) received.set(address, (received.get(address) ?? 0) + 1);
      }
      expect(addresses.filter((address) => received.get(address) !== 1)).toEqual([]);
      expect([...received.values()].filter((count) => count > 1)).toEqual([]);
      await context.close();
    } finally {
      await removeArticle(request, article);
      // The list goes: later specs' sends reach only their own subscribers.
      for (;;) {
        const listed = await request.get(
          `${apiBase}/newsletter/subscribers?limit=200&query=${encodeURIComponent(run)}`,
          { headers },
        );
        const rows = (await listed.json()) as { _id: string }[];
        if (!listed.ok() || rows.length === 0) break;
        for (const { _id } of rows) {
          await request.delete(`${apiBase}/newsletter/subscribers/${_id}`, { headers });
        }
      }
    }
  });
}
