import { screen, waitFor, within } from '@testing-library/react';
import {
  TEST_API_BASE,
  TEST_RUNTIME_CONFIG,
  mockFetch,
  renderPage,
  setUpTestRuntimeConfig,
  siteTitle,
} from '@portfolio/testing';
import { makeArticle } from '@portfolio/testing/fixtures';
import { renderHeadTags, siteContext } from '@portfolio/shared/head';
import { pageOutcome } from '@portfolio/shared/page-data';
import { ARTICLES_PER_PAGE } from '../../features/articles/paths';
import {
  ALL_TAGS_LABEL,
  ARTICLE_PAGES_LABEL,
  NEWER_ARTICLES_LABEL,
  NO_SUCH_PAGE_TEXT,
  NO_SUCH_PAGE_TITLE,
  OLDER_ARTICLES_LABEL,
  READ_MORE_LABEL,
  TAG_FEED_LABEL,
  TAG_NOT_FOUND_TEXT,
  TAG_NOT_FOUND_TITLE,
  tagIntro,
  tagTitle,
} from '../../texts';
import * as TagPage from './TagPage';
import * as TagPagedPage from '../TagPagedPage/TagPagedPage';

setUpTestRuntimeConfig();

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="Site description">';
  document.title = 'Site';
});

const site = siteContext(TEST_RUNTIME_CONFIG);
const link = (rel: string) =>
  document.head.querySelector(`link[rel="${rel}"]:not([type])`)?.getAttribute('href');
const feedLink = () =>
  document.head.querySelector('link[rel="alternate"][data-page-feed]')?.getAttribute('href');

/** `count` articles with the tag, newest first, numbered from `from`. */
function tagged(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return makeArticle({
      _id: `article-${n}`,
      slug: `slug-${n}`,
      title: `Tagged ${n}`,
      tags: ['zero-trust'],
      createdAt: new Date(Date.UTC(2026, 0, 100 - n)).toISOString(),
    });
  });
}

/** The API's answer for a page of the tag's list, out of `total`. */
function pageAnswer(tag: string, page: number, total: number) {
  const offset = (page - 1) * ARTICLES_PER_PAGE;
  const count = Math.max(0, Math.min(ARTICLES_PER_PAGE, total - offset));
  return {
    [`GET /articles?limit=${ARTICLES_PER_PAGE}&offset=${offset}&tag=${tag}`]: {
      body: tagged(offset + 1, count),
      headers: { 'X-Total-Count': String(total) },
    },
  };
}

const renderTag = (route: string) =>
  renderPage(route.includes('/page/') ? TagPagedPage : TagPage, {
    route,
    path: route.includes('/page/') ? '/tags/:tag/page/:page' : '/tags/:tag',
  });

function load(tag: string, page?: string) {
  const path = page ? `/tags/${tag}/page/${page}` : `/tags/${tag}`;
  const url = new URL(path, 'http://site.test');
  return TagPage.loader({
    params: page ? { tag, page } : { tag },
    request: new Request(url),
    url,
    pattern: page ? '/tags/:tag/page/:page' : '/tags/:tag',
    context: {},
  });
}

