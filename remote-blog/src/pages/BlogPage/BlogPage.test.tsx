import { screen, waitFor, within } from '@testing-library/react';
import {
  TEST_API_BASE,
  TEST_RUNTIME_CONFIG,
  mockFetch,
  renderPage,
  siteTitle,
  setUpTestRuntimeConfig,
} from '@portfolio/testing';
import { makeArticle, makeImage } from '@portfolio/testing/fixtures';
import { renderHeadTags, siteContext } from '@portfolio/shared/head';
import { CARD_IMAGE_DISPLAY } from '../../features/articles/ArticleCard';
import { ARTICLES_PER_PAGE } from '../../features/articles/article-states';
import {
  ARTICLES_LOAD_ERROR,
  ARTICLE_PAGES_LABEL,
  BLOG_TITLE,
  NEWER_ARTICLES_LABEL,
  NO_SUCH_PAGE_TEXT,
  OLDER_ARTICLES_LABEL,
  LOADING_ARTICLES,
  NO_ARTICLES,
  NO_CONTENT,
  READ_MORE_LABEL,
  TAGS_LABEL,
  UNTITLED,
  BROWSE_TAGS_LABEL,
} from '../../texts';
import * as BlogPage from './BlogPage';
import * as BlogPagedPage from '../BlogPagedPage/BlogPagedPage';

setUpTestRuntimeConfig();

// Console spies must not carry calls from one test into the next.
afterEach(() => jest.restoreAllMocks());

function renderBlog() {
  return renderPage(BlogPage, { route: '/blog', path: '/blog' });
}

const cards = () => within(screen.getAllByRole('list')[0]!).getAllByRole('article');

/** `count` articles, newest first, numbered from `from` (1: the newest of all). */
function articlesFrom(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return makeArticle({
      _id: `article-${n}`,
      title: `Article ${n}`,
      createdAt: new Date(Date.UTC(2026, 0, 100 - n)).toISOString(),
    });
  });
}

/** The API's answer for a page of the blog, out of `total` articles. */
function pageAnswer(page: number, total: number) {
  const offset = (page - 1) * ARTICLES_PER_PAGE;
  const count = Math.max(0, Math.min(ARTICLES_PER_PAGE, total - offset));
  return {
    [`GET /articles?limit=${ARTICLES_PER_PAGE}&offset=${offset}`]: {
      body: articlesFrom(offset + 1, count),
      headers: { 'X-Total-Count': String(total) },
    },
  };
}

const link = (rel: string) =>
  document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute('href');

