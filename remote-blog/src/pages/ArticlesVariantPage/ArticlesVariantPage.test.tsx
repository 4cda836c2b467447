import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TEST_RUNTIME_CONFIG,
  mockFetch,
  renderPage,
  setUpTestRuntimeConfig,
} from '@portfolio/testing';
import { makeArticle } from '@portfolio/testing/fixtures';
import {
  ARTICLE_PAGES_LABEL,
  ARTICLES_LOAD_ERROR,
  NEWER_ARTICLES_LABEL,
  NO_SUCH_PAGE_TEXT,
  OLDER_ARTICLES_LABEL,
  ARTICLES_VARIANT_TITLE,
  FULL_ARTICLE_LABEL,
  LOADING_ARTICLES,
  NO_CONTENT,
  READ_MORE_LABEL,
  UNTITLED,
} from '../../texts';
import * as ArticlesVariantPage from './ArticlesVariantPage';

setUpTestRuntimeConfig();

// Console spies must not carry calls from one test into the next.
afterEach(() => jest.restoreAllMocks());

function renderVariant(id = 'whatever') {
  return renderPage(ArticlesVariantPage, { route: `/articles/${id}`, path: '/articles/:id' });
}

const readMore = (card: HTMLElement) =>
  within(card).getByRole('link', { name: new RegExp(`^${READ_MORE_LABEL}`) });

describe('ArticlesVariantPage', () => {
  it('lists the articles from GET /articles, newest first, linking to /articles/{id}', async () => {
    const fetchMock = mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [
          makeArticle({ _id: 'old', title: 'Old', createdAt: '2024-01-01T00:00:00.000Z' }),
          makeArticle({ _id: 'new', title: 'New', createdAt: '2026-11-21T10:00:00.000Z' }),
        ],
      },
    });
    renderVariant('old');
    expect(screen.getByRole('heading', { level: 1, name: ARTICLES_VARIANT_TITLE })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_ARTICLES);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'New',
      'Old',
    ]);
    expect(readMore(cards[0]!)).toHaveAttribute('href', '/articles/new');
    expect(readMore(cards[1]!)).toHaveAttribute('href', '/articles/old');
    expect(within(cards[0]!).getByText('Nov 21, 2026')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends an id of no card on the page to the page of its first card: one address a page', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [
          makeArticle({ _id: 'old', title: 'Old', createdAt: '2024-01-01T00:00:00.000Z' }),
          makeArticle({ _id: 'new', title: 'New', createdAt: '2026-11-21T10:00:00.000Z' }),
        ],
      },
    });
    const state = await ArticlesVariantPage.loader({
      request: new Request('http://localhost/articles/random-value'),
      params: { id: 'random-value' },
      context: {},
      // The loader reads only these of the router's arguments.
    } as never);
    // The site's server answers it with a 302; the page is kept once, under /articles/new.
    expect(state).toEqual({ status: 'redirect', location: '/articles/new' });
    // In the browser the list goes there too, with the first card marked.
    renderVariant('random-value');
    await waitFor(() =>
      expect(readMore(screen.getAllByRole('article')[0]!)).toHaveAttribute('aria-current', 'page'),
    );
    expect(readMore(screen.getAllByRole('article')[0]!)).toHaveAttribute('href', '/articles/new');
  });

  it('also gives each card a link to the full article at /article/{id}', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [makeArticle({ _id: 'a', title: 'Alpha' }), makeArticle({ _id: 'b b' })],
      },
    });
    renderVariant('a');
    const cards = await screen.findAllByRole('article');
    const fullArticle = (card: HTMLElement) =>
      within(card).getByRole('link', { name: new RegExp(`^${FULL_ARTICLE_LABEL}`) });
    expect(fullArticle(cards[0]!)).toHaveAttribute('href', '/article/a');
    expect(fullArticle(cards[0]!)).toHaveAccessibleName(`${FULL_ARTICLE_LABEL} about Alpha`);
    expect(fullArticle(cards[1]!)).toHaveAttribute('href', '/article/b%20b');
    // The original Read More link is kept as it was (docs/product.md#quirks-kept-on-purpose).
    expect(readMore(cards[0]!)).toHaveAttribute('href', '/articles/a');
  });

  it('marks the card of the id in the address as the current page', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [makeArticle({ _id: 'a' }), makeArticle({ _id: 'b' })],
      },
    });
    renderVariant('b');
    const cards = await screen.findAllByRole('article');
    expect(readMore(cards[0]!)).not.toHaveAttribute('aria-current');
    expect(readMore(cards[1]!)).toHaveAttribute('aria-current', 'page');
  });

  it('stays on the list when a card is followed', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': { body: [makeArticle({ _id: 'a', title: 'Alpha' })] },
    });
    renderVariant('x');
    const user = userEvent.setup();
    await user.click(readMore((await screen.findAllByRole('article'))[0]!));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    // The list stays; the followed card becomes the current one once the page's data is in.
    await waitFor(() =>
      expect(readMore(screen.getByRole('article'))).toHaveAttribute('aria-current', 'page'),
    );
  });

  it("uses the same fallbacks: 'Untitled' and 'No content available.'", async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': { body: [makeArticle({ title: '', content: '' })] },
    });
    renderVariant();
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByRole('heading')).toHaveTextContent(UNTITLED);
    expect(within(card!).getByText(NO_CONTENT)).toBeInTheDocument();
  });

  it('shows the list error message when the list fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /articles?limit=10&offset=0': new TypeError('Failed to fetch') });
    renderVariant();
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLES_LOAD_ERROR);
  });
});

describe('ArticlesVariantPage: pages of the list', () => {
  const articles = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) =>
      makeArticle({
        _id: `a${from + index}`,
        title: `Article ${from + index}`,
        createdAt: new Date(Date.UTC(2026, 0, 100 - from - index)).toISOString(),
      }),
    );
  const link = (rel: string) =>
    document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute('href');

  it('shows ?page=2 with its neighbours, keeping the page in the cards links', async () => {
    const fetchMock = mockFetch({
      'GET /articles?limit=10&offset=10': {
        body: articles(11, 10),
        headers: { 'X-Total-Count': '25' },
      },
    });
    renderPage(ArticlesVariantPage, { route: '/articles/a12?page=2', path: '/articles/:id' });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readMore(cards[1]!)).toHaveAttribute('href', '/articles/a12?page=2');
    expect(readMore(cards[1]!)).toHaveAttribute('aria-current', 'page');
    const nav = screen.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: NEWER_ARTICLES_LABEL })).toHaveAttribute(
      'href',
      '/articles/a12',
    );
    expect(within(nav).getByRole('link', { name: OLDER_ARTICLES_LABEL })).toHaveAttribute(
      'href',
      '/articles/a12?page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const site = TEST_RUNTIME_CONFIG.siteUrl;
    await waitFor(() => expect(link('canonical')).toBe(`${site}/articles/a12?page=2`));
    expect(link('prev')).toBe(`${site}/articles/a12`);
    expect(link('next')).toBe(`${site}/articles/a12?page=3`);
  });

  it.each(['4', '0', 'x', ''])('?page=%s is not found', async (page) => {
    mockFetch({
      'GET /articles?limit=10&offset=30': { body: [], headers: { 'X-Total-Count': '25' } },
    });
    renderPage(ArticlesVariantPage, { route: `/articles/a1?page=${page}`, path: '/articles/:id' });
    expect(await screen.findByText(new RegExp(NO_SUCH_PAGE_TEXT))).toBeInTheDocument();
  });
});
