import type { RuntimeConfig } from '../config';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  applyDocumentHead,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  cardVersion,
  contentCard,
  defaultCard,
  documentTitle,
  imagePreload,
  metaDescription,
  personJsonLd,
  renderHeadTags,
  siteContext,
  themeStyle,
} from '.';
import type { HeadSpec } from '.';
import { jsonLdBlocks, structuredDataProblems } from '@portfolio/testing/structured-data';
import { makeSiteSettings } from '@portfolio/testing/fixtures';

const config = {
  apiBase: 'https://api.alex.example/api',
  siteUrl: 'https://alex.example',
  owner: {
    name: 'Alex Morgan',
    email: 'alex@alex.example',
    social: [
      { label: 'GitHub', url: 'https://github.com/alex' },
      { label: 'LinkedIn', url: 'https://www.linkedin.com/in/alex' },
    ],
  },
} as RuntimeConfig;
const site = siteContext(config);
const at = (path: string) => new URL(path, 'http://internal.host:3000');

function parse(tags: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.head.innerHTML = tags;
  return doc;
}
const attr = (doc: Document, selector: string, name = 'content') =>
  doc.head.querySelector(selector)?.getAttribute(name);

const article = {
  _id: 'zero-trust',
  title: 'Zero Trust </script><script>alert(1)</script>',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function articleSpec(): HeadSpec {
  const image = contentCard(site, 'articles', article);
  return {
    title: article.title,
    description: 'Never trust, always verify & check "twice".',
    path: '/article/zero-trust',
    type: 'article',
    image,
    article: { publishedTime: '2026-11-01T09:00:00.000Z', modifiedTime: article.updatedAt },
    jsonLd: [
      blogPostingJsonLd(site, {
        headline: 'Zero Trust',
        description: 'Never trust',
        path: '/article/zero-trust',
        datePublished: '2026-11-01T09:00:00.000Z',
        dateModified: article.updatedAt,
        image,
      }),
      breadcrumbJsonLd(site, [
        { name: 'Alex Morgan', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: 'Zero Trust', path: '/article/zero-trust' },
      ]),
    ],
  };
}

describe('renderHeadTags', () => {
  it("writes an article's title, description, canonical URL, Open Graph and Twitter tags", () => {
    const doc = parse(renderHeadTags(articleSpec(), site, at('/article/zero-trust?utm=x')));
    expect(doc.title).toBe(`${article.title} · Alex Morgan`);
    expect(attr(doc, 'meta[name="description"]')).toBe(
      'Never trust, always verify & check "twice".',
    );
    // The configured public URL, never the request's host, and never its query.
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe(
      'https://alex.example/article/zero-trust',
    );
    expect(attr(doc, 'meta[property="og:type"]')).toBe('article');
    expect(attr(doc, 'meta[property="og:site_name"]')).toBe('Alex Morgan');
    expect(attr(doc, 'meta[property="og:title"]')).toBe(article.title);
    expect(attr(doc, 'meta[property="og:url"]')).toBe('https://alex.example/article/zero-trust');
    expect(attr(doc, 'meta[property="og:image"]')).toBe(
      `https://api.alex.example/api/cards/articles/zero-trust.png?v=${cardVersion(article.updatedAt)}`,
    );
    expect(attr(doc, 'meta[property="og:image:width"]')).toBe(String(CARD_WIDTH));
    expect(attr(doc, 'meta[property="og:image:height"]')).toBe(String(CARD_HEIGHT));
    expect(attr(doc, 'meta[property="og:image:alt"]')).toBe(`${article.title} — Alex Morgan`);
    expect(attr(doc, 'meta[property="article:published_time"]')).toBe('2026-11-01T09:00:00.000Z');
    expect(attr(doc, 'meta[property="article:modified_time"]')).toBe(article.updatedAt);
    expect(attr(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(attr(doc, 'meta[name="twitter:image"]')).toBe(attr(doc, 'meta[property="og:image"]'));
    expect(attr(doc, 'link[rel="alternate"][type="application/rss+xml"]', 'href')).toBe(
      'https://alex.example/rss.xml',
    );
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('escapes what it writes: no element can be closed or opened from content', () => {
    const tags = renderHeadTags(articleSpec(), site, at('/article/zero-trust'));
    expect(tags).not.toContain('<script>alert');
    const doc = parse(tags);
    expect(doc.head.querySelectorAll('script')).toHaveLength(2);
    for (const script of doc.head.querySelectorAll('script')) {
      expect(script.type).toBe('application/ld+json');
    }
  });

  it('writes valid schema.org JSON-LD: BlogPosting and BreadcrumbList', () => {
    const blocks = jsonLdBlocks(renderHeadTags(articleSpec(), site, at('/article/zero-trust')));
    expect(blocks.map((block) => block['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    for (const block of blocks) expect(structuredDataProblems(block)).toEqual([]);
  });

  it('a Person with the profile links', () => {
    const person = personJsonLd(site, { jobTitle: 'Security Engineer' });
    expect(structuredDataProblems(person)).toEqual([]);
    expect(person).toMatchObject({
      name: 'Alex Morgan',
      url: 'https://alex.example/',
      sameAs: ['https://github.com/alex', 'https://www.linkedin.com/in/alex'],
    });
    expect(structuredDataProblems({ ...person, sameAs: [] })).toEqual([
      'Person.sameAs must be a list of absolute profile URLs',
    ]);
  });

  it('defaults: the site description, the site-wide card, og:type website; noindex when asked', () => {
    const doc = parse(renderHeadTags({ title: 'Gone', noindex: true }, site, at('/nope')));
    expect(attr(doc, 'meta[name="robots"]')).toBe('noindex');
    expect(attr(doc, 'meta[property="og:type"]')).toBe('website');
    expect(attr(doc, 'meta[property="og:image"]')).toBe(defaultCard(site).url);
    expect(attr(doc, 'meta[name="description"]')).toMatch(/^Portfolio and blog/);
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe('https://alex.example/nope');
  });
});

describe('a paged list', () => {
  it("writes the page's canonical URL and its neighbours as rel prev and next", () => {
    const spec = { title: 'Blog', path: '/blog/page/2', prev: '/blog', next: '/blog/page/3' };
    const doc = parse(renderHeadTags(spec, site, at('/blog/page/2')));
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe('https://alex.example/blog/page/2');
    expect(attr(doc, 'link[rel="prev"]', 'href')).toBe('https://alex.example/blog');
    expect(attr(doc, 'link[rel="next"]', 'href')).toBe('https://alex.example/blog/page/3');
    const first = parse(renderHeadTags({ title: 'Blog' }, site, at('/blog')));
    expect(first.querySelector('link[rel="prev"], link[rel="next"]')).toBeNull();
  });

  it('follows them on navigation, and removes what the next page has not', () => {
    document.head.innerHTML = renderHeadTags({ title: 'Old' }, site, at('/old'));
    const page2 = { title: 'Articles', path: '/articles/a?page=2', prev: '/articles/a' };
    applyDocumentHead(document, page2, site, at('/articles/a?page=2'));
    expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(
      'https://alex.example/articles/a?page=2',
    );
    expect(attr(document, 'link[rel="prev"]', 'href')).toBe('https://alex.example/articles/a');
    expect(document.head.querySelector('link[rel="next"]')).toBeNull();
    applyDocumentHead(document, { title: 'Articles', next: '/articles/a?page=2' }, site, at('/x'));
    expect(document.head.querySelector('link[rel="prev"]')).toBeNull();
    expect(attr(document, 'link[rel="next"]', 'href')).toBe(
      'https://alex.example/articles/a?page=2',
    );
  });
});

describe("a page's own feed (docs/decisions/132)", () => {
  const feed = { title: 'Alex Morgan — Tag: zero-trust', path: '/tags/zero-trust/rss.xml' };
  const feeds = (doc: Document) =>
    Array.from(
      doc.head.querySelectorAll<HTMLLinkElement>(
        'link[rel="alternate"][type="application/rss+xml"]',
      ),
      (link) => [link.getAttribute('title'), link.getAttribute('href')],
    );

  it("is linked beside the site's blog feed", () => {
    const doc = parse(renderHeadTags({ title: 'Tag', feed }, site, at('/tags/zero-trust')));
    expect(feeds(doc)).toEqual([
      ['Alex Morgan — Blog', 'https://alex.example/rss.xml'],
      [feed.title, 'https://alex.example/tags/zero-trust/rss.xml'],
    ]);
    expect(feeds(parse(renderHeadTags({ title: 'Blog' }, site, at('/blog'))))).toEqual([
      ['Alex Morgan — Blog', 'https://alex.example/rss.xml'],
    ]);
  });

  it('escapes its title', () => {
    const tags = renderHeadTags(
      { title: 'Tag', feed: { title: '"><script>x</script>', path: '/tags/x/rss.xml' } },
      site,
      at('/tags/x'),
    );
    expect(tags).not.toContain('<script>x');
  });

  it("follows navigation: another page's feed replaces it, a page without one removes it", () => {
    document.head.innerHTML = renderHeadTags({ title: 'Tag', feed }, site, at('/tags/zero-trust'));
    const other = { title: 'Alex Morgan — Tag: tls', path: '/tags/tls/rss.xml' };
    applyDocumentHead(document, { title: 'Tag', feed: other }, site, at('/tags/tls'));
    expect(feeds(document)).toEqual([
      ['Alex Morgan — Blog', 'https://alex.example/rss.xml'],
      [other.title, 'https://alex.example/tags/tls/rss.xml'],
    ]);
    applyDocumentHead(document, { title: 'Blog' }, site, at('/blog'));
    expect(feeds(document)).toEqual([['Alex Morgan — Blog', 'https://alex.example/rss.xml']]);
    applyDocumentHead(document, { title: 'Tag', feed }, site, at('/tags/zero-trust'));
    expect(feeds(document)).toEqual([
      ['Alex Morgan — Blog', 'https://alex.example/rss.xml'],
      [feed.title, 'https://alex.example/tags/zero-trust/rss.xml'],
    ]);
  });
});

describe('imagePreload (docs/decisions/123)', () => {
  const photo = {
    imagePath: '/images/photo-1a2b3c4d5e6f7a8b.jpg',
    image: {
      path: '/images/photo-1a2b3c4d5e6f7a8b.jpg',
      width: 4000,
      height: 3000,
      widths: [320, 640],
      formats: ['avif', 'webp', 'jpeg'],
    },
  };
  const sizes = '(min-width: 40rem) 50vw, calc(100vw - 2rem)';
  const display = { sizes, widest: 640 };

  it('preloads the best format of a photo with the sizes the page shows it at', () => {
    const preload = imagePreload(site, photo, display);
    expect(preload).toEqual({
      srcset:
        'https://api.alex.example/api/images/photo-1a2b3c4d5e6f7a8b.jpg/320.avif 320w, ' +
        'https://api.alex.example/api/images/photo-1a2b3c4d5e6f7a8b.jpg/640.avif 640w',
      sizes,
      type: 'image/avif',
    });
    const doc = parse(renderHeadTags({ title: 'Blog', preloadImage: preload }, site, at('/blog')));
    const preloaded = (name: string) => attr(doc, 'link[rel="preload"]', name);
    expect(preloaded('as')).toBe('image');
    expect(preloaded('imagesrcset')).toBe(preload?.srcset);
    expect(preloaded('imagesizes')).toBe(sizes);
    expect(preloaded('type')).toBe('image/avif');
    expect(preloaded('fetchpriority')).toBe('high');
    expect(preloaded('href')).toBeNull();
  });

  it('offers the same widths as the page’s picture of a small image, none wider', () => {
    const badge = { ...photo, image: { ...photo.image, widths: [320, 640, 1280] } };
    expect(imagePreload(site, badge, { sizes: '6rem', widest: 96 })?.srcset).toBe(
      'https://api.alex.example/api/images/photo-1a2b3c4d5e6f7a8b.jpg/320.avif 320w',
    );
  });

  it('preloads an image without variants (an SVG, a size unknown) by its address', () => {
    expect(
      imagePreload(site, { ...photo, image: { ...photo.image, widths: [], formats: [] } }, display),
    ).toEqual({ href: 'https://api.alex.example/api/images/photo-1a2b3c4d5e6f7a8b.jpg' });
    expect(imagePreload(site, { imagePath: '/images/tls.svg' }, display)).toEqual({
      href: 'https://api.alex.example/api/images/tls.svg',
    });
    const tags = renderHeadTags(
      { title: 'x', preloadImage: { href: 'https://api.alex.example/api/images/tls.svg' } },
      site,
      at('/x'),
    );
    expect(tags).toContain(
      '<link rel="preload" as="image" href="https://api.alex.example/api/images/tls.svg" fetchpriority="high" />',
    );
    expect(imagePreload(site, {}, display)).toBeUndefined();
  });

  it('writes no preload for a page without one', () => {
    expect(renderHeadTags({ title: 'x' }, site, at('/x'))).not.toContain('rel="preload"');
  });
});

describe('helpers', () => {
  it('documentTitle adds the site name once', () => {
    expect(documentTitle({ title: 'Blog' }, site)).toBe('Blog · Alex Morgan');
    expect(documentTitle({ title: 'Alex Morgan · Security Engineer' }, site)).toBe(
      'Alex Morgan · Security Engineer',
    );
  });

  it("documentTitle keeps a name's or a title's bidi controls from reversing the rest", () => {
    const rlo = { ...site, siteName: 'Alex\u202eMorgan' };
    expect(documentTitle({ title: 'Blog' }, rlo)).toBe('Blog · AlexMorgan');
    expect(
      documentTitle(
        { title: 'A \u202ereversed\u202c title \u2067x\u2069 \u202a\u202b\u202d\u2066\u2068' },
        site,
      ),
    ).toBe('A reversed title x  · Alex Morgan');
    // Right-to-left letters are no control: kept as they are.
    expect(documentTitle({ title: 'שלום' }, site)).toBe('שלום · Alex Morgan');
  });

  it('siteContext: a relative API base is resolved on the public site URL', () => {
    expect(siteContext({ ...config, apiBase: '/api' }).apiBase).toBe('https://alex.example/api');
    expect(siteContext({ ...config, siteUrl: 'https://alex.example/' }).siteUrl).toBe(
      'https://alex.example',
    );
  });

  it('cardVersion follows updatedAt', () => {
    expect(cardVersion('2026-11-20T10:00:00.000Z')).toBe(
      Date.parse('2026-11-20T10:00:00.000Z').toString(36),
    );
    expect(cardVersion(undefined)).toBe('0');
    expect(cardVersion('not a date')).toBe('0');
  });

  it('metaDescription: the text on one line, cut at a word near 160 characters', () => {
    expect(metaDescription('Title.\n\n  Some bold text.')).toBe('Title. Some bold text.');
    const long = metaDescription('word '.repeat(100)) ?? '';
    expect(long.length).toBeLessThanOrEqual(163);
    expect(long.endsWith('...')).toBe(true);
    expect(metaDescription('')).toBeUndefined();
  });
});

describe("the site's settings (docs/decisions/141)", () => {
  const settings = makeSiteSettings({
    owner: {
      name: 'Jordan Rivera',
      jobTitle: 'AppSec Lead',
      email: 'jo@rivera.example',
      social: [{ label: 'Mastodon', url: 'https://social.example/@jo' }],
    },
    theme: { accent: '#ffa94d', accentStrong: '#ffc078' },
    updatedAt: '2026-11-25T08:00:00.000Z',
  });
  const ownSite = siteContext(config, settings);

  it("name the site, its owner and the owner's job title instead of the config's", () => {
    expect(ownSite.siteName).toBe('Jordan Rivera');
    expect(ownSite.owner).toEqual({
      name: 'Jordan Rivera',
      email: 'jo@rivera.example',
      social: [{ label: 'Mastodon', url: 'https://social.example/@jo' }],
    });
    const doc = parse(renderHeadTags({ title: 'About' }, ownSite, at('/about')));
    expect(doc.title).toBe('About · Jordan Rivera');
    expect(doc.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe(
      'Jordan Rivera',
    );
    const [person] = jsonLdBlocks(
      renderHeadTags({ title: 'Home', jsonLd: [personJsonLd(ownSite)] }, ownSite, at('/')),
    );
    expect(person).toMatchObject({
      name: 'Jordan Rivera',
      jobTitle: 'AppSec Lead',
      email: 'mailto:jo@rivera.example',
      sameAs: ['https://social.example/@jo'],
    });
  });

  it("write the theme's accents as custom properties in the head, and nothing else", () => {
    const doc = parse(renderHeadTags({ title: 'About' }, ownSite, at('/about')));
    expect(doc.querySelector('style#site-theme')?.textContent).toBe(
      // The owner's colours in the dark theme; in the light one, darkened to read on it.
      'html:root{--color-accent:light-dark(#91602c,#ffa94d);' +
        '--color-accent-strong:light-dark(#694f31,#ffc078)}',
    );
    expect(themeStyle(undefined)).toBe('');
    for (const accent of ['red', '#ffa94d;}</style><script>alert(1)</script>', 'url(x)', '#fff']) {
      expect(themeStyle({ accent, accentStrong: '#ffc078' })).toBe('');
    }
    // Without settings (the API did not give them), the stylesheets' own theme.
    expect(renderHeadTags({ title: 'About' }, site, at('/about'))).not.toContain('<style');
  });

  it("give every card the settings' version: their name and accent are on it", () => {
    const article = { _id: 'tls', title: 'TLS', updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(contentCard(ownSite, 'articles', article).url).toBe(
      `https://api.alex.example/api/cards/articles/tls.png?v=${cardVersion('2026-11-25T08:00:00.000Z')}`,
    );
    expect(defaultCard(ownSite).url).toBe(
      `https://api.alex.example/api/cards/default.png?v=${cardVersion(settings.updatedAt)}`,
    );
    expect(cardVersion('2027-01-01T00:00:00.000Z', settings.updatedAt)).toBe(
      cardVersion('2027-01-01T00:00:00.000Z'),
    );
  });
});

describe('applyDocumentHead', () => {
  it('updates the title, description, canonical, og tags and robots on navigation', () => {
    document.head.innerHTML = renderHeadTags({ title: 'Old', noindex: true }, site, at('/old'));
    applyDocumentHead(document, { title: 'New', description: 'Fresh' }, site, at('/new'));
    expect(document.title).toBe('New · Alex Morgan');
    expect(attr(document, 'meta[name="description"]')).toBe('Fresh');
    expect(attr(document, 'meta[property="og:title"]')).toBe('New');
    expect(attr(document, 'link[rel="canonical"]', 'href')).toBe('https://alex.example/new');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    applyDocumentHead(document, { title: 'Gone', noindex: true }, site, at('/gone'));
    expect(attr(document, 'meta[name="robots"]')).toBe('noindex');
  });
});
