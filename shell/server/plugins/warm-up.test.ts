/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite({}, {});
});
afterEach(() => site.close());

const readyz = async () => {
  const response = await site.app.inject({ url: '/readyz', headers: { host: 'localhost' } });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
  };
};

describe('the warm-up', () => {
  it('renders every page whole before the server says it is ready', async () => {
    // The blog's list links to an article: the page with a parameter is rendered at that address.
    site.renderer.next = (url) =>
      url.pathname === '/blog'
        ? {
            pipe: async (target) => {
              target.write('<main><a href="/article/tls?from=list">TLS</a></main>');
              return true;
            },
          }
        : {};
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'warming', warm: false, remotes: true, api: true },
    });
    expect(site.renderer.rendered).toEqual([]);
    await expect(site.app.warmUp.start()).resolves.toBe(true);
    // Each page with no parameter in its path, then one linked address of each page with one.
    expect(site.renderer.rendered).toEqual(['/blog', '/search-article', '/signin', '/article/tls']);
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ready', warm: true, remotes: true, api: true },
    });
  });

  it("waits for the content API's stream of changes and every remote's server code", async () => {
    site.watch.live = false;
    site.renderer.loaded = false;
    await expect(site.app.warmUp.start(300)).resolves.toBe(false);
    expect(site.app.warmUp.waitingFor).toBe("the content API's stream of changes");
    site.watch.live = true;
    await expect(site.app.warmUp.start(300)).resolves.toBe(false);
    expect(site.app.warmUp.waitingFor).toBe("every remote's server code");
    expect(site.renderer.rendered).toEqual([]);
    site.renderer.loaded = true;
    await expect(site.app.warmUp.start()).resolves.toBe(true);
    expect((await readyz()).status).toBe(200);
  });

  it('is not warm while a render is not whole (its data late: a 503), and tries again', async () => {
    let late = 3;
    site.renderer.next = (url) => (url.pathname === '/blog' && late-- > 0 ? { status: 503 } : {});
    await expect(site.app.warmUp.start(100)).resolves.toBe(false);
    expect(site.app.warmUp.waitingFor).toBe('a whole render of /blog');
    expect((await readyz()).body.status).toBe('warming');
    await expect(site.app.warmUp.start()).resolves.toBe(true);
    expect(site.renderer.rendered.filter((url) => url === '/blog')).toHaveLength(4);
  });
});
