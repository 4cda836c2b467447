import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { articles } from '../../db/schema.js';
import { markdownToPlainText } from '../../lib/markdown-text.js';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { RSS_ITEMS, STATIC_PAGES, renderRss } from './routes.js';
import { FORGED_ISLANDS_MARKDOWN } from '@portfolio/testing/hostile-markup';

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

  it('GET /api/sitemap.xml is an index of one part that lists every public page, project and article', async () => {
    const response = await t.app.inject('/api/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { sitemapindex } = parse(response.body);
    expect(sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(sitemapindex.sitemap.loc).toBe(`${SITE}/sitemap-1.xml`);
    expect(sitemapindex.sitemap.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const part = await t.app.inject('/api/sitemap-1.xml');
    expect(part.statusCode).toBe(200);
    expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(part.body)).toBe(true);
    const { urlset } = parse(part.body);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = urlset.url as { loc: string; lastmod: string }[];
    const locations = urls.map((url) => url.loc);
    // Every URL says when it last changed (W3C date).
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The index's date for the part is its newest URL's.
    expect(sitemapindex.sitemap.lastmod).toBe(
      urls
        .map((url) => url.lastmod)
        .sort()
        .at(-1),
    );
    // Content oldest first: a new item lands in the last part.
    expect(locations).toEqual([
      ...[
        '/',
        '/portfolio',
        '/store',
        '/blog',
        '/tags',
        '/contact',
        '/about',
        '/ebook',
        '/privacy',
      ].map((page) => `${SITE}${page}`),
      ...[...projectIds].reverse().map((id) => `${SITE}/projects/${id}`),
      ...[...articleIds].reverse().map((id) => `${SITE}/article/${id}`),
    ]);
  });

  it.each([
    '/api/sitemap-2.xml',
    '/api/sitemap-0.xml',
    '/api/sitemap-01.xml',
    '/api/sitemap-x.xml',
  ])('%s, a part that is not there, is a 404', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such sitemap part.' });
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
    const sitemap = (await t.app.inject('/api/sitemap-1.xml')).body;
    expect(sitemap).toContain(`${SITE}/article/${created.json()._id}`);
  });
});

