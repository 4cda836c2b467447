/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite();
});
afterEach(() => site.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ url, headers: { host: 'localhost:3000', ...headers } });

describe('the page route', () => {
  it('renders a page into the one document, with the nonce of its policy', async () => {
    const response = await get('/blog');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const { body } = response;
    expect(body.startsWith('<!doctype html><html lang="en"><head>')).toBe(true);
    expect(body).toContain(`<script nonce="${nonce}">`);
    expect(body).toContain('"/main.1a2b3c4d.js"');
    expect(body).toContain('<link rel="stylesheet" href="/main.1a2b3c4d.css" />');
    expect(body).toContain('<link rel="stylesheet" href="http://blog.test/v/1/blog.css" />');
    // The data block in the head, the page in the root, nothing after but the end.
    expect(body.indexOf('id="site-data"')).toBeLessThan(body.indexOf('</head>'));
    expect(body).toContain(`<div id="root"><main data-nonce="${nonce}">page /blog render 1</main>`);
    expect(body.endsWith('</div></body></html>')).toBe(true);
    expect(response.headers.vary).toContain('Cookie');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a page for visitors without a session, under its address, whatever else the query holds', async () => {
    await get('/blog');
    const again = await get('/blog?x=1');
    const third = await get('/blog?utm_source=feed&x=2');
    expect(site.renderer.rendered).toEqual(['/blog']);
    for (const hit of [again, third]) {
      expect(hit.headers['server-timing']).toBe('cache;desc="hit"');
      // Each answer has its own nonce, in its policy and its scripts.
      const nonce = /'nonce-([^']+)'/.exec(String(hit.headers['content-security-policy']))?.[1];
      expect(hit.body).toContain(`<script nonce="${nonce}">`);
    }
  });

  it('keys a page on the query parameters it reads, and those only', async () => {
    await get('/search-article?query=tls&x=1');
    await get('/search-article?x=2&query=tls');
    await get('/search-article?query=ssh');
    expect(site.renderer.rendered).toEqual([
      '/search-article?query=tls&x=1',
      '/search-article?query=ssh',
    ]);
  });

  it.each([
    ['/BLOG', '/blog'],
    ['/%62log', '/blog'],
    ['/blog/', '/blog'],
    ['//blog', '/blog'],
    ['/Article/tls', '/article/tls'],
    ['/SEARCH-ARTICLE?x=1&query=a%20b', '/search-article?query=a+b'],
  ])('answers %s, another spelling of a page, with a redirect to %s', async (from, to) => {
    const response = await get(from);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
    expect(site.renderer.rendered).toEqual([]);
  });

  it('renders an unknown path (its 404 comes from the render) without keeping it', async () => {
    site.renderer.next = () => ({ status: 404, cacheable: false });
    expect((await get('/no-such-page')).statusCode).toBe(404);
    expect((await get('/no-such-page')).statusCode).toBe(404);
    expect(site.renderer.rendered).toEqual(['/no-such-page', '/no-such-page']);
  });

  it("answers a file name that is not the shell's with 404, without rendering", async () => {
    const response = await get('/wp-login.php');
    expect(response.statusCode).toBe(404);
    expect(site.renderer.rendered).toEqual([]);
  });

  it('keeps nothing it may not: a page that left a part to the browser, or after a change', async () => {
    site.renderer.next = () => ({ cacheable: false });
    await get('/blog');
    await get('/blog');
    expect(site.renderer.rendered).toHaveLength(2);
    site.renderer.next = () => ({});
    await get('/blog');
    site.watch.change();
    await get('/blog');
    expect(site.renderer.rendered).toHaveLength(4);
    site.watch.live = false;
    await get('/blog');
    await get('/blog');
    expect(site.renderer.rendered).toHaveLength(6);
  });

  it('sends a redirect the render asks for', async () => {
    site.renderer.next = () => ({ kind: 'redirect', status: 302, location: '/signin' });
    const response = await get('/blog');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signin');
  });

  it('never answers 5xx for a render that fails: the shell alone, drawn in the browser', async () => {
    site.renderer.next = () => new Error('remote exploded');
    const response = await get('/blog');
    expect(response.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(response.body).toContain(`<script nonce="${nonce}">`);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<title>Alex Morgan</title>');
  });

  it("renders a signed-in visitor's page for them, private and never kept", async () => {
    site.api.on('POST', '/sessions/verify', {
      json: {
        uid: 'u1',
        email: 'a@b.test',
        displayName: 'A',
        photoURL: null,
        role: 'user',
        issuedAt: Date.now() / 1000,
      },
    });
    const first = await get('/blog', { cookie: '__session=abc' });
    const second = await get('/blog', { cookie: '__session=abc' });
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(second.headers['server-timing']).toMatch(/^render;dur=/);
    expect(site.renderer.rendered).toEqual(['/blog', '/blog']);
  });
});
