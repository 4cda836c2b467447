// Drafts and publishing, as the site's owner and a visitor meet them (docs/decisions/120, 122):
// the admin saves a draft and previews it on its page; a visitor gets the 404 page there and finds
// it in no list, search, feed or sitemap; the admin publishes it and the visitor sees it
// everywhere within seconds, through every cache of the site; unpublished, it is gone again.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  idTokenFor,
  signIn,
  siteConfig,
  test,
  adminApi,
} from './fixtures';
import {
  ARTICLE_SAVED,
  CONTENT_LABEL,
  NEW_ARTICLE_LABEL,
  PREVIEW_LABEL,
  PUBLISH_LABEL,
  SAVE_DRAFT_LABEL,
  TITLE_LABEL,
  UNPUBLISH_LABEL,
  publishedNotice,
  unpublishedNotice,
} from '@portfolio/remote-auth/texts';
import { SEARCH_ARTICLES_LABEL } from '@portfolio/remote-auth/admin-texts';
import { ARTICLE_NOT_FOUND_TITLE, noResultsText } from '@portfolio/remote-blog/texts';
import { DRAFT_NOTICE_TITLE } from '@portfolio/shared/ui';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const main = (page: Page) => page.locator('main');

/** The sitemap's index and every part it names (docs/decisions/130), as one text. */
async function sitemapText(request: APIRequestContext): Promise<string> {
  const index = await (await request.get('/sitemap.xml')).text();
  const parts = [...index.matchAll(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/g)].map(
    (match) => match[1]!,
  );
  const texts = await Promise.all(parts.map(async (part) => (await request.get(part)).text()));
  return [index, ...texts].join('\n');
}

/** Everywhere a visitor (no cookie) could meet the article, as the site answers them now. */
async function whatVisitorsSee(request: APIRequestContext, id: string, word: string) {
  const text = async (path: string) => (await request.get(path)).text();
  const [articleStatus, blog, variant, search, rss, sitemap] = await Promise.all([
    request.get(`/article/${id}`).then((response) => response.status()),
    text('/blog'),
    text('/articles/any'),
    text(`/search-article?query=${word}`),
    text('/rss.xml'),
    sitemapText(request),
  ]);
  return {
    article: articleStatus,
    blog: blog.includes(`/article/${id}"`),
    variant: variant.includes(`/article/${id}"`),
    search: search.includes(`/article/${id}"`),
    rss: rss.includes(`/article/${id}<`),
    sitemap: sitemap.includes(`/article/${id}<`),
  };
}

const NOWHERE = {
  article: 404,
  blog: false,
  variant: false,
  search: false,
  rss: false,
  sitemap: false,
};
const EVERYWHERE = {
  article: 200,
  blog: true,
  variant: true,
  search: true,
  rss: true,
  sitemap: true,
};

