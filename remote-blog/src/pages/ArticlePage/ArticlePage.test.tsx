import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TEST_API_BASE,
  TEST_RUNTIME_CONFIG,
  mockFetch,
  renderPage,
  siteTitle,
  setUpTestRuntimeConfig,
} from '@portfolio/testing';
import {
  COMMENT_ORDER_PARAM,
  COMMENT_PAGE_PARAM,
  COMMENT_THREAD_PARAM,
  COMMENT_REPLIES_PARAM,
  COMMENT_REPLIES_SHOWN,
  NEWSLETTER_FORM,
} from '@portfolio/contract';
import { makeArticle, makeArticleDetail, makeImage } from '@portfolio/testing/fixtures';
import { renderHeadTags, siteContext } from '@portfolio/shared/head';
import { pageOutcome } from '@portfolio/shared/page-data';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import { formatPublicationTime } from '@portfolio/shared/format';
import { DRAFT_NOTICE_TEXT, DRAFT_NOTICE_TITLE } from '@portfolio/shared/ui';
import {
  ARTICLE_LOAD_ERROR,
  ARTICLE_NAVIGATION_LABEL,
  ARTICLE_NOT_FOUND_TEXT,
  ARTICLE_NOT_FOUND_TITLE,
  BACK_TO_BLOG_LABEL,
  COMMENTS_TITLE,
  COMMENT_PAGES_LABEL,
  NO_COMMENTS,
  POST_COMMENT_LABEL,
  SIGN_IN_LINK_TEXT,
  SIGN_UP_LINK_TEXT,
  commentCountLabel,
  replyToLabel,
  showRepliesLabel,
  ALL_COMMENTS_LABEL,
  EARLIER_REPLIES_LABEL,
  LATER_REPLIES_LABEL,
  REPLY_PAGES_LABEL,
  COMMENT_ORDER_LABEL,
  LOADING_ARTICLE,
  NEXT_ARTICLE_LABEL,
  NO_CONTENT,
  PREVIOUS_ARTICLE_LABEL,
  RELATED_ARTICLES_TITLE,
  SHARE_LINKEDIN,
  SHARE_TITLE,
  SHARE_X,
  TABLE_OF_CONTENTS_TITLE,
  TAGS_LABEL,
  UNTITLED,
  shareLinkLabel,
  updatedLabel,
} from '../../texts';
import * as ArticlePage from './ArticlePage';
import blogRoutes from '../../routes.json';

setUpTestRuntimeConfig();

// Console spies must not carry calls from one test into the next.
afterEach(() => jest.restoreAllMocks());

const CONTENT = [
  '# Patch everything',
  '',
  'Install updates **first**, then read the [guide](https://example.test/guide).',
  '',
  '```bash',
  'sudo apt update # refresh',
  '```',
  '',
  '## Lock down SSH',
  '',
  'Set `PermitRootLogin no`.',
].join('\n');

const NO_COMMENTS_PAGE = { threads: [], total: 0, page: 1, pages: 1, order: 'newest' };

/** mockFetch(), where each article the routes answer has no comments unless they say. */
function mockArticleFetch(routes: Parameters<typeof mockFetch>[0]): jest.Mock {
  const comments = Object.fromEntries(
    Object.keys(routes)
      .filter((route) => /^GET \/articles\/[^/?]+$/.test(route))
      .map((route) => [`${route}/comments`, { body: NO_COMMENTS_PAGE }]),
  );
  return mockFetch({ ...comments, ...routes });
}

/** The calls for the article itself, not for its comments (loaded beside it). */
const articleCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([called]) => String(called))
    .filter((called) => !called.split('?')[0]?.endsWith('/comments'));

function renderArticle(id: string) {
  return renderPage(ArticlePage, { route: `/article/${id}`, path: '/article/:id', auth: true });
}

const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="Site description">';
  document.title = 'Site';
});

