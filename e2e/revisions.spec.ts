// Revisions (docs/decisions/143): the owner saves an article three times, opens Versions in its
// editor, sees how the first version differs from the text, restores it, saves, and the public
// page shows it again. The panel passes axe and fits a 390 px phone. The spec's article is dated
// in 2000, after every other article of the run, so no other spec's lists change while it runs.
import type { Page } from '@playwright/test';
import { DEV_ADMIN, expect, expectNoA11yViolations, signIn, test, adminApi } from './fixtures';
import { ARTICLE_SAVED, CONTENT_LABEL, EDIT_LABEL, SAVE_LABEL } from '@portfolio/remote-auth/texts';
import { SEARCH_ARTICLES_LABEL } from '@portfolio/remote-auth/admin-texts';
import {
  LATEST_VERSION,
  VERSIONS_LABEL,
  VERSIONS_LIST_LABEL,
  compareHeading,
  diffLabel,
  restoreVersionLabel,
  versionName,
  versionRestored,
} from '@portfolio/remote-auth/revision-texts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const main = (page: Page) => page.locator('main');

test('the owner restores an earlier saved version of an article and the public page shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Versions ${stamp}`;
  const text = (n: number) =>
    `## Version test\n\nThe opening paragraph stays the same.\n\nSaved text number ${n} of ${stamp}.\n`;
  const { apiBase, headers } = await adminApi(request);
  // The first save.
  const created = await request.post(`${apiBase}/articles`, {
    headers,
    data: {
      title,
      content: text(1),
      createdAt: '2000-01-01T00:00:00.000Z',
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, slug } = (await created.json()) as { _id: string; slug: string };

  const openEditor = async () => {
    await main(page).getByLabel(SEARCH_ARTICLES_LABEL, { exact: true }).fill(stamp);
    await main(page)
      .getByRole('button', { name: `${EDIT_LABEL} ${title}` })
      .click();
    const editor = main(page).getByRole('form', { name: 'Edit article' });
    await expect(editor.getByLabel(CONTENT_LABEL)).toHaveValue(/Saved text number/);
    return editor;
  };
  const saveText = async (n: number) => {
    const editor = await openEditor();
    await editor.getByLabel(CONTENT_LABEL).fill(text(n));
    await editor.getByRole('button', { name: SAVE_LABEL, exact: true }).click();
    await expect(main(page).getByText(ARTICLE_SAVED)).toBeVisible();
  };

  try {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    // The second and third saves, in the editor.
    await saveText(2);
    await saveText(3);

    const editor = await openEditor();
    await editor.getByText(VERSIONS_LABEL, { exact: true }).click();
    const list = editor.getByRole('list', { name: VERSIONS_LIST_LABEL });
    const versions = list.getByRole('button');
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText(`${versionName(3)} (${LATEST_VERSION})`);
    await expect(versions.nth(2)).toContainText(versionName(1));
    await versions.nth(2).click();

    const compare = editor.getByRole('region', { name: compareHeading(1) });
    const diff = compare.getByRole('list', { name: diffLabel(CONTENT_LABEL) });
    await expect(diff.locator('del')).toContainText(`Saved text number 1 of ${stamp}.`);
    await expect(diff.locator('ins')).toContainText(`Saved text number 3 of ${stamp}.`);
    await expect(diff).toContainText('The opening paragraph stays the same.');
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) {
      await editor
        .getByTestId('versions')
        .screenshot({ path: `${SCREENSHOTS}/versions-laptop.png` });
    }

    // A phone: the panel and its diff fit the screen, Restore within reach.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const restore = compare.getByRole('button', { name: restoreVersionLabel(1) });
    await restore.scrollIntoViewIfNeeded();
    const box = await restore.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) {
      await editor.getByTestId('versions').screenshot({ path: `${SCREENSHOTS}/versions-390.png` });
    }

    await restore.click();
    await expect(editor.getByText(versionRestored(1))).toBeVisible();
    await expect(editor.getByLabel(CONTENT_LABEL)).toHaveValue(text(1));
    await editor.getByRole('button', { name: SAVE_LABEL, exact: true }).click();
    await expect(main(page).getByText(ARTICLE_SAVED)).toBeVisible();

    // The restored text is the article's again, on its public page, and its newest version.
    await page.goto(`/article/${slug}`);
    await expect(main(page)).toContainText(`Saved text number 1 of ${stamp}.`);
    await expect(main(page)).not.toContainText(`Saved text number 3 of ${stamp}.`);
    const revisions = await request.get(`${apiBase}/articles/${id}/revisions`, { headers });
    expect(((await revisions.json()) as { number: number }[]).map((r) => r.number)).toEqual([
      4, 3, 2, 1,
    ]);
  } finally {
    const removed = await request.delete(`${apiBase}/articles/${id}`, { headers });
    expect(removed.ok()).toBe(true);
  }
});