test('a draft is the admin’s alone until published; then visitors see it everywhere at once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `E2E draft ${stamp}`;
  const word = `zebradraft${stamp}`;
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const { apiBase } = await siteConfig(request);
  let id = '';
  try {
    // The admin writes a draft.
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
    const editor = main(page).getByRole('form', { name: 'New article' });
    await editor.getByLabel(TITLE_LABEL).fill(title);
    await editor
      .getByLabel(CONTENT_LABEL)
      .fill(`## Not out yet\n\nThe word ${word} is only in this **draft**.`);
    await editor.getByRole('button', { name: SAVE_DRAFT_LABEL }).click();
    await expect(main(page).getByText(ARTICLE_SAVED)).toBeVisible();
    const item = main(page).getByRole('listitem').filter({ hasText: title });
    await expect(item.getByTestId('publication-status')).toHaveText('Draft');
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-draft.png` });
    const preview = item.getByRole('link', { name: `${PREVIEW_LABEL} ${title}` });
    id = (await preview.getAttribute('href'))?.replace('/article/', '') ?? '';
    expect(id).toMatch(/^[a-z0-9-]+$/);

    // Its page, for the admin: the page visitors will get, marked as a draft.
    await preview.click();
    await expect(page).toHaveURL(`/article/${id}`);
    await expect(page.getByRole('complementary', { name: DRAFT_NOTICE_TITLE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(page).locator('strong', { hasText: 'draft' })).toBeVisible();
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/draft-preview.png` });
    // Loaded straight from the server too: private, and drawn once the admin's token is there.
    const direct = await page.goto(`/article/${id}`);
    expect(direct?.status()).toBe(200);
    expect(direct?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('complementary', { name: DRAFT_NOTICE_TITLE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // A visitor: the 404 page at its address, and nowhere else either.
    const missing = await visitorPage.goto(`/article/${id}`);
    expect(missing?.status()).toBe(404);
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: ARTICLE_NOT_FOUND_TITLE }),
    ).toBeVisible();
    await expect(visitorPage.getByText(title)).toHaveCount(0);
    await expectNoA11yViolations(visitorPage);
    await visitorPage.goto(`/search-article?query=${word}`);
    await expect(visitorPage.getByText(noResultsText(word))).toBeVisible();
    expect(await whatVisitorsSee(visitor.request, id, word)).toEqual(NOWHERE);
    const api = await visitor.request.get(`${apiBase}/articles/${id}`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: ARTICLE_NOT_FOUND_TITLE });

    // The admin finds it by a word of its text, as in a blog of thousands (ADR 132), and
    // publishes it from the list; the list keeps its search after the change.
    await page.goto('/admin-dashboard?tab=articles');
    await main(page).getByLabel(SEARCH_ARTICLES_LABEL).fill(word);
    await expect(
      main(page)
        .getByRole('listitem')
        .filter({ has: page.getByTestId('publication-status') }),
    ).toHaveCount(1);
    await main(page)
      .getByRole('button', { name: `${PUBLISH_LABEL} ${title}` })
      .click();
    await expect(main(page).getByText(publishedNotice(title))).toBeVisible();
    await expect(item.getByTestId('publication-status')).toHaveText(/^Published /);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-published.png` });

    // Everywhere at once: the caches of the API and of the site heard the change.
    await expect
      .poll(() => whatVisitorsSee(visitor.request, id, word), { timeout: 5000 })
      .toEqual(EVERYWHERE);
    await visitorPage.goto(`/article/${id}`);
    await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitorPage.getByRole('complementary', { name: DRAFT_NOTICE_TITLE })).toHaveCount(
      0,
    );

    // Unpublished, it leaves every page again.
    await main(page)
      .getByRole('button', { name: `${UNPUBLISH_LABEL} ${title}` })
      .click();
    await expect(main(page).getByText(unpublishedNotice(title))).toBeVisible();
    await expect
      .poll(() => whatVisitorsSee(visitor.request, id, word), { timeout: 5000 })
      .toEqual(NOWHERE);
  } finally {
    await visitor.close();
    if (id) {
      const removed = await request.delete(`${apiBase}/articles/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(removed.ok()).toBe(true);
    }
  }
});

test('a draft project: the admin previews it, a visitor gets the 404 page', async ({
  page,
  browser,
  request,
}) => {
  const { apiBase, headers } = await adminApi(request);
  const title = `E2E draft project ${Date.now().toString(36)}`;
  const created = await request.post(`${apiBase}/projects`, {
    headers,
    data: { title, description: 'Not shown yet.', imagePath: '/images/tls.svg', status: 'draft' },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  const visitor = await browser.newContext();
  try {
    const missing = await (await visitor.newPage()).goto(`/projects/${id}`);
    expect(missing?.status()).toBe(404);
    expect(await (await visitor.request.get('/portfolio')).text()).not.toContain(title);

    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto(`/projects/${id}`);
    await expect(page.getByRole('complementary', { name: DRAFT_NOTICE_TITLE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoA11yViolations(page);
  } finally {
    await visitor.close();
    expect((await request.delete(`${apiBase}/projects/${id}`, { headers })).ok()).toBe(true);
  }
});
