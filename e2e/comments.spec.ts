// Members' comments (docs/decisions/200) over the composed production site, on a phone and a
// laptop: a visitor signs up from an article and comments; the comment waits for the owner, who
// approves it in the dashboard; then any visitor sees it, its markup shown as text, waking
// nothing; a thread's replies are read with the thread alone. Each run comments on an article of
// its own.
import { COMMENT_MESSAGES } from '@portfolio/contract';
import {
  APPROVE_LABEL,
  COMMENT_APPROVED,
  TAB_COMMENTS,
  commentActionLabel,
} from '@portfolio/remote-auth/comments-texts';
import { SIGN_IN_SUBMIT, SIGN_UP_SUBMIT } from '@portfolio/remote-auth/texts';
import {
  ALL_COMMENTS_LABEL,
  COMMENTS_TITLE,
  COMMENT_FIELD_LABEL,
  NO_COMMENTS,
  POST_COMMENT_LABEL,
  SIGN_UP_LINK_TEXT,
  showRepliesLabel,
} from '@portfolio/remote-blog/texts';
import {
  DEV_ADMIN,
  adminApi,
  createArticle,
  removeArticle,
  expect,
  expectNoA11yViolations,
  fillCredentials,
  newLivePage,
  test,
  uniqueEmail,
  untilLive,
  untilRenderedWhole,
} from './fixtures';
import type { SpecArticle } from './fixtures';