describe('TagPage (docs/decisions/132)', () => {
  it("shows the tag's newest articles as cards linking to their slugs, with the page links", async () => {
    const fetchMock = mockFetch(pageAnswer('zero-trust', 1, 12));
    renderTag('/tags/zero-trust');
    // The heading shows while the articles load, and stays.
    expect(screen.getByRole('heading', { level: 1, name: tagTitle('zero-trust') })).toBeVisible();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(ARTICLES_PER_PAGE);
    expect(screen.getByRole('heading', { level: 1, name: tagTitle('zero-trust') })).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      `${TEST_API_BASE}/articles?limit=10&offset=0&tag=zero-trust`,
    );
    expect(screen.getByText(tagIntro('zero-trust'))).toBeInTheDocument();
    expect(
      within(cards[0]!).getByRole('link', { name: new RegExp(`^${READ_MORE_LABEL}`) }),
    ).toHaveAttribute('href', '/article/slug-1');
    expect(screen.getByRole('link', { name: ALL_TAGS_LABEL })).toHaveAttribute('href', '/tags');
    expect(screen.getByRole('link', { name: TAG_FEED_LABEL })).toHaveAttribute(
      'href',
      '/tags/zero-trust/rss.xml',
    );
    const nav = screen.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: OLDER_ARTICLES_LABEL })).toHaveAttribute(
      'href',
      '/tags/zero-trust/page/2',
    );
    await waitFor(() => expect(document.title).toBe(siteTitle(tagTitle('zero-trust'))));
    expect(link('canonical')).toBe('http://site.test/tags/zero-trust');
    expect(link('next')).toBe('http://site.test/tags/zero-trust/page/2');
    expect(link('prev')).toBeUndefined();
    expect(feedLink()).toBe('http://site.test/tags/zero-trust/rss.xml');
  });

  it('shows a later page at /tags/:tag/page/:n, linking back to the first', async () => {
    mockFetch(pageAnswer('zero-trust', 2, 12));
    renderTag('/tags/zero-trust/page/2');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const nav = screen.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: NEWER_ARTICLES_LABEL })).toHaveAttribute(
      'href',
      '/tags/zero-trust',
    );
    expect(within(nav).queryByRole('link', { name: OLDER_ARTICLES_LABEL })).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe(siteTitle(`${tagTitle('zero-trust')}, page 2`)),
    );
    expect(link('canonical')).toBe('http://site.test/tags/zero-trust/page/2');
    expect(link('prev')).toBe('http://site.test/tags/zero-trust');
    expect(link('next')).toBeUndefined();
  });

  it('sends /tags/:tag/page/1 to /tags/:tag (a 302)', async () => {
    const fetchMock = mockFetch({});
    const state = await load('zero-trust', '1');
    expect(pageOutcome(state)).toEqual({ kind: 'redirect', location: '/tags/zero-trust' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is a 404 past the last page', async () => {
    mockFetch(pageAnswer('zero-trust', 3, 12));
    const state = await load('zero-trust', '3');
    expect(pageOutcome(state)).toEqual({ kind: 'not-found' });
    expect(
      TagPage.head({ data: state, params: { tag: 'zero-trust' }, url: new URL('http://x'), site }),
    ).toEqual({ title: NO_SUCH_PAGE_TITLE, noindex: true });
    renderTag('/tags/zero-trust/page/3');
    expect(await screen.findByText(NO_SUCH_PAGE_TEXT)).toBeInTheDocument();
  });

  it('is a 404 for a tag no public article has, saying so', async () => {
    mockFetch(pageAnswer('unused', 1, 0));
    const state = await load('unused');
    expect(pageOutcome(state)).toEqual({ kind: 'not-found' });
    expect(
      TagPage.head({ data: state, params: { tag: 'unused' }, url: new URL('http://x'), site }),
    ).toEqual({ title: TAG_NOT_FOUND_TITLE, noindex: true });
    renderTag('/tags/unused');
    expect(
      await screen.findByRole('heading', { level: 1, name: TAG_NOT_FOUND_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText(TAG_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ALL_TAGS_LABEL })).toHaveAttribute('href', '/tags');
    expect(screen.queryByRole('link', { name: TAG_FEED_LABEL })).toBeNull();
  });

  it.each(['Zero-Trust', 'zero_trust', 'a--b', '-a', 'x'.repeat(41), 'zero trust'])(
    'is a 404 for %j, which no tag can be, without asking the API',
    async (tag) => {
      const fetchMock = mockFetch({});
      const state = await load(tag);
      expect(pageOutcome(state)).toEqual({ kind: 'not-found' });
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('says the articles could not be loaded when the API fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /articles?limit=10&offset=0&tag=tls': { status: 500, body: { message: 'down' } },
    });
    renderTag('/tags/tls');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it("writes the tag's feed, canonical URL and breadcrumbs into the server's head", () => {
    const url = new URL('/tags/tls', site.siteUrl);
    const spec = TagPage.head({
      data: {
        status: 'loaded',
        articles: tagged(1, 1),
        position: { page: 1, pageCount: 1, hasNext: false },
      },
      params: { tag: 'tls' },
      url,
      site,
    });
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML = renderHeadTags(spec, site, url);
    const feeds = Array.from(
      doc.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]'),
      (feed) => feed.getAttribute('href'),
    );
    expect(feeds).toEqual(['http://site.test/rss.xml', 'http://site.test/tags/tls/rss.xml']);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://site.test/tags/tls',
    );
    expect(doc.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      tagIntro('tls'),
    );
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
