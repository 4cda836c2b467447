// Server-rendered pages follow the same rules as in the browser (docs/decisions/052): the page
// loaders run on the server through the same API client, which checks each answer against the
// API's contract, so a wrong shape renders the page's error state into the HTML.
import { mockFetch, renderPageOnServer, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeArticle, makeArticleDetail } from '@portfolio/testing/fixtures';
import {
  ARTICLES_LOAD_ERROR,
  ARTICLE_LOAD_ERROR,
  TAGS_LOAD_ERROR,
  tagCountLabel,
  tagTitle,
} from '../texts';
import * as ArticlePage from './ArticlePage/ArticlePage';
import * as BlogPage from './BlogPage/BlogPage';
import * as TagPagedPage from './TagPagedPage/TagPagedPage';
import * as TagsPage from './TagsPage/TagsPage';

setUpTestRuntimeConfig();

afterEach(() => jest.restoreAllMocks());

describe('server render of the blog with answers of the wrong shape', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the articles of a valid answer', async () => {
    const article = makeArticle({ title: 'TLS in practice' });
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: [article] } });
    const html = await renderPageOnServer(BlogPage, { route: '/blog', path: '/blog' });
    expect(html).toContain('TLS in practice');
    expect(html).not.toContain(ARTICLES_LOAD_ERROR);
  });

  it.each<[string, unknown]>([
    ['an object instead of the list', { articles: [] }],
    ['an article without a title', [{ ...makeArticle(), title: undefined }]],
    ['a list of numbers', [1, 2, 3]],
  ])('renders the list error for %s', async (_, body) => {
    mockFetch({ 'GET /articles?limit=10&offset=0': { body: body as object } });
    const html = await renderPageOnServer(BlogPage, { route: '/blog', path: '/blog' });
    expect(html).toContain(ARTICLES_LOAD_ERROR);
  });

  it('renders the article error for an article without its neighbours', async () => {
    const { previous: _previous, next: _next, ...withoutNeighbours } = makeArticleDetail();
    mockFetch({ 'GET /articles/odd': { body: withoutNeighbours } });
    const html = await renderPageOnServer(ArticlePage, {
      route: '/article/odd',
      path: '/article/:id',
    });
    expect(html).toContain(ARTICLE_LOAD_ERROR);
  });
});

describe('server render of the tag pages (docs/decisions/132)', () => {
  it("renders a tag's page of articles, with the card's tags", async () => {
    const article = makeArticle({ title: 'TLS in practice', slug: 'tls', tags: ['tls'] });
    mockFetch({
      'GET /articles?limit=10&offset=10&tag=tls': {
        body: [article],
        headers: { 'X-Total-Count': '11' },
      },
    });
    const html = await renderPageOnServer(TagPagedPage, {
      route: '/tags/tls/page/2',
      path: '/tags/:tag/page/:page',
    });
    expect(html).toContain(tagTitle('tls'));
    expect(html).toContain('TLS in practice');
    expect(html).toContain('href="/article/tls"');
    expect(html).toContain('href="/tags/tls"');
  });

  it('renders the tag index, and its error for an answer of the wrong shape', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /tags': { body: [{ tag: 'tls', count: 2 }] } });
    const html = await renderPageOnServer(TagsPage, { route: '/tags', path: '/tags' });
    expect(html).toContain('href="/tags/tls"');
    expect(html).toContain(tagCountLabel(2));
    mockFetch({ 'GET /tags': { body: [{ tag: 'tls' }] } });
    const broken = await renderPageOnServer(TagsPage, { route: '/tags', path: '/tags' });
    expect(broken).toContain(TAGS_LOAD_ERROR);
  });
});
