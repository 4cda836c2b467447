// Members' comments (docs/decisions/200) over the composed production site, on a phone and a
// laptop: a visitor signs up from an article and comments; the comment waits for the owner, who
// approves it in the dashboard; then any visitor sees it, its markup shown as text, waking
// nothing. Each run comments on an article of its own.
import { COMMENT_MESSAGES } from '@portfolio/contract';
import {
  APPROVE_LABEL,
  COMMENT_APPROVED,
  TAB_COMMENTS,
  commentActionLabel,
} from '@portfolio/remote-auth/comments-texts';
import { SIGN_IN_SUBMIT, SIGN_UP_SUBMIT } from '@portfolio/remote-auth/texts';
import {
  COMMENTS_TITLE,
  COMMENT_FIELD_LABEL,
  NO_COMMENTS,
  POST_COMMENT_LABEL,
  SIGN_UP_LINK_TEXT,
} from '@portfolio/remote-blog/texts';
import {
  DEV_ADMIN,
  createArticle,
  removeArticle,
  expect,
  expectNoA11yViolations,
  fillCredentials,
  test,
  uniqueEmail,
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
      const page = await member.newPage();
      await page.goto(path);
      const comments = page.getByRole('region', { name: COMMENTS_TITLE });
      await expect(comments.getByText(NO_COMMENTS)).toBeVisible();
      await expect(comments).toContainText(COMMENT_MESSAGES.signInToComment);
      await expectNoA11yViolations(page);

      // Sign up from the article, and come back to its comments.
      await comments.getByRole('link', { name: SIGN_UP_LINK_TEXT }).click();
      await expect(page).toHaveURL(/\/signup\?next=/);
      await page.waitForLoadState('networkidle');
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
      const dashboard = await owner.newPage();
      await dashboard.goto('/signin');
      await dashboard.waitForLoadState('networkidle');
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
  });
}
