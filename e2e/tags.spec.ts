// Tags and slugs (docs/decisions/132), as a visitor meets them on the production build: a tag's
// articles in pages like /blog (plain links, rel prev/next, a canonical URL and the tag's feed in
// the head), the tag index, the tag on the cards, the search within a tag, the tag's RSS feed, and
// an article's id or former slug answered with a 301 to its slug. The spec makes its own articles
// through the API (old dates, so specs walking the newest articles never meet them) and removes
// them at the end.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  SITE_ORIGIN,
  adminApi,
  expect,
  expectNoA11yViolations,
  followPageLink,
  test,
} from './fixtures';
import { ARTICLES_PER_PAGE } from '@portfolio/remote-blog/article-paths';
import { SEARCH_RESULTS_PER_PAGE } from '@portfolio/remote-blog/search-state';
import {
  ARTICLE_PAGES_LABEL,
  NEWER_ARTICLES_LABEL,
  OLDER_ARTICLES_LABEL,
  TAGS_LABEL,
  TAGS_TITLE,
  TAG_FILTER_LABEL,
  TAG_FILTER_SUBMIT,
  TAG_NOT_FOUND_TITLE,
  tagCountLabel,
  tagTitle,
} from '@portfolio/remote-blog/texts';

/** The configured public URL (SITE_URL; the local default is the shell's localhost address). */
const SITE_URL = process.env.SITE_URL ?? SITE_ORIGIN;

/** This run's own names: a tag, a word only its articles hold, slugs. */
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const TAG = `e2e-${RUN}`;
const OTHER_TAG = `e2e-other-${RUN}`;
const WORD = `quillwort${RUN}`;
/** Two pages of the tag: ARTICLES_PER_PAGE and 2 more. */
const TAGGED = ARTICLES_PER_PAGE + 2;

test.describe.configure({ mode: 'serial' });

interface Created {
  _id: string;
  slug?: string;
  title: string;
}

const created: Created[] = [];
let admin: { apiBase: string; headers: Record<string, string> };

async function createArticle(request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.post(`${admin.apiBase}/articles`, {
    headers: admin.headers,
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  const article = (await response.json()) as Created;
  created.push(article);
  return article;
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: SITE_ORIGIN });
  try {
    admin = await adminApi(request);
    // Newest first: n = 1 is the newest of the tag (1 February 2001), n = TAGGED the oldest.
    for (let n = TAGGED; n >= 1; n -= 1) {
      await createArticle(request, {
        title: `Tagged article ${n} ${RUN}`,
        content: `Article ${n} of the tags spec, about ${WORD}.`,
        createdAt: new Date(Date.UTC(2001, 1, 1) - n * 86_400_000).toISOString(),
        tags: [TAG],
      });
    }
    // The same word, another tag: the search's filter leaves it out.
    await createArticle(request, {
      title: `Other tag ${RUN}`,
      content: `Not in the tag, yet about ${WORD} too.`,
      createdAt: '2001-03-01T00:00:00.000Z',
      tags: [OTHER_TAG],
    });
  } finally {
    await request.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: SITE_ORIGIN });
  try {
    admin = await adminApi(request);
    for (const { _id } of created) {
      const removed = await request.delete(`${admin.apiBase}/articles/${_id}`, {
        headers: admin.headers,
      });
      expect(removed.ok()).toBe(true);
    }
  } finally {
    await request.dispose();
  }
});

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const pages = (page: Page) => page.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
const headLink = (page: Page, rel: string) => page.locator(`head link[rel="${rel}"]`);
const tagFeed = (page: Page) =>
  page.locator('head link[rel="alternate"][type="application/rss+xml"][data-page-feed]');