describe('BlogPage', () => {
  it('shows the loading state, then the articles newest first (spec), even if the API does not', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [
          makeArticle({ title: 'Oldest', createdAt: '2024-02-01T08:00:00.000Z' }),
          makeArticle({ title: 'Newest', createdAt: '2026-11-21T10:00:00.000Z' }),
          makeArticle({ title: 'Middle', createdAt: '2025-07-04T12:00:00.000Z' }),
        ],
      },
    });
    renderBlog();
    expect(screen.getByRole('heading', { level: 1, name: BLOG_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_ARTICLES);
    await screen.findByRole('list');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Newest',
      'Middle',
      'Oldest',
    ]);
  });

  it('leads to the tag index from its header', async () => {
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: [makeArticle()] } });
    renderBlog();
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: new RegExp(`^${BROWSE_TAGS_LABEL}`) })).toHaveAttribute(
      'href',
      '/tags',
    );
  });

  it('shows each date as a US short date in a <time> element', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [makeArticle({ createdAt: '2026-11-21T10:00:00.000Z' })],
      },
    });
    renderBlog();
    const [card] = await screen.findAllByRole('article');
    const time = card!.querySelector('time');
    expect(time).toHaveTextContent('Nov 21, 2026');
    expect(time).toHaveAttribute('dateTime', '2026-11-21T10:00:00.000Z');
  });

  it("shows the API's excerpt, never the Markdown, and a Read More link to /article/{id}", async () => {
    const content = `## Why it matters\n\n${'Attackers **love** [defaults](https://x.test). '.repeat(8)}`;
    // The content API cuts the plain text to 150 characters (content-api articles tests).
    const excerpt = 'Why it matters. Attackers love defaults. Attackers love...';
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [makeArticle({ _id: 'abc 1', content, excerpt })],
      },
    });
    renderBlog();
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByText(excerpt)).toBeInTheDocument();
    expect(card).not.toHaveTextContent('**');
    const link = within(card!).getByRole('link', { name: new RegExp(`^${READ_MORE_LABEL}`) });
    expect(link).toHaveAttribute('href', '/article/abc%201');
    expect(link).toHaveTextContent(READ_MORE_LABEL);
  });

  // docs/decisions/132: the card links use the slug; its tags link to their pages.
  it('links a card by its slug and shows its tags, keeping the date, title, excerpt and Read More', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [
          makeArticle({
            _id: 'tls-in-practice',
            slug: 'tls-13-in-practice',
            title: 'TLS 1.3 in practice',
            excerpt: 'What changed in the handshake.',
            tags: ['tls', 'zero-trust'],
            createdAt: '2026-11-21T10:00:00.000Z',
          }),
        ],
      },
    });
    renderBlog();
    const [card] = await screen.findAllByRole('article');
    expect(card!.querySelector('time')).toHaveTextContent('Nov 21, 2026');
    expect(within(card!).getByRole('heading', { level: 2 })).toHaveTextContent(
      'TLS 1.3 in practice',
    );
    expect(within(card!).getByText('What changed in the handshake.')).toBeInTheDocument();
    expect(
      within(card!).getByRole('link', { name: new RegExp(`^${READ_MORE_LABEL}`) }),
    ).toHaveAttribute('href', '/article/tls-13-in-practice');
    expect(within(card!).getByRole('link', { name: 'TLS 1.3 in practice' })).toHaveAttribute(
      'href',
      '/article/tls-13-in-practice',
    );
    const tags = within(card!).getByRole('list', { name: TAGS_LABEL });
    expect(
      within(tags)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['tls', '/tags/tls'],
      ['zero-trust', '/tags/zero-trust'],
    ]);
  });

  it("shows 'Untitled' and 'No content available.' for an article without them", async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': { body: [makeArticle({ title: '', content: '' })] },
    });
    renderBlog();
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByRole('heading', { level: 2 })).toHaveTextContent(UNTITLED);
    expect(within(card!).getByText(NO_CONTENT)).toBeInTheDocument();
  });

  it('shows the image from the API base plus imagePath, the first one first, lazily below the first row', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [1, 2, 3, 4].map((n) =>
          makeArticle({ imagePath: `/images/${n}.svg`, createdAt: `2026-01-0${n}T00:00:00.000Z` }),
        ),
      },
    });
    renderBlog();
    await screen.findByRole('list');
    const images = cards().map((card) => card.querySelector('img')!);
    expect(images[0]).toHaveAttribute('src', `${TEST_API_BASE}/images/4.svg`);
    expect(images[0]).toHaveAttribute('alt', '');
    expect(images[0]).toHaveAttribute('width', '400');
    expect(images[0]).toHaveAttribute('height', '240');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('loading', 'eager');
    expect(images[1]).not.toHaveAttribute('fetchpriority');
    expect(images[3]).toHaveAttribute('loading', 'lazy');
  });

  it('shows no image for an article without imagePath', async () => {
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: [makeArticle()] } });
    renderBlog();
    const [card] = await screen.findAllByRole('article');
    expect(card!.querySelector('img')).toBeNull();
  });

  it('shows the list error message when the list fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /articles?limit=10&offset=0': { status: 500, body: { message: 'boom' } } });
    renderBlog();
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLES_LOAD_ERROR);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('recovers by itself once the API answers again, keeping the message meanwhile', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    const fetched = mockFetch({
      'GET /articles?limit=10&offset=0': () =>
        down ? new TypeError('Failed to fetch') : { body: [makeArticle({ title: 'Back' })] },
    });
    renderBlog();
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLES_LOAD_ERROR);
    // Tried again after a second, still down: the same message, no loading state in between.
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(screen.getByRole('alert')).toHaveTextContent(ARTICLES_LOAD_ERROR);
    down = false;
    expect(await screen.findByRole('heading', { name: 'Back' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats an answer that is not an array as a failure (spec)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: { articles: [] } } });
    renderBlog();
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLES_LOAD_ERROR);
  });

  // docs/decisions/052: the client checks the answer against the API's contract.
  it.each<[string, unknown]>([
    ['null', null],
    ['a list of strings', ['a', 'b']],
    ['an article without a title', [{ _id: 'a', content: 'x', createdAt: 'd', updatedAt: 'd' }]],
    ['a title that is a number', [{ ...makeArticle(), title: 42 }]],
    ['a date that is a number', [{ ...makeArticle(), createdAt: 1_700_000_000 }]],
    ['an error body with a 200', { message: 'Something went wrong' }],
  ])('shows the list error message, never a crash, for %s', async (_, body) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: body as object } });
    renderBlog();
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTICLES_LOAD_ERROR);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says so when there are no articles', async () => {
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: [] } });
    renderBlog();
    expect(await screen.findByText(NO_ARTICLES)).toBeInTheDocument();
  });

  it('sets the document title', async () => {
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: [] } });
    renderBlog();
    await waitFor(() => expect(document.title).toBe(siteTitle(BLOG_TITLE)));
  });

  // docs/decisions/123: photos fit the screen; the largest paint is preloaded.
  it('shows each photo at its size, AVIF and WebP first; the first preloaded from the head', async () => {
    const articles = [1, 2, 3, 4].map((day) => {
      const image = makeImage({ path: `/images/photo-${day}.jpg` });
      return makeArticle({
        title: `Day ${day}`,
        createdAt: `2026-11-0${5 - day}T09:00:00.000Z`,
        imagePath: image.path,
        image,
      });
    });
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: articles } });
    const { container } = renderBlog();
    await screen.findByRole('list');
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
    ]);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
    ]);
    const [first] = images as [HTMLImageElement];
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['4000', '3000']);
    expect(first).toHaveAttribute('sizes', CARD_IMAGE_DISPLAY.grid.sizes);
    const avif = first.closest('picture')?.querySelector('source[type="image/avif"]');
    expect(avif).toHaveAttribute(
      'srcset',
      [320, 480, 640, 828, 1080, 1280, 1600, 1920]
        .map((width) => `${TEST_API_BASE}/images/photo-1.jpg/${width}.avif ${width}w`)
        .join(', '),
    );
    // The head preloads that very candidate list, with the same sizes: one download, early.
    const site = siteContext(TEST_RUNTIME_CONFIG);
    const url = new URL('/blog', site.siteUrl);
    const tags = renderHeadTags(
      BlogPage.head({
        data: { status: 'loaded', articles, position: { page: 1, pageCount: 1, hasNext: false } },
        params: {},
        url,
        site,
      }),
      site,
      url,
    );
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML = tags;
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('imagesrcset')).toBe(avif?.getAttribute('srcset'));
    expect(preload?.getAttribute('imagesizes')).toBe(CARD_IMAGE_DISPLAY.grid.sizes);
    expect(preload?.getAttribute('type')).toBe('image/avif');
  });

  it('links the title and the image to the article too, keeping Read More', async () => {
    mockFetch({
      'GET /articles?limit=10&offset=0': {
        body: [makeArticle({ _id: 'zt', title: 'Zero Trust', imagePath: '/images/zt.svg' })],
      },
    });
    renderBlog();
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByRole('link', { name: 'Zero Trust' })).toHaveAttribute(
      'href',
      '/article/zt',
    );
    const imageLink = card!.querySelector('img')!.closest('a');
    expect(imageLink).toHaveAttribute('href', '/article/zt');
    // The title's link says the same to assistive technology and the keyboard.
    expect(imageLink).toHaveAttribute('tabindex', '-1');
    expect(imageLink).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(card!).getByRole('link', { name: new RegExp(`^${READ_MORE_LABEL}`) }),
    ).toHaveAttribute('href', '/article/zt');
  });
});

