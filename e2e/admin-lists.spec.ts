// The dashboard's lists at scale (docs/decisions/131, 132): the owner pages through the articles
// 20 at a time, searches them, filters them by status and by tag, and edits an article's slug and
// tags; the dashboard passes axe and stays usable on a 390 px wide phone. The spec's articles are
// dated in 2000, after every other article of the run, and all but two are drafts, so no other
// spec's lists or pages change while it runs.
import type { Page } from '@playwright/test';
import { DEV_ADMIN, expect, expectNoA11yViolations, signIn, test, adminApi } from './fixtures';
import {
  ARTICLE_SAVED,
  CANCEL_LABEL,
  CONTENT_LABEL,
  EDIT_LABEL,
  SAVE_DRAFT_LABEL,
  SAVE_LABEL,
  VIEW_LABEL,
} from '@portfolio/remote-auth/texts';
import {
  ALL_STATUSES,
  ALL_TAGS,
  ARTICLE_PAGES_LABEL,
  NEXT_PAGE_LABEL,
  PREVIOUS_PAGE_LABEL,
  SEARCH_ARTICLES_LABEL,
  SLUG_LABEL,
  STATUS_FILTER_LABEL,
  TAGS_LABEL,
  TAGS_OF_ITEM,
  TAG_FILTER_LABEL,
  itemCount,
  pageOfPages,
  DISCARD_UNSAVED_CONFIRM,
} from '@portfolio/remote-auth/admin-texts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const COUNT = 25;
const DAY = 86_400_000;
const main = (page: Page) => page.locator('main');
/** The list's items (not the tag chips inside them), each an article's row. */
const rows = (page: Page) =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByTestId('publication-status') });
const total = (page: Page) => main(page).getByTestId('list-total');
const pager = (page: Page) => main(page).getByRole('navigation', { name: ARTICLE_PAGES_LABEL });

