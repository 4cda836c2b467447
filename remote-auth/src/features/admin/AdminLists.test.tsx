// The dashboard's lists in pages, with search and filters, and the article editor's slug, tags
// and summaries (docs/decisions/131, 132), against a fake API that pages and filters as the
// content API does.
import { screen, waitFor, within } from '@testing-library/react';
import {
  ARTICLE_EXCERPT_LENGTH,
  META_DESCRIPTION_MAX_LENGTH,
  TAG_MAX_LENGTH,
} from '@portfolio/contract';
import { TOTAL_COUNT_HEADER } from '@portfolio/shared/api-client';
import { publicationState } from '@portfolio/shared/format';
import type { Article, Project } from '@portfolio/shared/types';
import { mockFetch, renderPage, setUpTestRuntimeConfig, TEST_API_BASE } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import {
  ARTICLE_SAVED,
  CONFIRM_DELETE_LABEL,
  CONTENT_LABEL,
  DELETE_LABEL,
  EDIT_LABEL,
  NEW_ARTICLE_LABEL,
  RETRY_LABEL,
  SAVE_DRAFT_LABEL,
  SAVE_LABEL,
  TITLE_LABEL,
} from '../../texts';
import {
  ALL_STATUSES,
  ARTICLE_PAGES_LABEL,
  EXCERPT_LABEL,
  NEXT_PAGE_LABEL,
  NO_MATCHES,
  CLEAR_FILTERS_LABEL,
  PREVIOUS_PAGE_LABEL,
  PROJECT_PAGES_LABEL,
  ARTICLE_LOAD_ERROR,
  SEARCH_ARTICLES_LABEL,
  SEARCH_PROJECTS_LABEL,
  SEO_DESCRIPTION_LABEL,
  SLUG_FROM_TITLE_HINT,
  SLUG_LABEL,
  STATUS_FILTER_LABEL,
  TAGS_LABEL,
  TAGS_PREVIEW_LABEL,
  TAG_FILTER_LABEL,
  addressHint,
  characterCount,
  invalidTags,
  itemCount,
  pageOfPages,
  tagChoiceLabel,
} from './admin-texts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const DAY = 86_400_000;

/** Article n: newest first by n, every third a draft, tagged "tls" when even. */
function article(n: number): Article {
  const createdAt = new Date(Date.UTC(2025, 0, 1) - n * DAY).toISOString();
  return {
    _id: `post-${n}`,
    slug: `post-${n}`,
    title: `Post ${n}`,
    content: `Full text of post ${n}.`,
    excerpt: `Post ${n}.`,
    createdAt,
    updatedAt: createdAt,
    status: n % 3 === 0 ? 'draft' : 'published',
    publishedAt: n % 3 === 0 ? null : createdAt,
    tags: n % 2 === 0 ? ['tls'] : ['linux'],
  };
}

interface FakeApi {
  fetchMock: jest.Mock;
  articles: Article[];
  /** The paths of every GET /articles list asked for. */
  listCalls(): URL[];
}

/** GET /articles pages and filters (limit, offset, query, state, tag) with X-Total-Count. */
function fakeArticlesApi(articles: Article[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const api: FakeApi = {
    articles,
    fetchMock: mockFetch({
      'GET /tags?include=drafts': () => ({
        body: [
          { tag: 'tls', count: api.articles.filter((a) => a.tags?.includes('tls')).length },
          { tag: 'linux', count: api.articles.filter((a) => a.tags?.includes('linux')).length },
        ],
      }),
      ...extra,
    }),
    listCalls: () =>
      api.fetchMock.mock.calls
        .map(([url]) => new URL(String(url)))
        .filter((url) => url.pathname === '/api/articles'),
  };
  const base = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname !== '/api/articles' || (init?.method ?? 'GET') !== 'GET') {
      return base?.(input, init);
    }
    const params = url.searchParams;
    const query = params.get('query')?.toLowerCase();
    const state = params.get('state');
    const tag = params.get('tag');
    const matching = api.articles.filter(
      (item) =>
        (!query || item.title.toLowerCase().includes(query)) &&
        (!state || publicationState(item).kind === state) &&
        (!tag || item.tags?.includes(tag)),
    );
    const offset = Number(params.get('offset'));
    const limit = Number(params.get('limit'));
    return new Response(JSON.stringify(matching.slice(offset, offset + limit)), {
      headers: {
        'Content-Type': 'application/json',
        [TOTAL_COUNT_HEADER]: String(matching.length),
      },
    });
  });
  return api;
}

const many = (count: number) => Array.from({ length: count }, (_, index) => article(index + 1));
const titles = () =>
  screen
    .getAllByTestId('publication-status')
    .map((badge) => badge.closest('li')?.querySelector('span')?.textContent);