test.describe("a tag's pages", () => {
  test('page from the newest articles of the tag to the older ones and back', async ({ page }) => {
    await page.goto(`/tags/${TAG}`);
    await expect(page.getByRole('heading', { level: 1, name: tagTitle(TAG) })).toBeVisible();
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
    await expect(cards(page).first().getByRole('heading', { level: 2 })).toHaveText(
      `Tagged article 1 ${RUN}`,
    );
    await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${SITE_URL}/tags/${TAG}`);
    await expect(headLink(page, 'next')).toHaveAttribute('href', `${SITE_URL}/tags/${TAG}/page/2`);
    await expect(headLink(page, 'prev')).toHaveCount(0);
    await expect(tagFeed(page)).toHaveAttribute('href', `${SITE_URL}/tags/${TAG}/rss.xml`);
    // Every card carries the tag, a link back to this page.
    const tags = cards(page).first().getByRole('list', { name: TAGS_LABEL });
    await expect(tags.getByRole('link', { name: TAG })).toHaveAttribute('href', `/tags/${TAG}`);
    await expectNoA11yViolations(page);

    await followPageLink(pages(page), OLDER_ARTICLES_LABEL);
    await expect(page).toHaveURL(`/tags/${TAG}/page/2`);
    await expect(cards(page)).toHaveCount(TAGGED - ARTICLES_PER_PAGE);
    await expect(pages(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(headLink(page, 'canonical')).toHaveAttribute(
      'href',
      `${SITE_URL}/tags/${TAG}/page/2`,
    );
    await expect(headLink(page, 'prev')).toHaveAttribute('href', `${SITE_URL}/tags/${TAG}`);
    await expect(headLink(page, 'next')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await followPageLink(pages(page), NEWER_ARTICLES_LABEL);
    await expect(page).toHaveURL(`/tags/${TAG}`);
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
  });

  test('the server sends each page with its head; page 1 redirects, what is not there is a 404', async ({
    request,
  }) => {
    const first = await (await request.get(`/tags/${TAG}`)).text();
    expect(first).toContain(`Tagged article 1 ${RUN}`);
    expect(first).not.toContain(`Tagged article ${TAGGED} ${RUN}`);
    expect(first).toContain(`<link rel="next" href="${SITE_URL}/tags/${TAG}/page/2" />`);
    expect(first).toContain(`href="${SITE_URL}/tags/${TAG}/rss.xml" data-page-feed="" />`);
    const second = await (await request.get(`/tags/${TAG}/page/2`)).text();
    expect(second).toContain(`Tagged article ${TAGGED} ${RUN}`);
    expect(second).toContain(`<link rel="prev" href="${SITE_URL}/tags/${TAG}" />`);

    const one = await request.get(`/tags/${TAG}/page/1`, { maxRedirects: 0 });
    expect(one.status()).toBe(302);
    expect(new URL(one.headers()['location']!, SITE_ORIGIN).pathname).toBe(`/tags/${TAG}`);
    for (const path of [
      `/tags/${TAG}/page/3`,
      `/tags/${TAG}/page/0`,
      `/tags/${TAG}/page/x`,
      `/tags/no-article-has-${RUN}`,
      '/tags/Not_A_Tag',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test('a tag no article has says so, and leads to the tag index', async ({ page }) => {
    const response = await page.goto(`/tags/no-article-has-${RUN}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: TAG_NOT_FOUND_TITLE })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("the tag's feed is relayed from the API; a name no tag can have is a 404", async ({
    request,
  }) => {
    const feed = await request.get(`/tags/${TAG}/rss.xml`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/xml/);
    const body = await feed.text();
    expect(body).toContain(`Tagged article 1 ${RUN}`);
    expect(body).not.toContain(`Other tag ${RUN}`);
    expect((await request.get('/tags/Not_A_Tag/rss.xml')).status()).toBe(404);
  });
});

test.describe('the tag index', () => {
  test('lists every tag with its count, each leading to its page', async ({ page }) => {
    await page.goto('/tags');
    await expect(page.getByRole('heading', { level: 1, name: TAGS_TITLE })).toBeVisible();
    const link = page
      .getByRole('main')
      .getByRole('link', { name: `${TAG} ${tagCountLabel(TAGGED)}`, exact: true });
    await expect(link).toHaveAttribute('href', `/tags/${TAG}`);
    await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${SITE_URL}/tags`);
    await expectNoA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(`/tags/${TAG}`);
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
  });
});

test.describe('the search within a tag', () => {
  test('a tag filter narrows the results and stays in the address', async ({ page }) => {
    await page.goto(`/search-article?query=${WORD}`);
    const results = page.getByRole('main').getByRole('article');
    await expect(results.filter({ hasText: `Other tag ${RUN}` })).toHaveCount(1);
    const filter = page.getByRole('combobox', { name: TAG_FILTER_LABEL });
    await filter.selectOption(TAG);
    await page.getByRole('button', { name: TAG_FILTER_SUBMIT }).click();
    await expect(page).toHaveURL(
      `/search-article?${new URLSearchParams({ query: WORD, tag: TAG })}`,
    );
    // Ten results a page (SEARCH_RESULTS_PER_PAGE): the rest on the next.
    await expect(results).toHaveCount(Math.min(TAGGED, SEARCH_RESULTS_PER_PAGE));
    await expect(results.filter({ hasText: `Other tag ${RUN}` })).toHaveCount(0);
    await expect(filter).toHaveValue(TAG);
    await expectNoA11yViolations(page);
  });
});

test.describe('slugs', () => {
  test("an article's id and former slugs answer a 301 to its slug", async ({ page, request }) => {
    admin = await adminApi(request);
    const article = await createArticle(request, {
      title: `Slug check ${RUN}`,
      content: 'Its address changes twice.',
      createdAt: '2001-04-01T00:00:00.000Z',
    });
    const edit = async (slug: string) => {
      const response = await request.put(`${admin.apiBase}/articles/${article._id}`, {
        headers: admin.headers,
        data: { title: article.title, content: 'Its address changes twice.', slug },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    const formerSlug = `first-slug-${RUN}`;
    const slug = `second-slug-${RUN}`;
    await edit(formerSlug);
    await edit(slug);

    for (const old of [article._id, formerSlug]) {
      const answer = await request.get(`/article/${old}`, { maxRedirects: 0 });
      expect(answer.status(), old).toBe(301);
      expect(new URL(answer.headers()['location']!, SITE_ORIGIN).pathname).toBe(`/article/${slug}`);
    }
    const current = await request.get(`/article/${slug}`, { maxRedirects: 0 });
    expect(current.status()).toBe(200);
    expect(await current.text()).toContain(
      `<link rel="canonical" href="${SITE_URL}/article/${slug}" />`,
    );

    // A browser following an old link lands on the slug's address.
    await page.goto(`/article/${formerSlug}`);
    await expect(page).toHaveURL(`/article/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  });
});
