// Findable and shareable (docs/decisions/060-062): every page's server-sent head carries its own
// title, description, canonical URL on the configured public site, Open Graph and Twitter tags
// and the feed link; articles and projects have a generated PNG card; JSON-LD is valid
// schema.org; robots.txt, sitemap.xml and rss.xml answer at the site's own origin.
import type { APIRequestContext } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { PUBLIC_PAGES, SITE_ORIGIN, API_ORIGIN, expect, test } from './fixtures';
import { jsonLdBlocks, structuredDataProblems } from '@portfolio/testing/structured-data';
import { BLOG_TITLE } from '@portfolio/remote-blog/texts';

/** The configured public URL (SITE_URL; the local default is the shell's localhost address). */
const SITE_URL = process.env.SITE_URL ?? SITE_ORIGIN;
/** The same server reached by another of its names: the head must not follow it. */
const OTHER_NAME = SITE_ORIGIN.replace('//localhost:', '//127.0.0.1:');

interface Content {
  _id: string;
  slug?: string;
  title: string;
  updatedAt: string;
}

async function content(request: APIRequestContext) {
  const get = async (path: string) =>
    (await (await request.get(`${API_ORIGIN}/api${path}`)).json()) as Content[];
  return { articles: await get('/articles'), projects: await get('/projects') };
}

