/** @jest-environment node */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { buildTestSite, testIdentity } from '../test-support';
import type { TestSite } from '../test-support';
import { SHARED_PAGE_CACHE } from './page-route';

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite();
});
afterEach(() => site.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ url, headers: { host: 'localhost:3000', ...headers } });

describe('the page route', () => {
  it('renders a page into the one document, its inline scripts named by hash in its policy', async () => {
    const response = await get('/blog');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const { body } = response;
    const policy = String(response.headers['content-security-policy']);
    expect(policy).not.toContain('nonce-');
    expect(body).not.toContain('nonce');
    const loader = /<script>([^<]*)<\/script>/.exec(body)?.[1] ?? '';
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(policy).toContain(`script-src 'sha256-${hash}' 'strict-dynamic'`);
    expect(body.startsWith('<!doctype html><html lang="en"><head>')).toBe(true);
    expect(body).toContain('"/main.1a2b3c4d.js"');
    expect(body).toContain('<link rel="stylesheet" href="/main.1a2b3c4d.css" />');
    expect(body).toContain(
      '<link rel="stylesheet" href="http://localhost:3000/remotes/blog/v/1/blog.css" />',
    );
    // The data block in the head, the page in the root, nothing after but the end.
    expect(body.indexOf('id="site-data"')).toBeLessThan(body.indexOf('</head>'));
    expect(body).toContain('<div id="root"><main>page /blog render 1</main>');
    expect(body.endsWith('</div></body></html>')).toBe(true);
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(response.headers['cache-control']).toBe(SHARED_PAGE_CACHE);
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it("lists the hash of each of the server's inline scripts, and none of content's or data blocks", async () => {
    site.renderer.next = (_url, { nonce }) => ({
      cacheable: false,
      pipe: async (target) => {
        // React's scripts carry the nonce the render was given; one that came with content does not.
        target.write(
          `<main>a<script>stolen()</script></main><script nonce="${nonce}">$RC(1)</script>` +
            `<script type="module" nonce="${nonce}">m()</script>`,
        );
        return false;
      },
    });
    const { body, headers, statusCode } = await get('/blog');
    // Cut off while React wrote it: not whole (docs/decisions/117).
    expect(statusCode).toBe(503);
    expect(headers['cache-control']).toBe('no-store');
    const policy = String(headers['content-security-policy']);
    const hashes = [...policy.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]);
    const loader = /<script>([^<]*)<\/script>/.exec(body)?.[1] ?? '';
    const sha = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(hashes).toEqual([sha(loader), sha('$RC(1)'), sha('m()')]);
    expect(hashes).not.toContain(sha('stolen()'));
  });

  it('keeps a page for visitors without a session, under its address, whatever else the query holds', async () => {
    const first = await get('/blog');
    const again = await get('/blog?x=1');
    const third = await get('/blog?utm_source=feed&x=2');
    expect(site.renderer.rendered).toEqual(['/blog']);
    for (const hit of [again, third]) {
      expect(hit.headers['server-timing']).toBe('cache;desc="hit"');
      // The very same bytes, validator and policy for every visitor.
      expect(hit.body).toBe(first.body);
      expect(hit.headers.etag).toBe(first.headers.etag);
      expect(hit.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    }
  });

  it('gives each encoding its own ETag, and answers 304 only to the form the request gets', async () => {
    const plain = await get('/blog');
    await site.settled();
    const gzip = await get('/blog', { 'accept-encoding': 'gzip' });
    const brotli = await get('/blog', { 'accept-encoding': 'gzip, br' });
    const deflate = await get('/blog', { 'accept-encoding': 'deflate' });
    // An encoding the page is not sent in (zstd): the plain form, never re-encoded under its tag.
    const zstd = await get('/blog', { 'accept-encoding': 'zstd' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(zstd.headers['content-encoding']).toBeUndefined();
    expect(zstd.headers.etag).toBe(plain.headers.etag);
    const tags = [plain, gzip, brotli, deflate].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(4);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(inflateSync(deflate.rawPayload).toString()).toBe(plain.body);
    for (const tag of [tags[2]!, `W/${tags[2]}`, `"other", ${tags[2]}`, '*']) {
      const revalidated = await get('/blog', { 'if-none-match': tag, 'accept-encoding': 'br' });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(tags[2]);
      expect(revalidated.headers['cache-control']).toBe(SHARED_PAGE_CACHE);
      // The browser's kept copy takes the 304's headers: the page's own policy, never the static.
      expect(revalidated.headers['content-security-policy']).toBe(
        plain.headers['content-security-policy'],
      );
    }
    // Another form's tag is another representation: the whole page, in the form asked for.
    for (const tag of [tags[0]!, tags[1]!, tags[3]!, `W/${tags[0]}`]) {
      const other = await get('/blog', { 'if-none-match': tag, 'accept-encoding': 'br' });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).toBe(tags[2]);
    }
    for (const [asked, tag] of [
      [{}, tags[0]!],
      [{ 'accept-encoding': 'deflate' }, tags[3]!],
    ] as const) {
      expect((await get('/blog', { ...asked, 'if-none-match': tag })).statusCode).toBe(304);
    }
    expect((await get('/blog', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // A change of content is another page version: the old validator no longer matches.
    site.watch.change();
    site.renderer.next = () => ({
      pipe: async (target) => {
        target.write('<main>changed</main>');
        return true;
      },
    });
    const changed = await get('/blog', { 'if-none-match': tags[0]! });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tags[0]);
  });

  it('sends the kept compressed forms on a hit, made once per page version', async () => {
    await get('/blog');
    await site.settled();
    const first = await get('/blog', { 'accept-encoding': 'br' });
    const second = await get('/blog', { 'accept-encoding': 'br' });
    expect(first.headers['server-timing']).toBe('cache;desc="hit"');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
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

  it('answers a page not rendered whole (its data late) 503, when to ask again, and keeps it nowhere', async () => {
    site.renderer.next = () => ({ status: 503, cacheable: false });
    const first = await get('/blog');
    expect(first.statusCode).toBe(503);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['retry-after']).toBe('2');
    expect(first.body).toContain('page /blog');
    // Never "unchanged": its ETag asked back is answered with the page again.
    const again = await get('/blog', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(503);
    expect(site.renderer.rendered).toHaveLength(2);
    // The page once whole is a 200, kept.
    site.renderer.next = () => ({});
    expect((await get('/blog')).statusCode).toBe(200);
    expect((await get('/blog')).headers['server-timing']).toBe('cache;desc="hit"');
    expect(site.renderer.rendered).toHaveLength(3);
  });

  it('sends a redirect the render asks for', async () => {
    site.renderer.next = () => ({ kind: 'redirect', status: 302, location: '/signin' });
    const response = await get('/blog');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signin');
  });

  // docs/decisions/132: an article's id or former slug answers 301 to its address now; no cache
  // keeps it, as the slug may later go to another article.
  it('sends a permanent redirect the render asks for as a 301, kept by no cache', async () => {
    site.renderer.next = () => ({ kind: 'redirect', status: 301, location: '/article/new-slug' });
    const response = await get('/article/old-slug');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/article/new-slug');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a render that fails with the shell alone, drawn in the browser: a 503 no cache keeps', async () => {
    site.renderer.next = () => new Error('remote exploded');
    const response = await get('/blog');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<script>');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<title>Alex Morgan</title>');
    expect(site.renderer.rendered).toEqual(['/blog']);
  });

  describe("a page of islands' key (docs/decisions/161)", () => {
    /** A page of islands as a render gives it: the key in its data block and its island. */
    const islandPage =
      (article: string) =>
      (_url: URL, { islandKey }: { islandKey: string }) => ({
        islands: { prerender: ['/blog'] },
        siteDataScript: `<script type="application/json" id="site-data">{"islandKey":"${islandKey}"}</script>`,
        pipe: async (target: NodeJS.WritableStream) => {
          target.write(
            `<div data-island="shell/Navbar" data-island-key="_${islandKey}R_1_"></div>` +
              `<article>${article}</article>`,
          );
          return true;
        },
      });
    const keysOf = (body: string) => ({
      block: /"islandKey":"([^"]+)"/.exec(body)?.[1],
      island: /data-island-key="_([^"]+)R_1_"/.exec(body)?.[1],
    });

    it('is a hash of the page for everyone: the same page, the same key, bytes and ETag', async () => {
      site.renderer.next = islandPage('An article.');
      const first = await get('/blog');
      site.watch.change();
      const second = await get('/blog');
      expect(site.renderer.rendered).toEqual(['/blog', '/blog']);
      const keys = keysOf(first.body);
      expect(keys.block).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(keys.island).toBe(keys.block);
      // Rendered again with another random placeholder: nothing of it is left.
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      const withoutKey = first.body.replaceAll(keys.block ?? '', '');
      const sha = createHash('sha256').update(withoutKey).digest('base64url').slice(0, 22);
      expect(keys.block).toBe(sha);
    });

    it("changes with the page: an article that copies a page's key never holds its own", async () => {
      site.renderer.next = islandPage('An article.');
      const stolen = keysOf((await get('/blog')).body).block ?? '';
      site.watch.change();
      // The author puts the key they saw into the article, island markers and all.
      site.renderer.next = islandPage(
        `<div data-island="portfolio/HomeContactForm" data-island-key="_${stolen}R_9_"></div>`,
      );
      const { body } = await get('/blog');
      const keys = keysOf(body);
      expect(keys.block).not.toBe(stolen);
      expect(keys.island).toBe(keys.block);
      expect(body).toContain(`data-island-key="_${stolen}R_9_"`);
    });

    it("keeps no opener policy for everyone's page of islands, the site's on every other (docs/decisions/177)", async () => {
      const opener = (response: { headers: Record<string, unknown> }) =>
        response.headers['cross-origin-opener-policy'];
      site.renderer.next = islandPage('An article.');
      const rendered = await get('/blog');
      const kept = await get('/blog');
      const themed = await get('/blog', { cookie: 'theme=dark' });
      expect(kept.headers['server-timing']).toBe('cache;desc="hit"');
      for (const response of [rendered, kept, themed]) expect(opener(response)).toBe('unsafe-none');
      // A page that is no page of islands (an application page), and a signed-in visitor's.
      site.renderer.next = () => ({});
      expect(opener(await get('/about'))).toBe('same-origin-allow-popups');
      site.api.on('POST', '/sessions/verify', { json: testIdentity() });
      site.renderer.next = islandPage('An article.');
      expect(opener(await get('/tags', { cookie: '__session=abc' }))).toBe(
        'same-origin-allow-popups',
      );
    });

    it("keeps the render's random key on a signed-in visitor's page, another on each", async () => {
      site.api.on('POST', '/sessions/verify', { json: testIdentity() });
      const given: string[] = [];
      site.renderer.next = (url, context) => {
        given.push(context.islandKey);
        return islandPage('Mine.')(url, context);
      };
      const bodies = [
        (await get('/blog', { cookie: '__session=abc' })).body,
        (await get('/blog', { cookie: '__session=abc' })).body,
      ];
      expect(bodies.map((body) => keysOf(body).block)).toEqual(given);
      expect(new Set(given).size).toBe(2);
    });
  });

  it("renders a signed-in visitor's page for them, private and never kept", async () => {
    site.api.on('POST', '/sessions/verify', { json: testIdentity() });
    const first = await get('/blog', { cookie: '__session=abc' });
    const second = await get('/blog', { cookie: '__session=abc' });
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.etag).toBeUndefined();
    expect(second.headers['server-timing']).toMatch(/^render;dur=/);
    expect(site.renderer.rendered).toEqual(['/blog', '/blog']);
    // Each answer has a nonce of its own, in its policy and on its scripts.
    const nonces = [first, second].map(
      (response) =>
        /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1],
    );
    expect(new Set(nonces).size).toBe(2);
    for (const [index, response] of [first, second].entries()) {
      expect(response.body).toContain(`<script nonce="${nonces[index]}">`);
      expect(response.headers['content-security-policy']).not.toContain('sha256-');
    }
  });

  describe("the visitor's theme (docs/decisions/176)", () => {
    const DARK_BAR = 'content="#0b1120"';
    const LIGHT_BAR = 'content="#f6f8fb"';
    const bars = (body: string) => body.match(/<meta name="theme-color" content="#[0-9a-f]+"/g);

    it('writes the chosen theme on the root and the bar in its colour, from the kept page', async () => {
      const plain = await get('/blog');
      expect(plain.body.startsWith('<!doctype html><html lang="en"><head>')).toBe(true);
      expect(bars(plain.body)).toEqual([
        `<meta name="theme-color" ${LIGHT_BAR}`,
        `<meta name="theme-color" ${DARK_BAR}`,
      ]);
      const dark = await get('/blog', { cookie: 'theme=dark' });
      const again = await get('/blog', { cookie: 'theme=dark' });
      // One render: the copy in the theme is made from the kept page, once.
      expect(site.renderer.rendered).toEqual(['/blog']);
      expect(dark.statusCode).toBe(200);
      expect(dark.body.startsWith('<!doctype html><html lang="en" data-theme="dark"><head>')).toBe(
        true,
      );
      expect(bars(dark.body)).toEqual([
        `<meta name="theme-color" ${DARK_BAR}`,
        `<meta name="theme-color" ${DARK_BAR}`,
      ]);
      // The rest is the kept page's, byte for byte, under its own validator and the same policy.
      expect(dark.body.replace(' data-theme="dark"', '').replaceAll(DARK_BAR, '')).toBe(
        plain.body.replaceAll(LIGHT_BAR, '').replaceAll(DARK_BAR, ''),
      );
      expect(dark.headers.etag).not.toBe(plain.headers.etag);
      expect(again.headers.etag).toBe(dark.headers.etag);
      expect(dark.headers['content-security-policy']).toBe(
        plain.headers['content-security-policy'],
      );
      expect(dark.headers.vary).toBe('Accept-Encoding, Cookie');
      // A request with a cookie is its own variant: no shared cache keeps it.
      expect(dark.headers['cache-control']).toBe('no-cache');
      expect(
        (await get('/blog', { cookie: 'theme=dark', 'if-none-match': String(dark.headers.etag) }))
          .statusCode,
      ).toBe(304);
      const light = await get('/blog', { cookie: 'theme=light' });
      expect(light.body).toContain('<html lang="en" data-theme="light">');
    });

    it('sends the compressed forms of the copy too', async () => {
      await get('/blog');
      const dark = await get('/blog', { cookie: 'theme=dark', 'accept-encoding': 'br' });
      expect(dark.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(dark.rawPayload).toString('utf8')).toContain(
        '<html lang="en" data-theme="dark">',
      );
    });

    it('ignores a cookie that names no theme', async () => {
      const plain = await get('/blog');
      for (const cookie of ['theme=red', 'theme=', 'theme=dark%22%3E', 'themes=dark']) {
        const response = await get('/blog', { cookie });
        expect(response.body).toBe(plain.body);
      }
    });

    it("writes it on a signed-in visitor's page, and on a page drawn in the browser", async () => {
      site.api.on('POST', '/sessions/verify', { json: testIdentity() });
      const signedIn = await get('/blog', { cookie: '__session=abc; theme=light' });
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(signedIn.body).toContain('<html lang="en" data-theme="light">');
      site.renderer.next = () => {
        throw new Error('down');
      };
      const failed = await get('/about', { cookie: 'theme=dark' });
      expect(failed.statusCode).toBe(503);
      expect(failed.body).toContain('<html lang="en" data-theme="dark">');
    });
  });
});
