// The blog in pages (issue "A blog at 10,000 posts"): /blog shows the newest ARTICLES_PER_PAGE,
// /blog/page/2 the older ones; plain links between them (they work without JavaScript), rel
// prev/next and a canonical URL per page in the head; only the page's articles in the HTML, each
// linked by its slug; a page that does not exist is a 404. A tag's pages: e2e/tags.spec.ts.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API_ORIGIN,
  SITE_ORIGIN,
  expect,
  expectNoA11yViolations,
  followPageLink,
  test,
} from './fixtures';
import { ARTICLES_PER_PAGE } from '@portfolio/remote-blog/article-paths';
import {
  ARTICLE_PAGES_LABEL,
  BLOG_TITLE,
  NEWER_ARTICLES_LABEL,
  OLDER_ARTICLES_LABEL,
} from '@portfolio/remote-blog/texts';

/** The configured public URL (SITE_URL; the local default is the shell's localhost address). */
const SITE_URL = process.env.SITE_URL ?? SITE_ORIGIN;

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const pages = (page: Page) => page.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
const headLink = (page: Page, rel: string) => page.locator(`head link[rel="${rel}"]`);

/** The public articles, newest first, as the API lists them (the seed has 12: two pages). */
async function allArticles(request: APIRequestContext) {
  const response = await request.get(`${API_ORIGIN}/api/articles?limit=100`);
  expect(Number(response.headers()['x-total-count'])).toBeGreaterThan(ARTICLES_PER_PAGE);
  return (await response.json()) as {
    _id: string;
    slug?: string;
    title: string;
    createdAt: string;
  }[];
}

async function datesOf(page: Page): Promise<number[]> {
  return cards(page)
    .locator('time')
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
}

test.describe('the blog in pages', () => {
  test('pages from the newest articles to the older ones and back', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: BLOG_TITLE })).toBeVisible();
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
    await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${SITE_URL}/blog`);
    await expect(headLink(page, 'next')).toHaveAttribute('href', `${SITE_URL}/blog/page/2`);
    await expect(headLink(page, 'prev')).toHaveCount(0);
    await expect(pages(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pages(page).getByRole('link', { name: NEWER_ARTICLES_LABEL })).toHaveCount(0);
    const newer = await datesOf(page);
    await expectNoA11yViolations(page);

    await followPageLink(pages(page), OLDER_ARTICLES_LABEL);
    await expect(page).toHaveURL('/blog/page/2');
    await expect(pages(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(cards(page).first()).toBeVisible();
    const older = await datesOf(page);
    // Newest first across the pages: everything on page 2 is older than page 1.
    expect(older).toEqual([...older].sort((a, b) => b - a));
    expect(Math.max(...older)).toBeLessThanOrEqual(Math.min(...newer));
    await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${SITE_URL}/blog/page/2`);
    await expect(headLink(page, 'prev')).toHaveAttribute('href', `${SITE_URL}/blog`);
    await expectNoA11yViolations(page);

    await followPageLink(pages(page), NEWER_ARTICLES_LABEL);
    await expect(page).toHaveURL('/blog');
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
  });

  test('the server sends each page with its head and only its own articles', async ({
    request,
  }) => {
    const articles = await allArticles(request);
    const first = await (await request.get('/blog')).text();
    const second = await (await request.get('/blog/page/2')).text();
    const title = (index: number) => articles[index]!.title.replace(/&/g, '&amp;');
    expect(first).toContain(title(0));
    expect(first).not.toContain(title(ARTICLES_PER_PAGE));
    expect(second).toContain(title(ARTICLES_PER_PAGE));
    expect(second).not.toContain(title(0));
    expect(first).toContain(`<link rel="next" href="${SITE_URL}/blog/page/2" />`);
    expect(second).toContain(`<link rel="canonical" href="${SITE_URL}/blog/page/2" />`);
    expect(second).toContain(`<link rel="prev" href="${SITE_URL}/blog" />`);
    // The cards link each article by its slug (docs/decisions/132).
    const newest = articles[0]!;
    expect(first).toContain(`href="/article/${encodeURIComponent(newest.slug ?? newest._id)}"`);
  });

  test("an /articles/{id} of no card is sent to its page's own address, kept by no cache", async ({
    request,
  }) => {
    const newestId = async () => {
      const [newest] = (await (await request.get(`${API_ORIGIN}/api/articles?limit=1`)).json()) as {
        _id: string;
      }[];
      return newest!._id;
    };
    let newest = '';
    for (const id of ['random-1', 'random-2']) {
      // Specs running beside this one publish and delete articles: the page's address is named
      // by its newest card as it was when the request was answered, just before it or just after.
      const before = await newestId();
      const sent = await request.get(`/articles/${id}`, { maxRedirects: 0 });
      newest = await newestId();
      expect(sent.status()).toBe(302);
      expect(sent.headers()['cache-control']).toBe('no-cache');
      expect([`/articles/${before}`, `/articles/${newest}`]).toContain(
        new URL(sent.headers()['location']!, SITE_ORIGIN).pathname,
      );
    }
    expect((await request.get(`/articles/${newest}`, { maxRedirects: 0 })).status()).toBe(200);
  });

  test('a page that does not exist is a 404; page 1 is /blog', async ({ request }) => {
    const one = await request.get('/blog/page/1', { maxRedirects: 0 });
    expect([301, 302, 308]).toContain(one.status());
    expect(new URL(one.headers()['location']!, SITE_ORIGIN).pathname).toBe('/blog');
    for (const path of [
      '/blog/page/999',
      '/blog/page/0',
      '/blog/page/-1',
      '/blog/page/two',
      '/articles/any?page=999',
      '/articles/any?page=x',
      '/search-article?query=security&page=999',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page links are plain links', async ({ page }) => {
    await page.goto('/blog');
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
    await followPageLink(pages(page), OLDER_ARTICLES_LABEL);
    await expect(page).toHaveURL('/blog/page/2');
    await expect(cards(page).first()).toBeVisible();
    await followPageLink(pages(page), NEWER_ARTICLES_LABEL);
    await expect(page).toHaveURL('/blog');
    await expect(cards(page)).toHaveCount(ARTICLES_PER_PAGE);
  });
});