describe('ArticlePage', () => {
  it('shows the article: title, date, reading time, image and rendered Markdown', async () => {
    const fetchMock = mockArticleFetch({
      'GET /articles/hardening': {
        body: makeArticleDetail({
          _id: 'hardening',
          title: 'Hardening Linux',
          content: CONTENT,
          imagePath: '/images/linux.svg',
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
      },
    });
    renderArticle('hardening');
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_ARTICLE);
    const title = await screen.findByRole('heading', { level: 1, name: 'Hardening Linux' });
    expect(title).toBeInTheDocument();
    expect(articleCalls(fetchMock)).toHaveLength(1);
    const article = screen.getByRole('article');
    const time = article.querySelector('time');
    expect(time).toHaveTextContent('Nov 21, 2026');
    expect(time).toHaveAttribute('dateTime', '2026-11-21T10:00:00.000Z');
    expect(within(article).getByText('1 min read')).toBeInTheDocument();
    expect(article.querySelector('img')).toHaveAttribute(
      'src',
      `${TEST_API_BASE}/images/linux.svg`,
    );
    // Markdown rendered, its headings below the page's h1, in order.
    expect(
      screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent]),
    ).toEqual([
      ['H1', 'Hardening Linux'],
      ['H2', 'Patch everything'],
      ['H3', 'Lock down SSH'],
      // The article's footer (docs/decisions/170).
      ['H2', SHARE_TITLE],
      // The newsletter's form, then its comments (docs/decisions/206, 200).
      ['H2', NEWSLETTER_FORM.heading],
      ['H2', COMMENTS_TITLE],
    ]);
    expect(within(article).getByText('first').tagName).toBe('STRONG');
    expect(within(article).getByRole('link', { name: 'guide' })).toHaveAttribute(
      'href',
      'https://example.test/guide',
    );
    const code = article.querySelector('pre code.language-bash');
    expect(code?.querySelector('.hljs-comment')).toHaveTextContent('# refresh');
  });

  // docs/decisions/123: the photo fits the screen, and is preloaded as the page's largest paint.
  it('shows a photo at its size from the variant the screen needs, preloaded from the head', async () => {
    const image = makeImage({ path: '/images/tls-photo.jpg' });
    const article = makeArticleDetail({ _id: 'tls', imagePath: image.path, image });
    mockArticleFetch({ 'GET /articles/tls': { body: article } });
    const { container } = renderPage(ArticlePage, {
      route: '/article/tls',
      path: '/article/:id',
      auth: true,
    });
    await screen.findByRole('heading', { level: 1 });
    const img = container.querySelector('article img') as HTMLImageElement;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['4000', '3000']);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const avif = img.closest('picture')?.querySelector('source[type="image/avif"]');
    expect(avif).toHaveAttribute(
      'srcset',
      expect.stringContaining(`${TEST_API_BASE}/images/tls-photo.jpg/1280.avif 1280w`),
    );
    const site = siteContext(TEST_RUNTIME_CONFIG);
    const url = new URL('/article/tls', site.siteUrl);
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML = renderHeadTags(
      ArticlePage.head({
        data: { status: 'loaded', article, html: '', outline: [], comments: { status: 'none' } },
        params: {},
        url,
        site,
      }),
      site,
      url,
    );
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('imagesrcset')).toBe(avif?.getAttribute('srcset'));
    expect(preload?.getAttribute('imagesizes')).toBe(img.getAttribute('sizes'));
  });

  it('estimates the reading time at about 200 words a minute', async () => {
    mockArticleFetch({
      'GET /articles/long': { body: makeArticleDetail({ content: 'word '.repeat(1001) }) },
    });
    renderArticle('long');
    expect(await screen.findByText('6 min read')).toBeInTheDocument();
  });

  it('renders hostile content inert', async () => {
    mockArticleFetch({
      'GET /articles/evil': {
        body: makeArticleDetail({
          title: 'Evil',
          content:
            '<script>window.hacked = true</script>\n\n<img src=x onerror="window.hacked = true">\n\n[x](javascript:alert(1)) <a href="javascript:alert(2)">y</a>\n\n<iframe src="https://evil.test"></iframe>',
        }),
      },
    });
    renderArticle('evil');
    const article = await screen.findByRole('article');
    expect(article.querySelector('script, iframe')).toBeNull();
    expect(article.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('links to the previous (older) and next (newer) article', async () => {
    mockArticleFetch({
      'GET /articles/middle': {
        body: makeArticleDetail({
          _id: 'middle',
          title: 'Middle',
          previous: { _id: 'older', title: 'Older one' },
          next: { _id: 'newer', title: '' },
        }),
      },
    });
    renderArticle('middle');
    const nav = await screen.findByRole('navigation', { name: ARTICLE_NAVIGATION_LABEL });
    const previous = within(nav).getByRole('link', { name: /Previous article/ });
    expect(previous).toHaveAttribute('href', '/article/older');
    expect(previous).toHaveTextContent(`${PREVIOUS_ARTICLE_LABEL}Older one`);
    const next = within(nav).getByRole('link', { name: /Next article/ });
    expect(next).toHaveAttribute('href', '/article/newer');
    expect(next).toHaveTextContent(`${NEXT_ARTICLE_LABEL} →${UNTITLED}`);
    expect(screen.getByRole('link', { name: BACK_TO_BLOG_LABEL })).toHaveAttribute('href', '/blog');
  });

  it('has no neighbour navigation for the only article, and shows the content fallbacks', async () => {
    mockArticleFetch({
      'GET /articles/only': { body: makeArticleDetail({ title: '', content: '' }) },
    });
    renderArticle('only');
    expect(await screen.findByRole('heading', { level: 1, name: UNTITLED })).toBeInTheDocument();
    expect(screen.getByText(NO_CONTENT)).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: ARTICLE_NAVIGATION_LABEL }),
    ).not.toBeInTheDocument();
  });

  it('loads the next article when its link is followed', async () => {
    mockArticleFetch({
      'GET /articles/one': {
        body: makeArticleDetail({ _id: 'one', title: 'One', next: { _id: 'two', title: 'Two' } }),
      },
      'GET /articles/two': {
        body: makeArticleDetail({
          _id: 'two',
          title: 'Two',
          previous: { _id: 'one', title: 'One' },
        }),
      },
    });
    renderArticle('one');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Next article/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous article/ })).toHaveAttribute(
      'href',
      '/article/one',
    );
  });

  it('shows a not-found page with a way back for an unknown id', async () => {
    mockArticleFetch({
      'GET /articles/nope': { status: 404, body: { message: 'Article not found' } },
    });
    renderArticle('nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: ARTICLE_NOT_FOUND_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText(ARTICLE_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BACK_TO_BLOG_LABEL })).toHaveAttribute('href', '/blog');
    expect(document.title).toBe(siteTitle(ARTICLE_NOT_FOUND_TITLE));
    expect(robots()).toBe('noindex');
  });

  // Security round 4, finding E: an id the API refuses is no article either.
  it.each(['TLS-in-practice', 'x%20y', 'a;b=c'])(
    'answers an id the API refuses (400), %s, with the not-found state (a 404), not unavailable',
    async (id) => {
      const refused = { status: 400, body: { message: 'params/id must match pattern' } };
      const fetchMock = mockArticleFetch({
        [`GET /articles/${encodeURIComponent(decodeURIComponent(id))}`]: refused,
      });
      const url = new URL(`http://site.test/article/${id}`);
      const state = await ArticlePage.loader({
        params: { id: decodeURIComponent(id) },
        request: new Request(url),
        url,
        pattern: '/article/:id',
        context: {},
      });
      // What the site's server reads: a 404 page without reloadData (shell/src/render/render.tsx).
      expect(pageOutcome(state)).toEqual({ kind: 'not-found' });
      renderArticle(id);
      expect(
        await screen.findByRole('heading', { level: 1, name: ARTICLE_NOT_FOUND_TITLE }),
      ).toBeInTheDocument();
      expect(screen.getByText(ARTICLE_NOT_FOUND_TEXT)).toBeInTheDocument();
      expect(articleCalls(fetchMock)).toHaveLength(2);
    },
  );

  // docs/decisions/052: the client checks the answer against the API's contract.
  it.each<[string, unknown]>([
    ['a list instead of the article', [makeArticleDetail()]],
    ['content that is not text', { ...makeArticleDetail(), content: { markdown: '# x' } }],
    ['neighbours missing', makeArticle()],
    ['a neighbour without its id', { ...makeArticleDetail(), next: { title: 'Next' } }],
  ])('shows the load error, never a crash, for %s', async (_, body) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockArticleFetch({ 'GET /articles/odd': { body: body as object } });
    renderArticle('odd');
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLE_LOAD_ERROR);
    expect(screen.queryByText(ARTICLE_NOT_FOUND_TEXT)).not.toBeInTheDocument();
  });

  it('shows an error, not "not found", when the call fails otherwise', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockArticleFetch({ 'GET /articles/down': { status: 503, body: { message: 'unavailable' } } });
    renderArticle('down');
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLE_LOAD_ERROR);
    expect(screen.queryByText(ARTICLE_NOT_FOUND_TEXT)).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('sets the document title, description and canonical URL from its head', async () => {
    mockArticleFetch({
      'GET /articles/meta': {
        body: makeArticleDetail({
          _id: 'meta',
          title: 'Zero Trust',
          content: '## Intro\n\nNever **trust**, always verify.',
          excerpt: 'Intro. Never trust, always verify.',
        }),
      },
    });
    renderArticle('meta');
    await waitFor(() => expect(document.title).toBe(siteTitle('Zero Trust')));
    expect(description()).toBe('Intro. Never trust, always verify.');
    expect(canonical()).toBe('http://site.test/article/meta');
    expect(robots()).toBeUndefined();
  });
});