function openArticles() {
  return renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=articles', auth: true });
}

describe('the articles list, a page at a time', () => {
  it('shows 20, says how many there are and pages through them', async () => {
    const api = fakeArticlesApi(many(45));
    const { user } = openArticles();
    expect(await screen.findByText('Post 1')).toBeInTheDocument();
    expect(titles()).toHaveLength(20);
    expect(screen.getByTestId('list-total')).toHaveTextContent(itemCount(45, 'article'));
    const pages = screen.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(pages).getByText(pageOfPages(1, 3))).toBeInTheDocument();
    const previous = within(pages).getByRole('button', { name: PREVIOUS_PAGE_LABEL });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(pages).getByRole('button', { name: NEXT_PAGE_LABEL }));
    expect(await screen.findByText('Post 21')).toBeInTheDocument();
    expect(within(pages).getByText(pageOfPages(2, 3))).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: NEXT_PAGE_LABEL }));
    expect(await screen.findByText('Post 45')).toBeInTheDocument();
    expect(titles()).toHaveLength(5);
    const next = within(pages).getByRole('button', { name: NEXT_PAGE_LABEL });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // At the end the button keeps the focus and does nothing.
    next.focus();
    await user.keyboard('{Enter}');
    expect(next).toHaveFocus();
    await user.click(previous);
    expect(await screen.findByText('Post 21')).toBeInTheDocument();

    // Never the whole list: every request names its page.
    const offsets = api.listCalls().map((url) => url.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '20', '40', '20']);
    expect(api.listCalls().every((url) => url.searchParams.get('limit') === '20')).toBe(true);
    expect(api.listCalls().every((url) => url.searchParams.get('include') === 'drafts')).toBe(true);
  });

  it('shows no page navigation for a list of one page', async () => {
    fakeArticlesApi(many(3));
    openArticles();
    expect(await screen.findByText('Post 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: ARTICLE_PAGES_LABEL })).not.toBeInTheDocument();
  });

  it('searches, filters by status and by tag, each from the first page', async () => {
    const api = fakeArticlesApi(many(45));
    const { user } = openArticles();
    await screen.findByText('Post 1');
    await user.click(screen.getByRole('button', { name: NEXT_PAGE_LABEL }));
    await screen.findByText('Post 21');

    await user.type(screen.getByLabelText(SEARCH_ARTICLES_LABEL), 'Post 4');
    expect(await screen.findByText('Post 40')).toBeInTheDocument();
    await waitFor(() =>
      expect(titles()).toEqual([
        'Post 4',
        ...many(45)
          .slice(39)
          .map((a) => a.title),
      ]),
    );
    let last = api.listCalls().at(-1);
    expect(last?.searchParams.get('query')).toBe('Post 4');
    expect(last?.searchParams.get('offset')).toBe('0');
    await user.clear(screen.getByLabelText(SEARCH_ARTICLES_LABEL));

    const status = screen.getByLabelText(STATUS_FILTER_LABEL);
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([ALL_STATUSES, 'Published', 'Scheduled', 'Draft']);
    await user.selectOptions(status, 'Draft');
    await waitFor(() => expect(api.listCalls().at(-1)?.searchParams.get('state')).toBe('draft'));
    await waitFor(() =>
      expect(titles()).toEqual([
        'Post 3',
        'Post 6',
        'Post 9',
        'Post 12',
        'Post 15',
        'Post 18',
        'Post 21',
        'Post 24',
        'Post 27',
        'Post 30',
        'Post 33',
        'Post 36',
        'Post 39',
        'Post 42',
        'Post 45',
      ]),
    );
    expect(screen.queryByRole('navigation', { name: ARTICLE_PAGES_LABEL })).not.toBeInTheDocument();

    const tag = screen.getByLabelText(TAG_FILTER_LABEL);
    expect(
      within(tag).getByRole('option', { name: tagChoiceLabel('tls', 22) }),
    ).toBeInTheDocument();
    await user.selectOptions(tag, 'tls');
    await waitFor(() => expect(api.listCalls().at(-1)?.searchParams.get('tag')).toBe('tls'));
    last = api.listCalls().at(-1);
    expect(last?.searchParams.get('state')).toBe('draft');
    await waitFor(() =>
      expect(titles()).toEqual([
        'Post 6',
        'Post 12',
        'Post 18',
        'Post 24',
        'Post 30',
        'Post 36',
        'Post 42',
      ]),
    );

    await user.type(screen.getByLabelText(SEARCH_ARTICLES_LABEL), 'nothing like it{Enter}');
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CLEAR_FILTERS_LABEL }));
    expect(await screen.findByText('Post 1')).toBeInTheDocument();
    expect(screen.getByLabelText(SEARCH_ARTICLES_LABEL)).toHaveValue('');
    expect(screen.getByLabelText(STATUS_FILTER_LABEL)).toHaveValue('');
    expect(screen.getByLabelText(TAG_FILTER_LABEL)).toHaveValue('');
  });

  it('goes back a page when a delete empties the one shown', async () => {
    const api = fakeArticlesApi(many(21), {
      'DELETE /articles/post-21': { status: 204 },
    });
    const { user } = openArticles();
    await screen.findByText('Post 1');
    await user.click(screen.getByRole('button', { name: NEXT_PAGE_LABEL }));
    await user.click(await screen.findByRole('button', { name: `${DELETE_LABEL} Post 21` }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    api.articles = api.articles.filter((item) => item._id !== 'post-21');
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    expect(await screen.findByText('Post 20')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toHaveLength(20));
    expect(screen.queryByRole('navigation', { name: ARTICLE_PAGES_LABEL })).not.toBeInTheDocument();
    expect(api.listCalls().map((url) => url.searchParams.get('offset'))).toEqual([
      '0',
      '20',
      '20',
      '0',
    ]);
  });

  it('reads the list of the page shown again after an edit', async () => {
    const api = fakeArticlesApi(many(25), {
      'GET /articles/post-22?include=drafts': () => ({
        body: { ...api.articles[21], previous: null, next: null },
      }),
      'PUT /articles/post-22': (init) => {
        const input = JSON.parse(String(init?.body)) as Partial<Article>;
        api.articles[21] = { ...api.articles[21]!, ...input };
        return { body: api.articles[21] };
      },
    });
    const { user } = openArticles();
    await screen.findByText('Post 1');
    await user.click(screen.getByRole('button', { name: NEXT_PAGE_LABEL }));
    await user.click(await screen.findByRole('button', { name: `${EDIT_LABEL} Post 22` }));
    const form = await screen.findByRole('form', { name: 'Edit article' });
    await user.clear(within(form).getByLabelText(TITLE_LABEL));
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Renamed');
    await user.click(within(form).getByRole('button', { name: SAVE_LABEL }));
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
    expect(screen.getByText(pageOfPages(2, 2))).toBeInTheDocument();
    expect(api.listCalls().at(-1)?.searchParams.get('offset')).toBe('20');
  });
});

