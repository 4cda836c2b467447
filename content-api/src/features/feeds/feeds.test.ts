import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const SITE = 'https://portfolio.example';
const parse = (xml: string) => new XMLParser({ ignoreAttributes: false }).parse(xml);

describe.each(testDrivers)('feeds (%s)', (driver) => {
  let t: TestApp;
  let articleIds: string[];
  let projectIds: string[];
  beforeAll(async () => {
    t = await createTestApp(driver, { siteUrl: `${SITE}/` });
    articleIds = (await t.app.inject('/api/articles')).json().map((a: { _id: string }) => a._id);
    projectIds = (await t.app.inject('/api/projects')).json().map((p: { _id: string }) => p._id);
  });
  afterAll(() => t.close());

  it('GET /api/rss.xml is a valid RSS 2.0 feed of the articles, newest first', async () => {
    const response = await t.app.inject('/api/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { rss } = parse(response.body);
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toBe('Alex Morgan — Blog');
    expect(rss.channel.link).toBe(`${SITE}/blog`);
    // The feed names its own address at the site's origin (the site's server relays it).
    expect(rss.channel['atom:link']['@_href']).toBe(`${SITE}/rss.xml`);
    const items = rss.channel.item as {
      link: string;
      guid: { '#text': string };
      pubDate: string;
    }[];
    expect(items.map((item) => item.link)).toEqual(articleIds.map((id) => `${SITE}/article/${id}`));
    expect(items[0]?.guid['#text']).toBe(items[0]?.link);
    expect(items[0]?.pubDate).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  it('GET /api/sitemap.xml lists every public page, project and article', async () => {
    const response = await t.app.inject('/api/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { urlset } = parse(response.body);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = urlset.url as { loc: string; lastmod: string }[];
    const locations = urls.map((url) => url.loc);
    // Every URL says when it last changed (W3C date).
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(locations).toEqual([
      ...['/', '/portfolio', '/store', '/blog', '/contact', '/about', '/ebook'].map(
        (page) => `${SITE}${page}`,
      ),
      ...projectIds.map((id) => `${SITE}/projects/${id}`),
      ...articleIds.map((id) => `${SITE}/article/${id}`),
    ]);
  });

  it('escapes titles and follows writes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: {
        title: 'Tom & Jerry <b>"quoted"</b>',
        content: 'Body with \u0001 control & <tags>.',
      },
    });
    expect(created.statusCode).toBe(201);
    const rss = (await t.app.inject('/api/rss.xml')).body;
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(rss).toContain('<title>Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt;</title>');
    const sitemap = (await t.app.inject('/api/sitemap.xml')).body;
    expect(sitemap).toContain(`${SITE}/article/${created.json()._id}`);
  });
});