describe('ArticlePage: slugs, tags and descriptions (docs/decisions/132)', () => {
  const url = (segment: string) => new URL(`http://site.test/article/${segment}`);
  const load = (segment: string) =>
    ArticlePage.loader({
      params: { id: segment },
      request: new Request(url(segment)),
      url: url(segment),
      pattern: '/article/:id',
      context: { session: null },
    });
  const site = siteContext(TEST_RUNTIME_CONFIG);

  it('answers an id or a former slug with a permanent redirect (301) to the slug', async () => {
    const article = makeArticleDetail({ _id: 'tls-in-practice', slug: 'tls-13-in-practice' });
    mockArticleFetch({
      'GET /articles/tls-in-practice': { body: article },
      'GET /articles/old-tls-slug': { body: article },
    });
    for (const segment of ['tls-in-practice', 'old-tls-slug']) {
      const state = await load(segment);
      expect(state).toEqual({
        status: 'redirect',
        location: '/article/tls-13-in-practice',
        permanent: true,
      });
      // What the site's server reads: a 301 (shell/src/render/render.tsx).
      expect(pageOutcome(state)).toEqual({
        kind: 'redirect',
        location: '/article/tls-13-in-practice',
        permanent: true,
      });
    }
  });

  it('shows the article at its slug; an API without slugs keeps the id as the address', async () => {
    mockArticleFetch({
      'GET /articles/tls-13-in-practice': {
        body: makeArticleDetail({ _id: 'tls-in-practice', slug: 'tls-13-in-practice' }),
      },
      'GET /articles/older-api': { body: makeArticleDetail({ _id: 'older-api' }) },
    });
    expect(await load('tls-13-in-practice')).toMatchObject({ status: 'loaded' });
    expect(await load('older-api')).toMatchObject({ status: 'loaded' });
  });

  it('in the browser, replaces the address with the slug and shows the article', async () => {
    const article = makeArticleDetail({
      _id: 'tls-in-practice',
      slug: 'tls-13',
      title: 'TLS 1.3 in practice',
    });
    const fetchMock = mockArticleFetch({
      'GET /articles/tls-in-practice': { body: article },
      'GET /articles/tls-13': { body: article },
    });
    const page = renderArticle('tls-in-practice');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TLS 1.3 in practice' }),
    ).toBeInTheDocument();
    expect(page.router.state.location.pathname).toBe('/article/tls-13');
    expect(page.router.state.historyAction).toBe('REPLACE');
    expect(articleCalls(fetchMock)).toEqual([
      `${TEST_API_BASE}/articles/tls-in-practice`,
      `${TEST_API_BASE}/articles/tls-13`,
    ]);
    await waitFor(() => expect(canonical()).toBe('http://site.test/article/tls-13'));
  });

  it('links the neighbours by their slugs', async () => {
    mockArticleFetch({
      'GET /articles/middle': {
        body: makeArticleDetail({
          _id: 'middle',
          slug: 'middle',
          previous: { _id: 'older', title: 'Older', slug: 'older-renamed' },
          next: { _id: 'newer', title: 'Newer' },
        }),
      },
    });
    renderArticle('middle');
    const nav = await screen.findByRole('navigation', { name: ARTICLE_NAVIGATION_LABEL });
    expect(within(nav).getByRole('link', { name: /Previous article/ })).toHaveAttribute(
      'href',
      '/article/older-renamed',
    );
    expect(within(nav).getByRole('link', { name: /Next article/ })).toHaveAttribute(
      'href',
      '/article/newer',
    );
  });

  it('shows its tags as a labelled list of links to their pages; none without tags', async () => {
    mockArticleFetch({
      'GET /articles/tagged': {
        body: makeArticleDetail({ _id: 'tagged', tags: ['zero-trust', 'tls'] }),
      },
      'GET /articles/untagged': { body: makeArticleDetail({ _id: 'untagged' }) },
    });
    renderArticle('tagged');
    const list = await screen.findByRole('list', { name: TAGS_LABEL });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['zero-trust', '/tags/zero-trust'],
      ['tls', '/tags/tls'],
    ]);
    renderArticle('untagged');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByRole('list', { name: TAGS_LABEL })).toHaveLength(1);
  });

  it("describes itself with the owner's meta description, else the excerpt, in every head tag", () => {
    const withMeta = makeArticleDetail({
      _id: 'meta',
      slug: 'meta',
      excerpt: 'The card text.',
      metaDescription: 'What search engines show.',
    });
    const at = new URL('/article/meta', site.siteUrl);
    const spec = ArticlePage.head({
      data: {
        status: 'loaded',
        article: withMeta,
        html: '',
        outline: [],
        comments: { status: 'none' },
      },
      params: {},
      url: at,
      site,
    });
    expect(spec.description).toBe('What search engines show.');
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML = renderHeadTags(spec, site, at);
    for (const selector of [
      'meta[name="description"]',
      'meta[property="og:description"]',
      'meta[name="twitter:description"]',
    ]) {
      expect(doc.head.querySelector(selector)?.getAttribute('content')).toBe(
        'What search engines show.',
      );
    }
    const posting = Array.from(
      doc.head.querySelectorAll('script[type="application/ld+json"]'),
      (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
    ).find((node) => node['@type'] === 'BlogPosting');
    expect(posting?.description).toBe('What search engines show.');
    expect(posting?.url).toBe('http://site.test/article/meta');

    const withoutMeta = { ...withMeta, metaDescription: undefined };
    expect(
      ArticlePage.head({
        data: {
          status: 'loaded',
          article: withoutMeta,
          html: '',
          outline: [],
          comments: { status: 'none' },
        },
        params: {},
        url: at,
        site,
      }).description,
    ).toBe('The card text.');
  });
});

