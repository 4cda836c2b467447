/** @jest-environment node */
import { FEED_UNAVAILABLE } from '../feed-relay';
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite();
});
afterEach(() => site.close());

const get = (url: string) => site.app.inject({ url, headers: { host: 'localhost' } });

describe("the crawlers' files", () => {
  it('robots.txt keeps crawlers off the private routes the remotes publish', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /signin');
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('relays the sitemap and the feed from the content API, and says when it cannot', async () => {
    site.api.on('GET', '/rss.xml', { text: '<rss/>', type: 'application/rss+xml; charset=utf-8' });
    const feed = await get('/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toBe('<rss/>');
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(503);
    expect(sitemap.body).toBe(FEED_UNAVAILABLE);
  });

  it("relays the sitemap's parts, with the same caching; a part that is not there is a 404", async () => {
    const type = 'application/xml; charset=utf-8';
    site.api.on('GET', '/sitemap.xml', { text: '<sitemapindex/>', type });
    site.api.on('GET', '/sitemap-1.xml', { text: '<urlset n="1"/>', type });
    site.api.on('GET', '/sitemap-2.xml', { text: '<urlset n="2"/>', type });
    site.api.on('GET', '/sitemap-3.xml', {
      status: 404,
      json: { message: 'No such sitemap part.' },
    });
    expect((await get('/sitemap.xml')).body).toBe('<sitemapindex/>');
    for (const n of [1, 2]) {
      const part = await get(`/sitemap-${n}.xml`);
      expect(part.statusCode).toBe(200);
      expect(part.body).toBe(`<urlset n="${n}"/>`);
      expect(part.headers['content-type']).toBe(type);
      expect(part.headers['cache-control']).toBe('public, max-age=300');
    }
    const calls = () => site.api.calls.filter((call) => call.url.includes('sitemap-')).length;
    expect(calls()).toBe(2);
    // Kept: asked again, the API is not.
    expect((await get('/sitemap-2.xml')).statusCode).toBe(200);
    expect(calls()).toBe(2);
    expect((await get('/sitemap-3.xml')).statusCode).toBe(404);
    expect(calls()).toBe(3);
    // A name no part has never reaches the API, and is never an error of the server.
    for (const url of [
      '/sitemap-0.xml',
      '/sitemap-01.xml',
      '/sitemap-x.xml',
      '/sitemap-1234567.xml',
      '/sitemap-.xml',
      '/sitemap-1.5.xml',
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
    }
    expect(calls()).toBe(3);
  });

  // docs/decisions/132: each tag's feed, relayed as /rss.xml is.
  it("relays a tag's feed; a tag no article has is a 404, a name no tag can have never asks", async () => {
    const type = 'application/rss+xml; charset=utf-8';
    site.api.on('GET', '/tags/zero-trust/rss.xml', { text: '<rss tag="zero-trust"/>', type });
    site.api.on('GET', '/tags/unused/rss.xml', { status: 404, json: { message: 'No such tag.' } });
    const feed = await get('/tags/zero-trust/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toBe('<rss tag="zero-trust"/>');
    expect(feed.headers['content-type']).toBe(type);
    expect(feed.headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/tags/unused/rss.xml')).statusCode).toBe(404);
    const calls = () => site.api.calls.filter((call) => call.url.includes('/tags/')).length;
    expect(calls()).toBe(2);
    for (const url of [
      '/tags/Zero-Trust/rss.xml',
      '/tags/zero--trust/rss.xml',
      '/tags/-x/rss.xml',
      '/tags/zero_trust/rss.xml',
      `/tags/${'a'.repeat(41)}/rss.xml`,
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
    }
    expect(calls()).toBe(2);
  });

  it('says a part is unavailable while the API cannot give it', async () => {
    site.api.on('GET', '/sitemap-1.xml', { status: 500, json: { message: 'down' } });
    const part = await get('/sitemap-1.xml');
    expect(part.statusCode).toBe(503);
    expect(part.headers['retry-after']).toBe('60');
    expect(part.body).toBe(FEED_UNAVAILABLE);
  });
});
