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
});