describe('ArticlePage: drafts (docs/decisions/122)', () => {
  const DRAFT = makeArticleDetail({
    _id: 'secret',
    title: 'Secret draft',
    content: 'Not *yet*.',
    status: 'draft',
    publishedAt: null,
  });
  const NOT_FOUND = { status: 404, body: { message: 'Article not found' } };
  const session = (role: 'admin' | 'user') => ({
    user: { uid: `${role}-uid`, email: null, displayName: null, photoURL: null },
    role,
  });

  beforeEach(() => resetFirebaseMock());

  it('an admin sees a draft as visitors will, under a "Draft: not published" notice', async () => {
    setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
    const fetchMock = mockArticleFetch({
      'GET /articles/secret': NOT_FOUND,
      'GET /articles/secret?include=drafts': { body: DRAFT },
    });
    renderArticle('secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Secret draft' })).toBeVisible();
    const notice = screen.getByRole('complementary', { name: DRAFT_NOTICE_TITLE });
    expect(notice).toHaveTextContent(DRAFT_NOTICE_TEXT);
    expect(screen.getByText('yet').tagName).toBe('EM');
    const [, init] = fetchMock.mock.calls.find(([called]) =>
      String(called).endsWith('?include=drafts'),
    ) as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-admin-uid');
    await waitFor(() => expect(robots()).toBe('noindex'));
  });

  it('a scheduled article says when it comes out', async () => {
    setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
    const at = '2099-03-04T09:30:00.000Z';
    mockArticleFetch({
      'GET /articles/secret': NOT_FOUND,
      'GET /articles/secret?include=drafts': {
        body: { ...DRAFT, status: 'published', publishedAt: at },
      },
    });
    renderArticle('secret');
    expect(
      await screen.findByRole('complementary', { name: DRAFT_NOTICE_TITLE }),
    ).toHaveTextContent(`Scheduled for ${formatPublicationTime(at)}.`);
  });

  it('anyone else gets "Article not found"; a visitor without a session asks for no draft', async () => {
    const fetchMock = mockArticleFetch({ 'GET /articles/secret': NOT_FOUND });
    renderArticle('secret');
    expect(
      await screen.findByRole('heading', { level: 1, name: ARTICLE_NOT_FOUND_TITLE }),
    ).toBeVisible();
    expect(articleCalls(fetchMock)).toHaveLength(1);

    setCurrentUser(makeUser({ uid: 'reader', role: 'user' }));
    renderArticle('secret');
    expect(
      (await screen.findAllByRole('heading', { level: 1, name: ARTICLE_NOT_FOUND_TITLE })).length,
    ).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(
      `${TEST_API_BASE}/articles/secret?include=drafts`,
    );
  });

  it('on the site’s server: an admin gets the loading state (the browser loads the draft), anyone else not found', async () => {
    mockArticleFetch({ 'GET /articles/secret': NOT_FOUND });
    const url = new URL('http://site.test/article/secret');
    const load = (context: object) =>
      ArticlePage.loader({
        params: { id: 'secret' },
        request: new Request(url),
        url,
        pattern: '/article/:id',
        context,
      });
    expect(await load({ session: session('admin') })).toEqual({ status: 'loading' });
    expect(await load({ session: session('user') })).toEqual({ status: 'not-found' });
    expect(await load({ session: null })).toEqual({ status: 'not-found' });
    expect(ArticlePage.head({ data: { status: 'loading' } } as never)).toMatchObject({
      title: LOADING_ARTICLE,
      noindex: true,
    });
  });
});