describe('BlogPage: pages of the blog', () => {
  it(`shows the newest ${ARTICLES_PER_PAGE} on /blog, fetching only them, with a link to the older ones`, async () => {
    const fetched = mockFetch(pageAnswer(1, 12));
    renderBlog();
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      articlesFrom(1, 10).map((article) => article.title),
    );
    expect(fetched).toHaveBeenCalledTimes(1);
    const nav = screen.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(nav).queryByRole('link', { name: NEWER_ARTICLES_LABEL })).toBeNull();
    expect(within(nav).getByRole('link', { name: OLDER_ARTICLES_LABEL })).toHaveAttribute(
      'href',
      '/blog/page/2',
    );
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(link('next')).toBe(`${TEST_RUNTIME_CONFIG.siteUrl}/blog/page/2`));
    expect(link('prev')).toBeUndefined();
    expect(link('canonical')).toBe(`${TEST_RUNTIME_CONFIG.siteUrl}/blog`);
  });

  it('shows the older articles on /blog/page/2, with its own canonical URL and rel prev', async () => {
    mockFetch(pageAnswer(2, 12));
    renderPage(BlogPagedPage, { route: '/blog/page/2', path: '/blog/page/:page' });
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Article 11',
      'Article 12',
    ]);
    const nav = screen.getByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: NEWER_ARTICLES_LABEL })).toHaveAttribute(
      'href',
      '/blog',
    );
    expect(within(nav).queryByRole('link', { name: OLDER_ARTICLES_LABEL })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() =>
      expect(link('canonical')).toBe(`${TEST_RUNTIME_CONFIG.siteUrl}/blog/page/2`),
    );
    expect(link('prev')).toBe(`${TEST_RUNTIME_CONFIG.siteUrl}/blog`);
    expect(link('next')).toBeUndefined();
    await waitFor(() => expect(document.title).toBe(siteTitle(`${BLOG_TITLE}, page 2`)));
  });

  it('numbers a long list around the current page', async () => {
    mockFetch(pageAnswer(5, 95));
    renderPage(BlogPagedPage, { route: '/blog/page/5', path: '/blog/page/:page' });
    const nav = await screen.findByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([`← ${NEWER_ARTICLES_LABEL}`, '1', '4', '5', '6', '10', `${OLDER_ARTICLES_LABEL} →`]);
  });

  it('has no page navigation when everything fits on one page', async () => {
    mockFetch(pageAnswer(1, 3));
    renderBlog();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('navigation', { name: ARTICLE_PAGES_LABEL })).toBeNull();
  });

  it('without a total from the API (an older one), offers the next page after a full page', async () => {
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: articlesFrom(1, 10) } });
    renderBlog();
    const nav = await screen.findByRole('navigation', { name: ARTICLE_PAGES_LABEL });
    expect(within(nav).getByRole('link', { name: OLDER_ARTICLES_LABEL })).toBeInTheDocument();
  });

  it.each(['3', '0', '-1', 'two', '1.5', '02', '99999999'])(
    '/blog/page/%s is no page of the blog: not found, never an error',
    async (page) => {
      mockFetch({
        ...pageAnswer(3, 12),
        ...pageAnswer(2, 12),
      });
      const loaded = await BlogPage.loader({
        request: new Request(`http://localhost/blog/page/${page}`),
        params: { page },
        context: {},
      } as never);
      expect(loaded).toEqual({ status: 'not-found' });
      renderPage(BlogPagedPage, { route: `/blog/page/${page}`, path: '/blog/page/:page' });
      expect(await screen.findByText(new RegExp(NO_SUCH_PAGE_TEXT))).toBeInTheDocument();
    },
  );

  it('sends /blog/page/1 to /blog', async () => {
    const loaded = await BlogPage.loader({
      request: new Request('http://localhost/blog/page/1'),
      params: { page: '1' },
      context: {},
    } as never);
    expect(loaded).toEqual({ status: 'redirect', location: '/blog' });
  });
});