describe('the article editor', () => {
  const FULL: Article = {
    ...article(2),
    title: 'TLS in Practice',
    slug: 'tls-in-practice',
    content: '# TLS\n\nThe whole text, which the list does not carry.',
    tags: ['tls', 'web-security'],
    customExcerpt: 'Certificates, ciphers and the handshake.',
    metaDescription: 'A practical guide to TLS.',
  };
  const LISTED: Article = { ...FULL, content: '' };

  it('opens the article it reads, with its slug, tags and summaries, and saves them', async () => {
    const { fetchMock } = fakeArticlesApi([LISTED], {
      'GET /articles/post-2?include=drafts': { body: { ...FULL, previous: null, next: null } },
      'PUT /articles/post-2': (init) => ({ body: { ...FULL, ...JSON.parse(String(init?.body)) } }),
    });
    const { user } = openArticles();
    await user.click(await screen.findByRole('button', { name: `${EDIT_LABEL} TLS in Practice` }));
    const form = await screen.findByRole('form', { name: 'Edit article' });
    expect(within(form).getByLabelText(CONTENT_LABEL)).toHaveValue(FULL.content);
    const slug = within(form).getByLabelText(SLUG_LABEL);
    expect(slug).toHaveValue('tls-in-practice');
    expect(slug).toHaveAccessibleDescription(addressHint('tls-in-practice'));
    expect(within(form).getByLabelText(TAGS_LABEL)).toHaveValue('tls, web-security');
    const excerpt = within(form).getByLabelText(EXCERPT_LABEL);
    expect(excerpt).toHaveValue(FULL.customExcerpt);
    expect(
      within(form).getByText(characterCount(FULL.customExcerpt!.length, ARTICLE_EXCERPT_LENGTH)),
    ).toBeInTheDocument();
    expect(excerpt).toHaveAttribute('maxlength', String(ARTICLE_EXCERPT_LENGTH));
    const description = within(form).getByLabelText(SEO_DESCRIPTION_LABEL);
    expect(description).toHaveAttribute('maxlength', String(META_DESCRIPTION_MAX_LENGTH));

    await user.clear(slug);
    await user.type(slug, 'TLS Guide');
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(addressHint('tls-guide')));
    const tags = within(form).getByLabelText(TAGS_LABEL);
    await user.clear(tags);
    await user.type(tags, 'TLS, Web Security,, tls , PKI');
    const chips = within(form).getByRole('list', { name: TAGS_PREVIEW_LABEL });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['tls', 'web-security', 'pki']);
    await user.clear(description);
    await user.click(within(form).getByRole('button', { name: SAVE_LABEL }));
    expect(await screen.findByText(ARTICLE_SAVED)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(put[1].body))).toEqual({
      title: 'TLS in Practice',
      content: FULL.content,
      slug: 'tls-guide',
      tags: ['tls', 'web-security', 'pki'],
      customExcerpt: FULL.customExcerpt,
      status: 'published',
    });
  });

  it('says when the article cannot be read, and tries again', async () => {
    let fail = true;
    fakeArticlesApi([LISTED], {
      'GET /articles/post-2?include=drafts': () =>
        fail ? { status: 500, body: {} } : { body: { ...FULL, previous: null, next: null } },
    });
    const { user } = openArticles();
    await user.click(await screen.findByRole('button', { name: `${EDIT_LABEL} TLS in Practice` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLE_LOAD_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: RETRY_LABEL }));
    const form = await screen.findByRole('form', { name: 'Edit article' });
    expect(within(form).getByLabelText(CONTENT_LABEL)).toHaveValue(FULL.content);
  });

  it('names the tags it cannot save and sends nothing', async () => {
    const { fetchMock } = fakeArticlesApi([]);
    const { user } = openArticles();
    await user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
    const form = screen.getByRole('form', { name: 'New article' });
    expect(within(form).getByLabelText(SLUG_LABEL)).toHaveAccessibleDescription(
      SLUG_FROM_TITLE_HINT,
    );
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Hello');
    await user.type(within(form).getByLabelText(CONTENT_LABEL), 'Text');
    await user.type(within(form).getByLabelText(TAGS_LABEL), 'C++, web, C#');
    await user.click(within(form).getByRole('button', { name: SAVE_DRAFT_LABEL }));
    const tags = within(form).getByLabelText(TAGS_LABEL);
    expect(tags).toHaveAccessibleDescription(
      expect.stringContaining(invalidTags(['c++', 'c#'], TAG_MAX_LENGTH)),
    );
    expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(tags).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the API’s 409 at the slug field', async () => {
    const message = 'The slug "taken" is already the address of another article.';
    fakeArticlesApi([], {
      'POST /articles': { status: 409, body: { message } },
    });
    const { user } = openArticles();
    await user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
    const form = screen.getByRole('form', { name: 'New article' });
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Hello');
    await user.type(within(form).getByLabelText(CONTENT_LABEL), 'Text');
    await user.type(within(form).getByLabelText(SLUG_LABEL), 'taken');
    await user.click(within(form).getByRole('button', { name: SAVE_DRAFT_LABEL }));
    const slug = within(form).getByLabelText(SLUG_LABEL);
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(slug).toHaveFocus();
    // Shown once, at its field.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: SAVE_DRAFT_LABEL })).toBeEnabled();
  });
});