describe('ArticlePage, reading aids (docs/decisions/170)', () => {
  const threeHeadings = '## First\n\nA.\n\n### Inside\n\nB.\n\n## Second\n\nC.';

  it('lists three or more headings in a table of contents that links to them', async () => {
    mockArticleFetch({
      'GET /articles/outlined': {
        body: makeArticleDetail({ _id: 'outlined', content: threeHeadings }),
      },
    });
    renderArticle('outlined');
    const toc = await screen.findByRole('navigation', { name: TABLE_OF_CONTENTS_TITLE });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['First', '#user-content-first'],
      ['Inside', '#user-content-inside'],
      ['Second', '#user-content-second'],
    ]);
    for (const link of links) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    }
    // Inside is under First.
    expect(
      within(within(toc).getAllByRole('listitem')[0]!).getByText('Inside'),
    ).toBeInTheDocument();
  });

  it('has no table of contents for fewer than three headings', async () => {
    mockArticleFetch({
      'GET /articles/short': {
        body: makeArticleDetail({ _id: 'short', content: '## One\n\nA.\n\n## Two\n\nB.' }),
      },
    });
    renderArticle('short');
    await screen.findByRole('heading', { level: 2, name: 'One' });
    expect(screen.queryByRole('navigation', { name: TABLE_OF_CONTENTS_TITLE })).toBeNull();
  });

  it('says when the article was updated, on a later day than it was published', async () => {
    mockArticleFetch({
      'GET /articles/edited': {
        body: makeArticleDetail({
          _id: 'edited',
          createdAt: '2026-11-21T10:00:00.000Z',
          updatedAt: '2026-11-25T08:00:00.000Z',
        }),
      },
    });
    renderArticle('edited');
    const updated = await screen.findByText(updatedLabel('Nov 25, 2026'));
    expect(updated).toHaveAttribute('dateTime', '2026-11-25T08:00:00.000Z');
  });

  it('does not say so when it was edited the day it was published', async () => {
    mockArticleFetch({
      'GET /articles/same-day': {
        body: makeArticleDetail({
          _id: 'same-day',
          createdAt: '2026-11-21T10:00:00.000Z',
          updatedAt: '2026-11-21T18:00:00.000Z',
        }),
      },
    });
    renderArticle('same-day');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/^Updated /)).toBeNull();
  });

  it('links the related articles the API sends, by their address', async () => {
    mockArticleFetch({
      'GET /articles/with-related': {
        body: makeArticleDetail({
          _id: 'with-related',
          related: [
            { _id: 'a1', slug: 'first-related', title: 'First related' },
            { _id: 'a2', title: 'Second related' },
          ],
        }),
      },
    });
    renderArticle('with-related');
    const related = await screen.findByRole('region', { name: RELATED_ARTICLES_TITLE });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['First related', '/article/first-related'],
      ['Second related', '/article/a2'],
    ]);
  });

  it('shares the article by plain links to each site, its address and title encoded', async () => {
    mockArticleFetch({
      'GET /articles/shared': {
        body: makeArticleDetail({ _id: 'shared', slug: 'shared', title: 'TLS & you' }),
      },
    });
    renderArticle('shared');
    const share = await screen.findByRole('navigation', { name: SHARE_TITLE });
    const url = encodeURIComponent(`${TEST_RUNTIME_CONFIG.siteUrl}/article/shared`);
    expect(
      within(share).getByRole('link', { name: shareLinkLabel(SHARE_LINKEDIN) }),
    ).toHaveAttribute('href', `https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
    expect(within(share).getByRole('link', { name: shareLinkLabel(SHARE_X) })).toHaveAttribute(
      'href',
      `https://x.com/intent/post?url=${url}&text=TLS%20%26%20you`,
    );
    // No script of theirs: the page has no element from another origin.
    expect(document.querySelector('script[src], iframe')).toBeNull();
  });

  it('has no related section when the API sends none (an API older than it)', async () => {
    mockArticleFetch({ 'GET /articles/alone': { body: makeArticleDetail({ _id: 'alone' }) } });
    renderArticle('alone');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: RELATED_ARTICLES_TITLE })).toBeNull();
  });
});

