// The blog remote composed in the shell: list, article, list variant and search.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import {
  ARTICLES_VARIANT_TITLE,
  ARTICLE_NAVIGATION_LABEL,
  ARTICLE_NOT_FOUND_TITLE,
  BLOG_TITLE,
  NEXT_ARTICLE_LABEL,
  PREVIOUS_ARTICLE_LABEL,
  FULL_ARTICLE_LABEL,
  READ_MORE_LABEL,
  SEARCH_TITLE,
} from '@portfolio/remote-blog/texts';

const readMore = new RegExp(`^${READ_MORE_LABEL}`);
const articleCards = (page: Page) => page.getByRole('main').getByRole('article');
const articleNav = (page: Page) => page.getByRole('navigation', { name: ARTICLE_NAVIGATION_LABEL });

/** Searches from the navbar as a visitor does: the Search toggle, the box, Enter. */
async function searchFromNavbar(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  if (!(await box.isVisible())) {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  }
  await box.fill(text);
  await box.press('Enter');
}

test.describe('blog list', () => {
  test('shows the articles newest first with date, title, excerpt and Read More', async ({
    page,
  }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: BLOG_TITLE })).toBeVisible();
    const cards = articleCards(page);
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);

    const dates = await cards
      .locator('time')
      .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // Short month, day, year, US format (docs/product.md#limits-and-formats).
    await expect(cards.first().locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    for (const card of (await cards.all()).slice(0, 3)) {
      await expect(card.getByRole('heading', { level: 2 })).not.toBeEmpty();
      const excerpt = await card.locator('p').first().innerText();
      expect(excerpt.replace(/\.\.\.$/, '').length).toBeLessThanOrEqual(150);
      expect(excerpt).not.toMatch(/[#*`]/);
      await expect(card.getByRole('link', { name: readMore })).toHaveAttribute(
        'href',
        /^\/article\/[^/]+$/,
      );
    }
    await expectNoA11yViolations(page);
  });
});

test.describe('article page', () => {
  test('Read More opens the article; previous and next walk the neighbours', async ({ page }) => {
    await page.goto('/blog');
    // Two neighbours from the middle of the list: specs running beside this one publish (and
    // delete) articles of their own, which are always the newest.
    const newest = articleCards(page).nth(2);
    const newestTitle = await newest.getByRole('heading', { level: 2 }).innerText();
    const secondTitle = await articleCards(page)
      .nth(3)
      .getByRole('heading', { level: 2 })
      .innerText();
    await newest.getByRole('link', { name: readMore }).click();

    await expect(page).toHaveURL(/\/article\/[^/]+$/);
    const articleUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: newestTitle })).toBeVisible();
    // The page's title, then the site's name (docs/decisions/060).
    await expect(page).toHaveTitle(`${newestTitle} · Alex Morgan`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{3,}/);
    await expect(page.getByRole('main').getByText(/^\d+ min read$/)).toBeVisible();
    await expect(page.getByRole('article').locator('time')).toHaveText(/\d{4}$/);
    await expectNoA11yViolations(page);

    // Its older neighbour is the next card of the list.
    const nav = articleNav(page);
    await nav.getByRole('link', { name: new RegExp(PREVIOUS_ARTICLE_LABEL) }).click();
    await expect(page.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible();

    await articleNav(page)
      .getByRole('link', { name: new RegExp(NEXT_ARTICLE_LABEL) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: newestTitle })).toBeVisible();
    expect(page.url()).toBe(articleUrl);
  });

  test('renders Markdown with highlighted code blocks', async ({ page }) => {
    await page.goto('/search-article?query=sudo');
    await page.getByRole('main').getByRole('article').first().getByRole('link').click();
    const code = page.locator('main pre code.hljs').first();
    await expect(code).toBeVisible();
    await expect(code.locator('[class^="hljs-"]').first()).toBeVisible();
    await expect(page.locator('main h2').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('an unknown id shows a not-found page with a way back to the blog', async ({ page }) => {
    await page.goto('/article/no-such-article');
    await expect(
      page.getByRole('heading', { level: 1, name: ARTICLE_NOT_FOUND_TITLE }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL('/blog');
  });
});

test.describe('articles list variant', () => {
  test('/articles/{id} lists the articles, its cards linking to /articles/{id}', async ({
    page,
  }) => {
    await page.goto('/articles/any');
    await expect(
      page.getByRole('heading', { level: 1, name: ARTICLES_VARIANT_TITLE }),
    ).toBeVisible();
    const links = articleCards(page).getByRole('link', { name: readMore });
    await expect(links.first()).toBeVisible();
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/articles\/[^/]+$/);
    }
    const second = links.nth(1);
    const href = (await second.getAttribute('href'))!;
    await second.click();
    await expect(page).toHaveURL(href);
    await expect(
      page.getByRole('heading', { level: 1, name: ARTICLES_VARIANT_TITLE }),
    ).toBeVisible();
    // Found by its address: another spec may publish an article meanwhile, moving the cards.
    await expect(links.and(page.locator(`[href="${href}"]`))).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoA11yViolations(page);

    // Each card also leads to the article's text (issue 16).
    const fullArticle = articleCards(page)
      .nth(1)
      .getByRole('link', { name: new RegExp(`^${FULL_ARTICLE_LABEL}`) });
    const articleHref = (await fullArticle.getAttribute('href'))!;
    expect(articleHref).toMatch(/^\/article\/[^/]+$/);
    await fullArticle.click();
    await expect(page).toHaveURL(articleHref);
    await expect(page.locator('main h1').first()).not.toHaveText(ARTICLES_VARIANT_TITLE);
  });
});

test.describe('search', () => {
  test('from the navbar: results with highlighted matches, and the query can change', async ({
    page,
  }) => {
    await page.goto('/blog');
    await searchFromNavbar(page, 'password');
    await expect(page).toHaveURL('/search-article?query=password');
    await expect(page.getByRole('heading', { level: 1, name: SEARCH_TITLE })).toBeVisible();
    const results = page.getByRole('main').getByRole('article');
    await expect(results.first()).toBeVisible();
    await expect(results.first().locator('mark').first()).toHaveText(/password/i);
    await expect(results.first().getByRole('link')).toHaveAttribute('href', /^\/article\/[^/]+$/);
    await expectNoA11yViolations(page);

    const firstForPassword = await results.first().getByRole('link').innerText();
    await searchFromNavbar(page, 'phishing');
    await expect(page).toHaveURL('/search-article?query=phishing');
    await expect(results.first().locator('mark').first()).toHaveText(/phish/i);
    await expect(page.getByText('Results for "phishing"')).toBeVisible();
    expect(await results.first().getByRole('link').innerText()).not.toBe(firstForPassword);

    // Opening a result shows the article.
    const title = await results.first().getByRole('link').innerText();
    await results.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('no results shows the no-results text with the query', async ({ page }) => {
    await page.goto('/blog');
    await searchFromNavbar(page, 'xylophonequasar');
    // Word for word (docs/product.md#search), with the query inserted.
    await expect(
      page.getByText('No articles found for "xylophonequasar". Try a different search term.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