describe('the projects list', () => {
  const project = (n: number): Project => ({
    _id: `project-${n}`,
    title: n % 5 === 0 ? `Lab ${n}` : `Tool ${n}`,
    description: 'A project.',
    imagePath: '/images/p.svg',
    createdAt: new Date(Date.UTC(2025, 0, 1) - n * DAY).toISOString(),
    updatedAt: '2025-01-01T00:00:00.000Z',
    status: n % 4 === 0 ? 'draft' : 'published',
  });

  it('is loaded once, then paged, searched by title and filtered in the browser', async () => {
    const fetchMock = mockFetch({
      'GET /projects?include=drafts': {
        body: Array.from({ length: 25 }, (_, index) => project(index + 1)),
      },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    expect(await screen.findByText('Tool 1')).toBeInTheDocument();
    expect(titles()).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: PROJECT_PAGES_LABEL });
    expect(within(pages).getByText(pageOfPages(1, 2))).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: NEXT_PAGE_LABEL }));
    expect(titles()).toEqual(['Tool 21', 'Tool 22', 'Tool 23', 'Tool 24', 'Lab 25']);

    await user.type(screen.getByLabelText(SEARCH_PROJECTS_LABEL), 'lab');
    await waitFor(() =>
      expect(titles()).toEqual(['Lab 5', 'Lab 10', 'Lab 15', 'Lab 20', 'Lab 25']),
    );
    await user.selectOptions(screen.getByLabelText(STATUS_FILTER_LABEL), 'Draft');
    expect(titles()).toEqual(['Lab 20']);
    // Projects have no tags to filter on.
    expect(screen.queryByLabelText(TAG_FILTER_LABEL)).not.toBeInTheDocument();
    const projectCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/projects'));
    expect(projectCalls.map(([url]) => String(url))).toEqual([
      `${TEST_API_BASE}/projects?include=drafts`,
    ]);
  });
});