/** The server's <head>, parsed into what a crawler reads. */
async function headOf(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  const meta = (key: 'name' | 'property', name: string) => {
    const match = new RegExp(`<meta ${key}="${name}" content="([^"]*)"`).exec(head);
    return match ? decode(match[1] ?? '') : undefined;
  };
  const link = (rel: string) => {
    const match = new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)"`).exec(head);
    return match ? decode(match[1] ?? '') : undefined;
  };
  return {
    status: response.status(),
    head,
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    link,
    jsonLd: jsonLdBlocks(head),
  };
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectCard(request: APIRequestContext, url: string | undefined) {
  expect(url, 'og:image').toMatch(/^https?:\/\//);
  const response = await request.get(url ?? '');
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
  return response;
}

test.describe('head metadata in the server HTML', () => {
  test('an article: its own title, excerpt, canonical URL, card, dates and BlogPosting', async ({
    request,
  }) => {
    const { articles } = await content(request);
    const [article] = articles;
    if (!article) throw new Error('the seed has articles');
    // Asked under another host name: every URL still names the configured site.
    const head = await headOf(request, `${OTHER_NAME}/article/${article._id}`);
    expect(head.status).toBe(200);
    expect(head.title).toContain(article.title);
    expect(head.meta('property', 'og:title')).toBe(article.title);
    expect(head.meta('name', 'description')?.length).toBeGreaterThan(20);
    expect(head.meta('property', 'og:description')).toBe(head.meta('name', 'description'));
    const canonical = `${SITE_URL}/article/${article._id}`;
    expect(head.link('canonical')).toBe(canonical);
    expect(head.meta('property', 'og:url')).toBe(canonical);
    expect(head.meta('property', 'og:type')).toBe('article');
    expect(head.meta('property', 'og:site_name')).toBeTruthy();
    expect(head.meta('property', 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(head.meta('property', 'article:modified_time')).toBe(article.updatedAt);
    expect(head.meta('property', 'og:image:width')).toBe('1200');
    expect(head.meta('property', 'og:image:height')).toBe('630');
    expect(head.meta('property', 'og:image:alt')).toContain(article.title);
    expect(head.meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(head.meta('name', 'twitter:image')).toBe(head.meta('property', 'og:image'));
    expect(head.head).not.toContain('127.0.0.1');
    const card = await expectCard(request, head.meta('property', 'og:image'));
    expect(card.headers()['cache-control']).toContain('immutable');

    const types = head.jsonLd.map((block) => block['@type']);
    expect(types).toEqual(['BlogPosting', 'BreadcrumbList']);
    for (const block of head.jsonLd) expect(structuredDataProblems(block)).toEqual([]);
    expect(head.jsonLd[0]).toMatchObject({ headline: article.title, url: canonical });
  });

  test('a project: its title, description, card and breadcrumbs', async ({ request }) => {
    const { projects } = await content(request);
    const [project] = projects;
    if (!project) throw new Error('the seed has projects');
    const head = await headOf(request, `/projects/${project._id}`);
    expect(head.title).toContain(project.title);
    expect(head.meta('property', 'og:title')).toBe(project.title);
    expect(head.link('canonical')).toBe(`${SITE_URL}/projects/${project._id}`);
    await expectCard(request, head.meta('property', 'og:image'));
    expect(head.jsonLd.map((block) => block['@type'])).toEqual(['BreadcrumbList']);
    expect(structuredDataProblems(head.jsonLd[0])).toEqual([]);
  });

  test('home and portfolio describe the owner as a Person with their profile links', async ({
    request,
  }) => {
    for (const path of ['/', '/portfolio']) {
      const head = await headOf(request, path);
      const person = head.jsonLd.find((block) => block['@type'] === 'Person');
      expect(person, path).toBeTruthy();
      for (const block of head.jsonLd) expect(structuredDataProblems(block), path).toEqual([]);
    }
  });

  test('every page has its own title, description, card, canonical URL and feed link', async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const path of [...PUBLIC_PAGES, '/search-article?query=tls', '/signin', '/signup']) {
      const head = await headOf(request, path);
      expect(head.status, path).toBe(200);
      expect(titles.has(head.title), `${path}: "${head.title}" is its own`).toBe(false);
      titles.add(head.title);
      expect(head.meta('name', 'description'), path).toBeTruthy();
      expect(head.link('canonical'), path).toBe(`${SITE_URL}${path.split('?')[0]}`);
      for (const property of ['og:type', 'og:title', 'og:description', 'og:url', 'og:site_name']) {
        expect(head.meta('property', property), `${path} ${property}`).toBeTruthy();
      }
      expect(head.meta('name', 'twitter:card'), path).toBe('summary_large_image');
      expect(head.head, path).toContain(`<link rel="alternate" type="application/rss+xml" title="`);
      expect(head.link('alternate'), path).toBe(`${SITE_URL}/rss.xml`);
    }
    // The site-wide card, for pages without their own.
    const blog = await headOf(request, '/blog');
    expect(blog.title).toContain(BLOG_TITLE);
    await expectCard(request, blog.meta('property', 'og:image'));
  });

  test('the 404 page, an unknown article and the personal pages are noindex', async ({
    request,
  }) => {
    for (const path of ['/no-such-page', '/article/no-such-article', '/projects/nope']) {
      const head = await headOf(request, path);
      expect(head.status, path).toBe(404);
      expect(head.meta('name', 'robots'), path).toBe('noindex');
    }
    for (const path of ['/signin', '/signup']) {
      expect((await headOf(request, path)).meta('name', 'robots'), path).toBe('noindex');
    }
    // A dashboard has no page for a visitor without a session: the server sends them to sign in.
    const dashboard = await headOf(request, '/admin-dashboard');
    expect(dashboard.status).toBe(302);
    expect((await headOf(request, '/blog')).meta('name', 'robots')).toBeUndefined();
  });

  test('a client navigation takes the next page title from the same declaration', async ({
    page,
    request,
  }) => {
    const { articles } = await content(request);
    const [article] = articles;
    if (!article) throw new Error('the seed has articles');
    await page.goto('/blog');
    const blogTitle = await page.title();
    expect(blogTitle).toContain(BLOG_TITLE);
    await page.locator(`a[href="/article/${article._id}"]`).first().click();
    await expect(page).toHaveTitle(
      new RegExp(article.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${SITE_URL}/article/${article._id}`,
    );
  });
});

test.describe("crawlers' files at the site's origin", () => {
  test('robots.txt points at the sitemap and keeps crawlers out of the personal pages', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    for (const path of ['/admin-dashboard', '/user-dashboard', '/signin', '/signup', '/logout']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow: /blog'))).toEqual([]);
  });

  test('sitemap.xml is an index of parts that list every public page, article and project with lastmod', async ({
    request,
  }) => {
    // Other specs add and delete articles meanwhile: the sitemap and the API's lists are read
    // again until they agree (a sitemap that never matches them still fails).
    let expected: string[] = [];
    await expect(async () => {
      const response = await request.get('/sitemap.xml');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('xml');
      const index = await response.text();
      expect(XMLValidator.validate(index)).toBe(true);
      const { sitemapindex } = new XMLParser().parse(index) as {
        sitemapindex: {
          sitemap: { loc: string; lastmod: string } | { loc: string; lastmod: string }[];
        };
      };
      const parts = [sitemapindex.sitemap].flat();
      expect(parts.length).toBeGreaterThan(0);
      const urlset: { url: { loc: string; lastmod: string }[] } = { url: [] };
      for (const [n, part] of parts.entries()) {
        // The parts are served at the site's origin too (docs/decisions/130).
        expect(part.loc).toBe(`${SITE_URL}/sitemap-${n + 1}.xml`);
        expect(String(part.lastmod), part.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const partResponse = await request.get(part.loc.slice(SITE_URL.length));
        expect(partResponse.status(), part.loc).toBe(200);
        const xml = await partResponse.text();
        expect(XMLValidator.validate(xml)).toBe(true);
        const parsed = new XMLParser().parse(xml) as {
          urlset: { url: { loc: string; lastmod: string } | { loc: string; lastmod: string }[] };
        };
        urlset.url.push(...[parsed.urlset.url].flat());
      }
      const { articles, projects } = await content(request);
      const byLocation = new Map(urlset.url.map((url) => [url.loc, url.lastmod]));
      expected = [
        ...PUBLIC_PAGES,
        // The privacy statement (docs/decisions/182): in the sitemap, not among the pages above.
        '/privacy',
        // At its address now (docs/decisions/132).
        ...articles.map((article) => `/article/${article.slug ?? article._id}`),
        ...projects.map((project) => `/projects/${project._id}`),
      ].map((path) => `${SITE_URL}${path}`);
      expect([...byLocation.keys()].sort()).toEqual([...expected].sort());
      for (const [location, lastmod] of byLocation) {
        expect(String(lastmod), location).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }).toPass({ timeout: 30_000 });
    // Every listed page is really there.
    for (const location of expected.slice(0, PUBLIC_PAGES.length + 2)) {
      const path = location.slice(SITE_URL.length);
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test('rss.xml is an RSS 2.0 feed of the articles with absolute links and summaries', async ({
    request,
  }) => {
    // Other specs add and delete articles meanwhile: the feed and the API's list are read again
    // until they agree (a feed that never matches it still fails).
    let items: { title?: string; link?: string; contentSnippet?: string; isoDate?: string }[] = [];
    await expect(async () => {
      const response = await request.get('/rss.xml');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/rss+xml');
      const xml = await response.text();
      expect(xml).toContain('<rss version="2.0"');
      const feed = await new Parser().parseString(xml);
      const { articles } = await content(request);
      expect(feed.link).toBe(`${SITE_URL}/blog`);
      // The newest 30 (RSS_ITEMS, docs/decisions/130), newest first.
      expect(feed.items.map((item) => item.link)).toEqual(
        articles
          .slice(0, 30)
          .map((article) => `${SITE_URL}/article/${article.slug ?? article._id}`),
      );
      items = feed.items;
    }).toPass({ timeout: 30_000 });
    for (const item of items) {
      expect(item.title, item.link).toBeTruthy();
      expect(item.contentSnippet?.length, item.link).toBeGreaterThan(20);
      expect(item.isoDate, item.link).toBeTruthy();
    }
  });
});