test('the admin pages through the articles, searches and filters them, and edits a slug and tags', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const tag = `e2e-lists-${stamp}`;
  const even = `${tag}-even`;
  const number = (n: number) => String(n).padStart(2, '0');
  const titleOf = (n: number) => `Paging ${stamp} ${number(n)}`;
  const markerOf = (n: number) => `marker${number(n)}x${stamp}`;
  const { apiBase, headers } = await adminApi(request);
  const ids: string[] = [];
  try {
    // 25 articles with the run's tag, newest first by number: 3 published, 4 scheduled, the
    // rest drafts; the even ones have a second tag.
    for (let n = 1; n <= COUNT; n += 1) {
      const publication =
        n === 3
          ? { status: 'published' }
          : n === 4
            ? { status: 'published', publishedAt: '2099-01-01T09:00:00.000Z' }
            : { status: 'draft' };
      const created = await request.post(`${apiBase}/articles`, {
        headers,
        data: {
          title: titleOf(n),
          content: `## Article ${n}\n\nOne of the paging test's articles: ${markerOf(n)}.`,
          createdAt: new Date(Date.UTC(2000, 0, 1) - n * DAY).toISOString(),
          tags: n % 2 === 0 ? [tag, even] : [tag],
          ...publication,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      ids.push(((await created.json()) as { _id: string })._id);
    }

    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    const search = main(page).getByLabel(SEARCH_ARTICLES_LABEL, { exact: true });
    const status = main(page).getByLabel(STATUS_FILTER_LABEL, { exact: true });
    const tagFilter = main(page).getByLabel(TAG_FILTER_LABEL, { exact: true });
    await expect(rows(page)).toHaveCount(20);

    // Search: one article of the whole blog.
    await search.fill(markerOf(7));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(titleOf(7));
    await expect(total(page)).toHaveText(itemCount(1, 'article'));
    await search.fill('');

    // The run's tag: 25 articles, two pages.
    await tagFilter.selectOption(tag);
    await expect(total(page)).toHaveText(itemCount(COUNT, 'article'));
    await expect(rows(page)).toHaveCount(20);
    await expect(rows(page).first()).toContainText(titleOf(1));
    await expect(pager(page).getByText(pageOfPages(1, 2))).toBeVisible();
    await expect(pager(page).getByRole('button', { name: PREVIOUS_PAGE_LABEL })).toBeDisabled();
    await expectNoA11yViolations(page);
    await pager(page).getByRole('button', { name: NEXT_PAGE_LABEL }).click();
    await expect(pager(page).getByText(pageOfPages(2, 2))).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText(titleOf(21));
    await expect(rows(page).last()).toContainText(titleOf(25));
    await expect(pager(page).getByRole('button', { name: NEXT_PAGE_LABEL })).toBeDisabled();
    await pager(page).getByRole('button', { name: PREVIOUS_PAGE_LABEL }).click();
    await expect(rows(page).first()).toContainText(titleOf(1));

    // Status, within the tag: each from its first page.
    await status.selectOption({ label: 'Draft' });
    await expect(total(page)).toHaveText(itemCount(COUNT - 2, 'article'));
    await status.selectOption({ label: 'Scheduled' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(titleOf(4));
    await expect(rows(page).first().getByTestId('publication-status')).toHaveText(
      /^Scheduled for /,
    );
    await status.selectOption({ label: 'Published' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(titleOf(3));
    await status.selectOption({ label: ALL_STATUSES });
    await tagFilter.selectOption(even);
    await expect(total(page)).toHaveText(itemCount(12, 'article'));
    await expect(pager(page)).toHaveCount(0);
    await tagFilter.selectOption({ label: ALL_TAGS });

    // Edit the published one's slug and tags: the editor reads its whole text.
    await search.fill(markerOf(3));
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('button', { name: `${EDIT_LABEL} ${titleOf(3)}` })
      .click();
    const editor = main(page).getByRole('form', { name: 'Edit article' });
    await expect(editor.getByLabel(CONTENT_LABEL)).toHaveValue(new RegExp(markerOf(3)));
    const slug = editor.getByLabel(SLUG_LABEL);
    await expect(slug).toHaveValue(/\S/);
    await slug.fill(`Renamed ${stamp}`);
    await expect(editor.getByText(`/article/renamed-${stamp}`)).toBeVisible();
    await editor.getByLabel(TAGS_LABEL).fill(`${tag}, Second Topic`);
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-article-editor.png` });
    await editor.getByRole('button', { name: SAVE_LABEL, exact: true }).click();
    await expect(main(page).getByText(ARTICLE_SAVED)).toBeVisible();
    const row = rows(page).first();
    await expect(row.getByRole('list', { name: TAGS_OF_ITEM })).toHaveText(
      new RegExp(`${tag}\\s*second-topic`),
    );
    await expect(row.getByRole('link', { name: `${VIEW_LABEL} ${titleOf(3)}` })).toHaveAttribute(
      'href',
      `/article/renamed-${stamp}`,
    );
    const saved = await request.get(`${apiBase}/articles/${ids[2]}?include=drafts`, { headers });
    expect(await saved.json()).toMatchObject({
      _id: ids[2],
      slug: `renamed-${stamp}`,
      tags: [tag, 'second-topic'],
    });

    // Another article cannot take that slug: the API's 409 is said at the slug field.
    await search.fill(markerOf(5));
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('button', { name: `${EDIT_LABEL} ${titleOf(5)}` })
      .click();
    const other = main(page).getByRole('form', { name: 'Edit article' });
    await other.getByLabel(SLUG_LABEL).fill(`renamed-${stamp}`);
    await other.getByRole('button', { name: SAVE_DRAFT_LABEL, exact: true }).click();
    await expect(other.getByLabel(SLUG_LABEL)).toHaveAttribute('aria-invalid', 'true');
    await expect(other.getByLabel(SLUG_LABEL)).toHaveAccessibleDescription(
      new RegExp(`"renamed-${stamp}" is already used`),
    );
    await expect(other.getByLabel(SLUG_LABEL)).toBeFocused();
    // Its changes were not saved: Cancel asks before throwing them away.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await other.getByRole('button', { name: CANCEL_LABEL }).click();
    await expect(other).toHaveCount(0);
    expect(asked).toEqual([DISCARD_UNSAVED_CONFIRM]);

    // A phone: the filters wrap, nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await search.fill('');
    await tagFilter.selectOption(tag);
    await expect(rows(page)).toHaveCount(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const control of [search, status, tagFilter]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await expect(pager(page).getByRole('button', { name: NEXT_PAGE_LABEL })).toBeVisible();
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) {
      await page.screenshot({
        path: `${SCREENSHOTS}/dashboard-lists-390.png`,
        fullPage: true,
        clip: { x: 0, y: 0, width: 390, height: 1000 },
      });
      await pager(page).screenshot({ path: `${SCREENSHOTS}/dashboard-pager-390.png` });
    }
  } finally {
    for (const id of ids) {
      const removed = await request.delete(`${apiBase}/articles/${id}`, { headers });
      expect(removed.ok()).toBe(true);
    }
  }
});
