/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
afterEach(() => site.close());

const get = (url: string) => site.app.inject({ url, headers: { host: 'localhost' } });

describe('the renderer and the caches', () => {
  it('follows the remotes: a redeploy empties the render cache within a poll', async () => {
    site = await buildTestSite({ remotePollMs: 50 });
    await get('/blog');
    await get('/blog');
    expect(site.renderer.rendered).toHaveLength(1);
    site.renderer.versions = 'blog@2';
    await new Promise((resolve) => setTimeout(resolve, 200));
    await get('/blog');
    expect(site.renderer.rendered).toHaveLength(2);
  });

  it('RENDER_CACHE=off: every page is rendered', async () => {
    site = await buildTestSite({ renderCache: false });
    await get('/blog');
    await get('/blog');
    expect(site.renderer.rendered).toHaveLength(2);
    expect(site.app.renderCache).toBeNull();
  });

  it("the renders' fetch keeps the API's public answers until a content change", async () => {
    site = await buildTestSite();
    // The API marks its cached content: an ETag and no-cache.
    site.api.on('GET', '/articles', {
      json: [{ _id: 'a' }],
      headers: { ETag: '"v1"', 'Cache-Control': 'no-cache' },
    });
    const calls = () => site.api.calls.filter((call) => call.url === '/api/articles').length;
    const fetchArticles = async () =>
      (await (await site.app.apiFetch(`${site.api.base}/articles`)).json()) as unknown;
    expect(await fetchArticles()).toEqual([{ _id: 'a' }]);
    expect(await fetchArticles()).toEqual([{ _id: 'a' }]);
    expect(calls()).toBe(1);
    site.watch.change();
    await fetchArticles();
    expect(calls()).toBe(2);
  });

  it('CONTENT_CACHE=off: every call goes to the API', async () => {
    site = await buildTestSite({ contentCache: false });
    site.api.on('GET', '/articles', {
      json: [],
      headers: { ETag: '"v1"', 'Cache-Control': 'no-cache' },
    });
    await site.app.apiFetch(`${site.api.base}/articles`);
    await site.app.apiFetch(`${site.api.base}/articles`);
    expect(site.api.calls.filter((call) => call.url === '/api/articles')).toHaveLength(2);
  });
});
