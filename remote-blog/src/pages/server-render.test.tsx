// Server-rendered pages follow the same rules as in the browser (docs/decisions/052): the page
// loaders run on the server through the same API client, which checks each answer against the
// API's contract, so a wrong shape renders the page's error state into the HTML.
import { mockFetch, renderPageOnServer, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeArticle, makeArticleDetail } from '@portfolio/testing/fixtures';
import { ARTICLES_LOAD_ERROR, ARTICLE_LOAD_ERROR } from '../texts';
import * as ArticlePage from './ArticlePage/ArticlePage';
import * as BlogPage from './BlogPage/BlogPage';

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