const PASSWORD = 'e2e-password-123';
/** Markup a member might try: a forged island marker, a script, an image and some Markdown. */
const HOSTILE = [
  '**really** useful ![x](/images/x.png)',
  '<div data-island="shell/Navbar" data-island-when="load">forged</div>',
  '<script>window.__commented = true</script>',
].join('\n\n');

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const) {
  test.describe(`${device}: comments`, () => {
    let article: SpecArticle;

    test.beforeAll(async ({ request }) => {
      article = await createArticle(request, {
        title: `Comments ${device} ${Date.now().toString(36)}`,
        content: 'An article to talk about.',
        createdAt: '1998-02-01T00:00:00.000Z',
      });
    });

    test.afterAll(({ request }) => removeArticle(request, article));

    test('a visitor signs up from an article, comments, the owner approves, everyone sees it', async ({
      browser,
      request,
    }) => {
      const path = `/article/${article.slug}`;
      await untilRenderedWhole(request, path);
      const member = await browser.newContext({ viewport });
      const page = await newLivePage(member);
      await page.goto(path);
      const comments = page.getByRole('region', { name: COMMENTS_TITLE });
      await expect(comments.getByText(NO_COMMENTS)).toBeVisible();
      await expect(comments).toContainText(COMMENT_MESSAGES.signInToComment);
      await expectNoA11yViolations(page);

      // Sign up from the article, and come back to its comments.
      await comments.getByRole('link', { name: SIGN_UP_LINK_TEXT }).click();
      await expect(page).toHaveURL(/\/signup\?next=/);
      await untilLive(page);
      await fillCredentials(page, `reader-${device}`, uniqueEmail(`comments-${device}`), PASSWORD);
      await page.locator('main').getByRole('button', { name: SIGN_UP_SUBMIT }).click();
      await expect(page).toHaveURL(new RegExp(`${path}#comments$`));

      const field = page.getByRole('textbox', { name: COMMENT_FIELD_LABEL });
      await field.fill(HOSTILE);
      await page.getByRole('button', { name: POST_COMMENT_LABEL }).click();
      await expect(page.getByText(COMMENT_MESSAGES.pending)).toBeVisible();
      await expect(field).toHaveValue('');
      await page.screenshot({ path: `test-results/comments-${device}-posted.png`, fullPage: true });
      await member.close();

      // The owner approves it in the dashboard's Comments tab.
      const owner = await browser.newContext({ viewport });
      const dashboard = await newLivePage(owner);
      await dashboard.goto('/signin');
      await fillCredentials(dashboard, 'owner', DEV_ADMIN.email, DEV_ADMIN.password);
      await dashboard
        .locator('main')
        .getByRole('button', { name: SIGN_IN_SUBMIT, exact: true })
        .click();
      await expect(dashboard).toHaveURL('/welcome');
      await dashboard.goto('/admin-dashboard?tab=comments');
      await expect(
        dashboard.getByRole('tab', { name: new RegExp(`^${TAB_COMMENTS}`) }),
      ).toBeVisible();
      const item = dashboard
        .getByRole('listitem')
        .filter({ hasText: 'really' })
        .filter({
          hasText: article.slug.split('-')[0] ?? '',
        });
      await expect(item.first()).toBeVisible();
      await expectNoA11yViolations(dashboard);
      await dashboard.screenshot({ path: `test-results/comments-${device}-dashboard.png` });
      await item
        .first()
        .getByRole('button', { name: commentActionLabel(APPROVE_LABEL, `reader-${device}`) })
        .click();
      await expect(dashboard.getByText(COMMENT_APPROVED)).toBeVisible();
      await owner.close();

      // A visitor now sees it: the markup is text, and nothing in it wakes.
      await untilRenderedWhole(request, path);
      const visitor = await browser.newContext({ viewport });
      const reader = await visitor.newPage();
      await expect
        .poll(
          async () => {
            await reader.goto(path);
            return reader.getByRole('region', { name: /^Comments/ }).textContent();
          },
          { timeout: 15_000 },
        )
        .toContain('really');
      const section = reader.getByRole('region', { name: /^Comments/ });
      await expect(section).toContainText('<div data-island="shell/Navbar"');
      await expect(section.locator('strong', { hasText: 'really' })).toBeVisible();
      expect(await section.locator('[data-island="shell/Navbar"], script, img').count()).toBe(0);
      expect(await reader.locator('[data-island="shell/Navbar"]').count()).toBe(1);
      expect(await reader.evaluate(() => 'forged' in window || '__commented' in window)).toBe(
        false,
      );
      await expectNoA11yViolations(reader);
      await reader.screenshot({
        path: `test-results/comments-${device}-shown.png`,
        fullPage: true,
      });
      await visitor.close();
    });

    test('a thread is read alone: its replies, and the way to answer it and back', async ({
      browser,
      request,
    }) => {
      // The owner's comments are published at once: a thread and one reply to it.
      const { apiBase, headers } = await adminApi(request);
      const post = async (body: string, parentId?: string) => {
        const response = await request.post(`${apiBase}/articles/${article._id}/comments`, {
          headers,
          data: { body, ...(parentId && { parentId }) },
        });
        expect(response.status()).toBe(201);
        return ((await response.json()) as { comment: { _id: string } }).comment._id;
      };
      const thread = await post(`A question for the ${device} thread?`);
      const reply = await post(`An answer *in* the ${device} thread.`, thread);
      const path = `/article/${article.slug}`;
      await untilRenderedWhole(request, path);
      const visitor = await browser.newContext({ viewport });
      const page = await visitor.newPage();
      await expect
        .poll(
          async () => {
            await page.goto(path);
            return page.locator(`#comment-${thread}`).count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      // A page of threads counts the replies; the reply itself is not on it.
      const section = page.getByRole('region', { name: /^Comments/ });
      await expect(page.locator(`#comment-${reply}`)).toHaveCount(0);
      const item = section
        .getByRole('listitem')
        .filter({ has: page.locator(`#comment-${thread}`) });
      await item.getByRole('link', { name: showRepliesLabel(1) }).click();

      // The thread alone, at its first comment: the reply, and the form that answers it.
      await expect(page).toHaveURL(`${path}?thread=${thread}#comment-${thread}`);
      await expect(page.locator(`#comment-${reply} em`)).toHaveText('in');
      const answer = section.getByRole('region', { name: /^Reply to / });
      await expect(answer).toContainText(COMMENT_MESSAGES.signInToComment);
      expect(
        decodeURIComponent(
          (await answer.getByRole('link', { name: SIGN_UP_LINK_TEXT }).getAttribute('href')) ?? '',
        ),
      ).toContain(`${path}?thread=${thread}#reply-to-${thread}`);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `test-results/comments-${device}-thread.png`, fullPage: true });
      await section.getByRole('link', { name: ALL_COMMENTS_LABEL }).click();
      await expect(page).toHaveURL(`${path}#comments`);
      await expect(page.locator(`#comment-${reply}`)).toHaveCount(0);
      await visitor.close();
    });
  });
}