describe('ArticlePage: comments (docs/decisions/200)', () => {
  it('declares every query parameter its comments read, so the render cache keeps each page apart', () => {
    const article = blogRoutes.routes.find((route) => route.path === '/article/:id');
    expect(article?.query).toEqual(
      expect.arrayContaining([
        COMMENT_ORDER_PARAM,
        COMMENT_PAGE_PARAM,
        COMMENT_THREAD_PARAM,
        COMMENT_REPLIES_PARAM,
      ]),
    );
  });

  const comment = (id: string, body: string, overrides: object = {}) => ({
    _id: id,
    parentId: null,
    authorName: `Author ${id}`,
    body,
    createdAt: '2026-11-30T10:00:00.000Z',
    editedAt: null,
    ...overrides,
  });
  const commentPage = (overrides: object = {}) => ({
    threads: [
      {
        ...comment('c1', 'Great *read*, see [docs](https://example.test/docs).'),
        replies: [comment('r1', 'Agreed.', { parentId: 'c1' })],
        replyCount: 1,
      },
      {
        ...comment('c2', '<div data-island="shell/Navbar" data-island-when="load">x</div>'),
        replies: [],
        replyCount: 0,
      },
    ],
    total: 3,
    page: 1,
    pages: 3,
    order: 'newest',
    ...overrides,
  });
  const routes = (page: object) => ({
    'GET /articles/tls': { body: makeArticleDetail({ _id: 'tls', slug: 'tls', title: 'TLS' }) },
    'GET /articles/tls/comments': { body: page },
  });

  beforeEach(() => resetFirebaseMock());

  it('lists the approved threads, replies folded behind a link, the text rendered and markup inert', async () => {
    mockArticleFetch(routes(commentPage()));
    renderArticle('tls');
    const section = await screen.findByRole('region', {
      name: `${COMMENTS_TITLE} (${commentCountLabel(3)})`,
    });
    const first = section.querySelector('#comment-c1');
    expect(first).toHaveTextContent('Author c1');
    expect(within(first as HTMLElement).getByText('read').tagName).toBe('EM');
    expect(within(first as HTMLElement).getByRole('link', { name: 'docs' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener noreferrer',
    );
    // A page of threads carries no replies: a link to the thread read alone, and to its form.
    expect(section.querySelector('#comment-r1')).toBeNull();
    expect(within(section).getByRole('link', { name: showRepliesLabel(1) })).toHaveAttribute(
      'href',
      '/article/tls?thread=c1#comment-c1',
    );
    expect(within(section).getByRole('link', { name: replyToLabel('Author c1') })).toHaveAttribute(
      'href',
      '/article/tls?thread=c1#reply-to-c1',
    );
    // No replies, no link to them; a reply all the same.
    expect(within(section).getAllByRole('link', { name: /^Show / })).toHaveLength(1);
    expect(within(section).getByRole('link', { name: replyToLabel('Author c2') })).toBeVisible();
    // A comment's markup is its text: no island marker, no element of its own.
    const second = section.querySelector('#comment-c2') as HTMLElement;
    expect(second).toHaveTextContent('<div data-island="shell/Navbar"');
    expect(second.querySelector('[data-island]')).toBeNull();
    // The only island in the section is the server's own form for a new thread.
    const islands = Array.from(section.querySelectorAll('[data-island]'), (island) =>
      island.getAttribute('data-island'),
    );
    expect(islands).toEqual(['blog/CommentForm']);
    const pages = within(section).getByRole('navigation', { name: COMMENT_PAGES_LABEL });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/article/tls?page=2#comments',
    );
  });

  it('reads a thread alone: its replies and the form that answers it, and the way back', async () => {
    const [thread] = commentPage().threads;
    mockArticleFetch({
      ...routes(commentPage()),
      'GET /articles/tls/comments?order=oldest&page=2&thread=c1': {
        body: commentPage({ threads: [thread], page: 1, pages: 1, order: 'oldest' }),
      },
    });
    renderArticle('tls?order=oldest&page=2&thread=c1');
    const section = await screen.findByRole('region', {
      name: `${COMMENTS_TITLE} (${commentCountLabel(3)})`,
    });
    expect(section.querySelector('#comment-r1')).toHaveTextContent('Agreed.');
    const form = within(section).getByRole('region', { name: replyToLabel('Author c1') });
    expect(form).toHaveAttribute('id', 'reply-to-c1');
    const islands = Array.from(section.querySelectorAll('[data-island]'), (island) =>
      island.getAttribute('data-island'),
    );
    expect(islands).toEqual(['blog/CommentForm']);
    // Back to the page it was opened from; no order or pages of its own.
    expect(within(section).getByRole('link', { name: ALL_COMMENTS_LABEL })).toHaveAttribute(
      'href',
      '/article/tls?order=oldest&page=2#comments',
    );
    expect(within(section).queryByRole('navigation', { name: COMMENT_PAGES_LABEL })).toBeNull();
    expect(within(section).queryByRole('list', { name: COMMENT_ORDER_LABEL })).toBeNull();
  });

  it("reads a long thread's replies a page at a time, the way back kept", async () => {
    const [first] = commentPage().threads;
    const replies = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        comment(`r${from + index}`, `Reply ${from + index}`, { parentId: 'c1' }),
      );
    const count = COMMENT_REPLIES_SHOWN + 5;
    const thread = (page: number, shown: ReturnType<typeof replies>) =>
      commentPage({
        threads: [{ ...first, replies: shown, replyCount: count }],
        page: 1,
        pages: 1,
        replyPage: page,
      });
    mockArticleFetch({
      ...routes(commentPage()),
      'GET /articles/tls/comments?page=3&thread=c1&replies=2': {
        body: thread(2, replies(COMMENT_REPLIES_SHOWN + 1, 5)),
      },
    });
    renderArticle(`tls?page=3&thread=c1&${COMMENT_REPLIES_PARAM}=2`);
    const section = await screen.findByRole('region', {
      name: `${COMMENTS_TITLE} (${commentCountLabel(3)})`,
    });
    expect(section.querySelector(`#comment-r${COMMENT_REPLIES_SHOWN + 1}`)).toBeInTheDocument();
    expect(section.querySelector('#comment-r1')).toBeNull();
    const pages = within(section).getByRole('navigation', { name: REPLY_PAGES_LABEL });
    expect(within(pages).getByRole('link', { name: EARLIER_REPLIES_LABEL })).toHaveAttribute(
      'href',
      '/article/tls?page=3&thread=c1#comment-c1',
    );
    expect(within(pages).queryByRole('link', { name: LATER_REPLIES_LABEL })).toBeNull();
    // The thread's way back to its page of threads is unchanged.
    expect(within(section).getByRole('link', { name: ALL_COMMENTS_LABEL })).toHaveAttribute(
      'href',
      '/article/tls?page=3#comments',
    );
  });

  it('shows the page of threads when the thread asked for is gone', async () => {
    mockArticleFetch({
      ...routes(commentPage()),
      'GET /articles/tls/comments?thread=gone': {
        status: 404,
        body: { message: 'Comment not found' },
      },
    });
    renderArticle('tls?thread=gone');
    const section = await screen.findByRole('region', {
      name: `${COMMENTS_TITLE} (${commentCountLabel(3)})`,
    });
    expect(section.querySelector('#comment-c1')).toBeInTheDocument();
    expect(within(section).getByRole('navigation', { name: COMMENT_PAGES_LABEL })).toBeVisible();
  });

  it('asks a visitor to sign in or sign up, and to come back to the comments', async () => {
    mockArticleFetch(routes(commentPage({ threads: [], total: 0, pages: 1 })));
    renderArticle('tls');
    const section = await screen.findByRole('region', { name: COMMENTS_TITLE });
    expect(within(section).getByText(NO_COMMENTS)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: SIGN_IN_LINK_TEXT })).toHaveAttribute(
      'href',
      '/signin?next=%2Farticle%2Ftls%23comments',
    );
    expect(within(section).getByRole('link', { name: SIGN_UP_LINK_TEXT })).toHaveAttribute(
      'href',
      '/signup?next=%2Farticle%2Ftls%23comments',
    );
    expect(within(section).queryByRole('button', { name: POST_COMMENT_LABEL })).toBeNull();
  });

  it('gives a signed-in member the form, and posts what they wrote with their token', async () => {
    setCurrentUser(makeUser({ uid: 'member-uid' }));
    const posted = jest.fn(() => ({
      status: 201,
      body: { message: 'Thank you! Your comment will appear once the owner has approved it.' },
    }));
    mockArticleFetch({
      ...routes(commentPage({ threads: [], total: 0, pages: 1 })),
      'POST /articles/tls/comments': posted,
    });
    renderArticle('tls');
    const section = await screen.findByRole('region', { name: COMMENTS_TITLE });
    const user = userEvent.setup();
    const field = await within(section).findByRole('textbox', { name: 'Your comment' });
    await user.type(field, 'Nice one');
    await user.click(within(section).getByRole('button', { name: POST_COMMENT_LABEL }));
    expect(
      await within(section).findByText(
        'Thank you! Your comment will appear once the owner has approved it.',
      ),
    ).toBeInTheDocument();
    const [init] = posted.mock.calls[0] as unknown as [RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ body: 'Nice one' });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-member-uid');
    expect(field).toHaveValue('');
  });
});