describe.each(testDrivers)('feeds of a large blog (%s)', (driver) => {
  const PART_SIZE = 25;
  const COUNT = 120;
  const DAY = 24 * 60 * 60 * 1000;
  const start = Date.UTC(2024, 0, 1);
  /** About 1,200 words of Markdown: a realistic article. */
  const body = (n: number) =>
    [
      `## Part ${n}`,
      ...Array.from(
        { length: 12 },
        (_, paragraph) =>
          `Paragraph ${paragraph} of article ${n}: ` +
          'Threat models, **defence in depth**, logging & <detection> at every layer. '.repeat(8),
      ),
      '```ts\nconst x = 1;\n```',
      `See [the previous one](/article/post-${n - 1}) and ![a diagram](/api/images/d-${n}.svg).`,
      `![a figure](/images/f-${n}.svg)`,
      '<script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)" class="modal">x</a>',
      FORGED_ISLANDS_MARKDOWN,
    ].join('\n\n');
  let t: TestApp;
  let projectCount: number;
  beforeAll(async () => {
    t = await createTestApp(driver, { siteUrl: SITE, sitemapPartSize: PART_SIZE, seed: false });
    const row = (n: number, extra: Partial<typeof articles.$inferInsert> = {}) => {
      const content = body(n);
      const createdAt = new Date(start + n * DAY);
      return {
        id: `post-${String(n).padStart(3, '0')}`,
        title: `Post ${n} & more`,
        content,
        plainText: markdownToPlainText(content),
        createdAt,
        // Edited a day after it was written: lastmod is the edit.
        updatedAt: new Date(createdAt.getTime() + DAY),
        status: 'published' as const,
        publishedAt: createdAt,
        ...extra,
        slug: extra.id ?? `post-${String(n).padStart(3, '0')}`,
      };
    };
    await t.database.db.insert(articles).values([
      ...Array.from({ length: COUNT }, (_, n) => row(n)),
      // Newer than all, but not public.
      row(COUNT, { id: 'a-draft', status: 'draft', publishedAt: null }),
      row(COUNT + 1, { id: 'a-scheduled', publishedAt: new Date(Date.now() + DAY) }),
    ]);
    projectCount = (await t.app.inject('/api/projects')).json().length;
  });
  afterAll(() => t.close());

  it(`the feed carries the newest ${RSS_ITEMS} public articles, newest first`, async () => {
    const response = await t.app.inject('/api/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(response.body)).toBe(true);
    const items = parse(response.body).rss.channel.item as {
      link: string;
      title: string;
      description: string;
      'content:encoded': string;
    }[];
    expect(items.map((item) => item.link)).toEqual(
      Array.from(
        { length: RSS_ITEMS },
        (_, n) => `${SITE}/article/post-${String(COUNT - 1 - n).padStart(3, '0')}`,
      ),
    );
    expect(items[0]?.title).toBe(`Post ${COUNT - 1} & more`);
    // The summary: the article's prose (its heading left out), cut to 300 characters.
    expect(items[0]?.description).toMatch(/^Paragraph 0 of article 119: Threat models/);
    expect(items[0]?.description.length).toBeLessThanOrEqual(301);
    // And the whole article, as HTML without anything that runs, links absolute.
    for (const item of items) {
      const html = item['content:encoded'];
      expect(html).toContain('<strong>defence in depth</strong>');
      expect(html).toContain('logging &amp; ');
      expect(html).toContain('<pre><code>const x = 1;');
      expect(html).not.toMatch(/<script|onerror|javascript:|class=|<detection>|data-/);
    }
    expect(items[0]?.['content:encoded']).toContain(
      `<a href="${SITE}/article/post-118">the previous one</a>`,
    );
    expect(items[0]?.['content:encoded']).toContain(
      `<img src="${SITE}/api/images/d-119.svg" alt="a diagram">`,
    );
    expect(items[0]?.['content:encoded']).toContain(`<img src="${SITE}/article/x.png">`);
    // The uploader's path of a stored image is the API's, under the site's /api.
    expect(items[0]?.['content:encoded']).toContain(
      `<img src="${SITE}/api/images/f-119.svg" alt="a figure">`,
    );
    expect(response.body).not.toMatch(/a-draft|a-scheduled/);
    // The goal at 10,000 articles: at most 300 KB, whatever their number (274 KB here: 30 articles
    // of about 1,100 words, each in full).
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(300 * 1024);
    // A 304 for the same version, as before.
    const again = await t.app.inject({
      url: '/api/rss.xml',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("the feed follows an edit of an article's text (its HTML made again, the others kept)", async () => {
    const before = (await t.app.inject('/api/rss.xml')).body;
    expect(before).not.toContain('Edited');
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/articles/post-118',
      headers: adminHeaders,
      payload: { title: 'Post 118 & more', content: '## Edited\n\nNow *short*.' },
    });
    expect(edited.statusCode).toBe(200);
    const items = parse((await t.app.inject('/api/rss.xml')).body).rss.channel.item as {
      'content:encoded': string;
    }[];
    expect(items[1]?.['content:encoded']).toBe('<h2>Edited</h2>\n<p>Now <em>short</em>.</p>\n');
    expect(items[0]?.['content:encoded']).toContain('<strong>defence in depth</strong>');
  });

  it('the sitemap is an index of parts of at most the part size, listing every URL once', async () => {
    const index = await t.app.inject('/api/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(XMLValidator.validate(index.body)).toBe(true);
    const parts = parse(index.body).sitemapindex.sitemap as { loc: string; lastmod: string }[];
    const total = STATIC_PAGES.length + projectCount + COUNT;
    expect(parts.map((part) => part.loc)).toEqual(
      Array.from(
        { length: Math.ceil(total / PART_SIZE) },
        (_, n) => `${SITE}/sitemap-${n + 1}.xml`,
      ),
    );
    const listed: { loc: string; lastmod: string }[] = [];
    for (const [n, part] of parts.entries()) {
      const response = await t.app.inject(`/api/sitemap-${n + 1}.xml`);
      expect(response.statusCode).toBe(200);
      expect(XMLValidator.validate(response.body)).toBe(true);
      const urls = [parse(response.body).urlset.url].flat() as { loc: string; lastmod: string }[];
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(PART_SIZE);
      for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(part.lastmod).toBe(
        urls
          .map((url) => url.lastmod)
          .sort()
          .at(-1),
      );
      listed.push(...urls);
    }
    const locations = listed.map((url) => url.loc);
    expect(new Set(locations).size).toBe(locations.length);
    expect(locations.slice(0, STATIC_PAGES.length)).toEqual(
      STATIC_PAGES.map((page) => `${SITE}${page}`),
    );
    const articleUrls = listed.filter((url) => url.loc.startsWith(`${SITE}/article/`));
    expect(articleUrls.map((url) => url.loc)).toEqual(
      Array.from({ length: COUNT }, (_, n) => `${SITE}/article/post-${String(n).padStart(3, '0')}`),
    );
    // An article's lastmod is its last edit.
    expect(articleUrls[0]?.lastmod).toBe(new Date(start + DAY).toISOString().slice(0, 10));
    expect(locations.join(' ')).not.toMatch(/a-draft|a-scheduled/);
    expect((await t.app.inject(`/api/sitemap-${parts.length + 1}.xml`)).statusCode).toBe(404);
  });
});

describe('renderRss', () => {
  const about = { name: 'A', jobTitle: 'B' };
  const article = (n: number) => ({
    id: `a${n}`,
    slug: `a${n}`,
    title: `Article ${n}`,
    content: `Text ${n}`,
    customExcerpt: null,
    metaDescription: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    publishedAt: new Date(0),
  });
  it('gives the full content while the feed stays within its bound, then summaries only', () => {
    const articles = [1, 2, 3].map(article);
    const contents = articles.map((a) => `<p>${a.id} ${'x'.repeat(1000)} ]]> end</p>`);
    const roomy = renderRss(articles, contents, SITE, about);
    expect(XMLValidator.validate(roomy)).toBe(true);
    const all = parse(roomy).rss.channel.item as { 'content:encoded'?: string }[];
    expect(all.map((item) => item['content:encoded'])).toEqual(contents);
    const tight = renderRss(articles, contents, SITE, about, Buffer.byteLength(roomy) - 500);
    expect(XMLValidator.validate(tight)).toBe(true);
    expect(Buffer.byteLength(tight)).toBeLessThanOrEqual(Buffer.byteLength(roomy) - 500);
    const some = parse(tight).rss.channel.item as { 'content:encoded'?: string; title: string }[];
    expect(some.map((item) => item.title)).toEqual(['Article 1', 'Article 2', 'Article 3']);
    expect(some.map((item) => item['content:encoded'])).toEqual([
      contents[0],
      contents[1],
      undefined,
    ]);
  });
});
