import { act, screen, waitFor, within } from '@testing-library/react';
import { TEST_API_BASE, mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeSearchResult } from '@portfolio/testing/fixtures';
import {
  ALL_TAGS_LABEL,
  MORE_RESULTS_LABEL,
  NO_CONTENT,
  NO_SUCH_PAGE_TEXT,
  PREVIOUS_RESULTS_LABEL,
  SEARCHING,
  SEARCH_PAGES_LABEL,
  SEARCH_TITLE,
  TAG_FILTER_LABEL,
  TAG_FILTER_SUBMIT,
  noResultsText,
  taggedSearchSummary,
} from '../../texts';
import { SEARCH_RESULTS_PER_PAGE } from '../../features/search/search-state';
import * as SearchPage from './SearchPage';

setUpTestRuntimeConfig();

// Console spies must not carry calls from one test into the next.
afterEach(() => jest.restoreAllMocks());

function renderSearch(url: string) {
  return renderPage(SearchPage, { route: url, path: '/search-article' });
}

/** The search calls a fetch mock saw (the page also asks for the tags its filter offers). */
const searches = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/search?'));

const marks = (element: HTMLElement) =>
  Array.from(element.querySelectorAll('mark'), (mark) => mark.textContent);

describe('SearchPage', () => {
  it('shows results with title, date, highlighted snippet and a link to /article/{id}', async () => {
    const fetchMock = mockFetch({
      'GET /search?query=zero+trust&limit=10': {
        body: [
          makeSearchResult({
            _id: 'zt',
            title: 'Zero Trust in Practice',
            createdAt: '2026-11-21T10:00:00.000Z',
            snippet:
              '...never <mark>trust</mark>, always verify: <mark>zero</mark> &lt;b&gt;implicit&lt;/b&gt; &amp; more...',
          }),
        ],
      },
    });
    renderSearch('/search-article?query=zero%20trust');
    expect(screen.getByRole('heading', { level: 1, name: SEARCH_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SEARCHING);
    const result = await screen.findByRole('article');
    expect(searches(fetchMock)).toEqual([`${TEST_API_BASE}/search?query=zero+trust&limit=10`]);
    expect(within(result).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Zero Trust in Practice',
    );
    expect(within(result).getByRole('link', { name: 'Zero Trust in Practice' })).toHaveAttribute(
      'href',
      '/article/zt',
    );
    expect(result.querySelector('time')).toHaveTextContent('Nov 21, 2026');
    const snippet = result.querySelector('p')!;
    expect(marks(snippet)).toEqual(['trust', 'zero']);
    // Escaped markup in the snippet stays text: no <b> element, the characters are shown.
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet).toHaveTextContent(
      '...never trust, always verify: zero <b>implicit</b> & more...',
    );
  });

  it("shows 'No content available.' when the API's snippet is empty (an article without text)", async () => {
    mockFetch({
      'GET /search?query=phishing&limit=10': {
        body: [makeSearchResult({ content: '', snippet: '' })],
      },
    });
    renderSearch('/search-article?query=phishing');
    expect(await screen.findByText(NO_CONTENT)).toBeInTheDocument();
  });

  it('shows the no-results text with the query when nothing is found', async () => {
    mockFetch({ 'GET /search?query=quantum&limit=10': { body: [] } });
    renderSearch('/search-article?query=%20quantum%20');
    expect(
      await screen.findByText('No articles found for "quantum". Try a different search term.'),
    ).toBeInTheDocument();
    expect(noResultsText('quantum')).toBe(
      'No articles found for "quantum". Try a different search term.',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  // docs/decisions/052: the client checks the answer against the API's contract.
  it.each<[string, unknown]>([
    ['an object instead of the list', { results: [] }],
    ['a result without a title', [{ _id: 'a', content: 'x', createdAt: 'd', snippet: '' }]],
    ['a snippet that is not text', [{ ...makeSearchResult(), snippet: ['<mark>tls</mark>'] }]],
  ])('treats %s as a failed search (logged, no message), never a crash', async (_, body) => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /search?query=tls&limit=10': { body: body as object } });
    renderSearch('/search-article?query=tls');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(consoleError).toHaveBeenCalledWith('Article search failed', expect.any(Error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('logs a failed search and shows no message (spec)', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /search?query=tls&limit=10': { status: 500, body: { message: 'boom' } } });
    renderSearch('/search-article?query=tls');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(consoleError).toHaveBeenCalledWith('Article search failed', expect.any(Error));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/No articles found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it.each(['/search-article', '/search-article?query=', '/search-article?query=%20%20%20'])(
    'does nothing for an empty query (%s)',
    async (url) => {
      const fetchMock = mockFetch({});
      renderSearch(url);
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.queryByText(/No articles found/)).not.toBeInTheDocument();
    },
  );

  it('searches again when the query changes, aborting the previous search', async () => {
    const signals: Record<string, AbortSignal> = {};
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const query = new URL(String(input)).searchParams.get('query')!;
      signals[query] = init!.signal!;
      if (query === 'slow') {
        // Never answers on its own; only the abort ends it.
        return new Promise<Response>((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason));
        });
      }
      return Promise.resolve(
        new Response(JSON.stringify([makeSearchResult({ title: `About ${query}` })]), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }) as unknown as typeof fetch;
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const page = renderSearch('/search-article?query=slow');
    expect(await screen.findByText(SEARCHING)).toBeInTheDocument();
    await page.navigate('/search-article?query=mfa');
    expect(signals.slow?.aborted).toBe(true);
    expect(await screen.findByRole('link', { name: 'About mfa' })).toBeInTheDocument();

    await page.navigate('/search-article?query=tls');
    expect(await screen.findByRole('link', { name: 'About tls' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About mfa' })).not.toBeInTheDocument();
    expect(screen.getByText('Results for "tls"')).toBeInTheDocument();
    // An aborted search is not a failure.
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('SearchPage: pages of results', () => {
  const results = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) =>
      makeSearchResult({ _id: `r${from + index}`, title: `Result ${from + index}` }),
    );

  it(`shows ${SEARCH_RESULTS_PER_PAGE} results a page, with a link to more`, async () => {
    mockFetch({
      'GET /search?query=tls&limit=10': {
        body: results(1, SEARCH_RESULTS_PER_PAGE),
        headers: { 'X-Total-Count': '15' },
      },
    });
    renderSearch('/search-article?query=tls');
    expect(await screen.findAllByRole('article')).toHaveLength(SEARCH_RESULTS_PER_PAGE);
    const nav = screen.getByRole('navigation', { name: SEARCH_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: MORE_RESULTS_LABEL })).toHaveAttribute(
      'href',
      '/search-article?query=tls&page=2',
    );
  });

  it('shows the second page of results from ?page=2', async () => {
    const fetchMock = mockFetch({
      'GET /search?query=tls&limit=10&offset=10': {
        body: results(11, 5),
        headers: { 'X-Total-Count': '15' },
      },
    });
    renderSearch('/search-article?query=tls&page=2');
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(searches(fetchMock)).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: SEARCH_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: PREVIOUS_RESULTS_LABEL })).toHaveAttribute(
      'href',
      '/search-article?query=tls',
    );
    expect(within(nav).queryByRole('link', { name: MORE_RESULTS_LABEL })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it.each(['3', '0', '-2', 'next'])('?page=%s past the results is not found', async (page) => {
    mockFetch({
      'GET /search?query=tls&limit=10&offset=20': { body: [], headers: { 'X-Total-Count': '15' } },
    });
    renderSearch(`/search-article?query=tls&page=${page}`);
    expect(await screen.findByText(NO_SUCH_PAGE_TEXT)).toBeInTheDocument();
  });
});

describe('SearchPage: the tag filter (docs/decisions/132)', () => {
  const TAGS = {
    'GET /tags': {
      body: [
        { tag: 'security', count: 5 },
        { tag: 'tls', count: 2 },
      ],
    },
  };

  it('offers every tag, "All tags" first and chosen, and asks for the search within one', async () => {
    mockFetch({
      ...TAGS,
      'GET /search?query=tls&limit=10': { body: [makeSearchResult({ title: 'Any' })] },
      'GET /search?query=tls&tag=security&limit=10': {
        body: [makeSearchResult({ _id: 'in-tag', slug: 'in-tag-slug', title: 'In the tag' })],
      },
    });
    const page = renderSearch('/search-article?query=tls');
    const select = await screen.findByRole('combobox', { name: TAG_FILTER_LABEL });
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.text)).toEqual([
      ALL_TAGS_LABEL,
      'security',
      'tls',
    ]);
    expect(select).toHaveValue('');
    await page.user.selectOptions(select, 'security');
    await page.user.click(screen.getByRole('button', { name: TAG_FILTER_SUBMIT }));
    expect(await screen.findByRole('link', { name: 'In the tag' })).toHaveAttribute(
      'href',
      '/article/in-tag-slug',
    );
    expect(page.router.state.location.search).toBe('?query=tls&tag=security');
    expect(screen.getByText(taggedSearchSummary('tls', 'security'))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: TAG_FILTER_LABEL })).toHaveValue('security');
  });

  it('is a plain GET form of the search page, which works without JavaScript', async () => {
    mockFetch({ ...TAGS, 'GET /search?query=tls&limit=10': { body: [] } });
    renderSearch('/search-article?query=tls');
    const select = await screen.findByRole('combobox', { name: TAG_FILTER_LABEL });
    const form = select.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search-article');
    expect(form.querySelector('input[type="hidden"][name="query"]')).toHaveValue('tls');
    expect(select).toHaveAttribute('name', 'tag');
    // Offered with no results too: another tag may have some.
    expect(screen.getByText(noResultsText('tls'))).toBeInTheDocument();
  });

  it('keeps the tag in the links to the other pages of results', async () => {
    mockFetch({
      ...TAGS,
      'GET /search?query=tls&tag=security&limit=10&offset=10': {
        body: Array.from({ length: SEARCH_RESULTS_PER_PAGE }, (_, n) =>
          makeSearchResult({ _id: `r${n}`, title: `Result ${n}` }),
        ),
        headers: { 'X-Total-Count': '60' },
      },
    });
    renderSearch('/search-article?query=tls&tag=security&page=2');
    const nav = await screen.findByRole('navigation', { name: SEARCH_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: PREVIOUS_RESULTS_LABEL })).toHaveAttribute(
      'href',
      '/search-article?query=tls&tag=security',
    );
    expect(within(nav).getByRole('link', { name: MORE_RESULTS_LABEL })).toHaveAttribute(
      'href',
      '/search-article?query=tls&tag=security&page=3',
    );
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="next"]')?.getAttribute('href')).toBe(
        'http://site.test/search-article?query=tls&tag=security&page=3',
      ),
    );
  });

  it('searches every tag for an empty ?tag=, and finds no page for a name no tag can have', async () => {
    const fetchMock = mockFetch({ ...TAGS, 'GET /search?query=tls&limit=10': { body: [] } });
    renderSearch('/search-article?query=tls&tag=');
    expect(await screen.findByText(noResultsText('tls'))).toBeInTheDocument();
    fetchMock.mockClear();
    renderSearch('/search-article?query=tls&tag=Not%20A%20Tag');
    expect(await screen.findByText(NO_SUCH_PAGE_TEXT)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the tag in use even when the tags cannot be had, and nothing else', async () => {
    mockFetch({
      'GET /tags': { status: 500, body: { message: 'down' } },
      'GET /search?query=tls&tag=tls&limit=10': { body: [makeSearchResult({ title: 'Kept' })] },
    });
    renderSearch('/search-article?query=tls&tag=tls');
    const select = await screen.findByRole('combobox', { name: TAG_FILTER_LABEL });
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.value)).toEqual([
      '',
      'tls',
    ]);
  });
});
