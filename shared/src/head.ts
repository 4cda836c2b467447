// A page's head metadata: title, description, canonical URL, Open Graph and Twitter card tags,
// structured data (JSON-LD) and the feed link. The page module that owns a route declares it
// (`export const head: PageHead<typeof loader>`, next to its loader); the shell's server writes
// the tags into the HTML it sends, and the shell updates the title and description on a client
// navigation from the same declaration (docs/decisions/060). Stateless, so bundled per app.
import {
  LIGHT_ACCENT_STRONG_CONTRAST,
  imageSources,
  lightThemeAccent,
  withoutBidiControls,
} from '@portfolio/contract';
import type { Image, SiteSettings } from '@portfolio/contract';
import type { OwnerIdentity, RuntimeConfig } from './config';
import { truncateText } from './format';

/** Link-preview card size (Open Graph's recommended 1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The site's description where a page has none of its own. */
export const DEFAULT_SITE_DESCRIPTION =
  'Portfolio and blog of a cybersecurity professional and developer: projects, certifications, articles and contact.';

/** Where the feeds live at the site's origin (the site's server, shell/server/, serves them). */
export const RSS_PATH = '/rss.xml';

/** What a page's head may use besides its data: the site's public identity. */
export interface SiteContext {
  /** Public origin of the site, without a trailing slash (SITE_URL; never a request's Host). */
  siteUrl: string;
  /** The site's name in titles and og:site_name: the owner's name. */
  siteName: string;
  owner: OwnerIdentity;
  /** Content API base, absolute: the card images are served there. */
  apiBase: string;
  /** The owner's job title (the settings', docs/decisions/141): the Person's `jobTitle`. */
  jobTitle?: string;
  /**
   * When the site's settings last changed (ISO-8601): the owner's name and the accent are on
   * every card, so a card's version follows them too.
   */
  settingsVersion?: string;
  /** The theme's accent colours (`#rrggbb`), written into the page's head as custom properties. */
  theme?: { accent: string; accentStrong: string };
}

export interface HeadImage {
  /** Absolute URL of a PNG or JPEG (link-preview crawlers do not render SVG). */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The image that is likely the page's largest paint, fetched from the head before the page's
 * markup reaches it (docs/decisions/123). Made by imagePreload().
 */
export interface HeadPreloadImage {
  /** The image itself, when it has no variants. */
  href?: string;
  /** The variants of its best format, with the `sizes` the page shows it at. */
  srcset?: string;
  sizes?: string;
  /** That format: a browser that cannot show it preloads nothing. */
  type?: string;
}

/** One JSON-LD node (schema.org vocabulary). */
export type JsonLd = Record<string, unknown>;

/** What a page declares about itself. */
export interface HeadSpec {
  /** The page's own title (the site's name is added to <title>, not to og:title). */
  title: string;
  description?: string;
  /**
   * The canonical path; the request's path (without its query) when absent. A page of a list
   * whose number is in the query gives it here (`/articles/x?page=2`).
   */
  path?: string;
  /** A paged list's previous and next pages (paths on the site): `<link rel="prev|next">`. */
  prev?: string;
  next?: string;
  /** og:type; "website" when absent. */
  type?: 'website' | 'article' | 'profile';
  /** The preview card; the site-wide default card when absent. */
  image?: HeadImage;
  /** ISO-8601 times of an article (og:type "article"). */
  article?: { publishedTime: string; modifiedTime?: string };
  /** Keep the page out of search results (404s, personal pages, search results). */
  noindex?: boolean;
  jsonLd?: JsonLd[];
  /** The image of the page's largest paint (imagePreload()). */
  preloadImage?: HeadPreloadImage;
  /**
   * A feed of the page's own (a tag's, docs/decisions/132), linked beside the site's blog feed as
   * `<link rel="alternate" type="application/rss+xml">`: its title and its path on the site.
   */
  feed?: HeadFeed;
}

/** An RSS feed on the site. */
export interface HeadFeed {
  title: string;
  /** Its path on the site: `/tags/<tag>/rss.xml`. */
  path: string;
}

export interface HeadArgs<Data> {
  /** The page loader's settled state; null when the page has no loader or its data is missing. */
  data: Data | null;
  params: Readonly<Record<string, string | undefined>>;
  /** The page's address (path and query) on the site. */
  url: URL;
  site: SiteContext;
}

type LoaderLike = (...args: never[]) => unknown;
/** The settled state of a page loader (`typeof loader`). */
export type LoaderState<Loader> = Loader extends LoaderLike ? Awaited<ReturnType<Loader>> : never;

/** A page module's `head` export: `export const head: PageHead<typeof loader> = …`. */
export type PageHead<Loader extends LoaderLike | undefined = undefined> = (
  args: HeadArgs<Loader extends LoaderLike ? LoaderState<Loader> : never>,
) => HeadSpec;

/** Search engines show about this much of a description. */
export const DESCRIPTION_LENGTH = 160;

/**
 * A meta description from a plain text (an article's is its API excerpt): whitespace collapsed,
 * at most DESCRIPTION_LENGTH.
 */
export function metaDescription(text: string | null | undefined): string | undefined {
  const plain = text ? text.replace(/\s+/g, ' ').trim() : '';
  return plain ? truncateText(plain, DESCRIPTION_LENGTH, { wordBoundary: true }) : undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The owner's identity as the runtime config carries it, from the site's settings. */
export function ownerIdentity(settings: Pick<SiteSettings, 'owner'>): OwnerIdentity {
  const { name, email, social } = settings.owner;
  return { name, email, social: social.map(({ label, url }) => ({ label, url })) };
}

/**
 * The site context from the runtime config (the config's siteUrl comes from SITE_URL) and, on
 * the site's server, the site's settings of this render (docs/decisions/141): the owner, the job
 * title, the theme. Without settings, the config's owner (the environment's).
 */
export function siteContext(config: RuntimeConfig, settings?: SiteSettings): SiteContext {
  const siteUrl = trimSlash(config.siteUrl ?? '');
  const owner = settings ? ownerIdentity(settings) : config.owner;
  return {
    siteUrl,
    siteName: owner.name,
    owner,
    // The API base is absolute in every config the site's tools write; a relative one is
    // resolved against the site, so og:image is always absolute.
    apiBase: trimSlash(siteUrl ? new URL(config.apiBase, `${siteUrl}/`).href : config.apiBase),
    ...(settings && {
      jobTitle: settings.owner.jobTitle,
      settingsVersion: settings.updatedAt,
      theme: { accent: settings.theme.accent, accentStrong: settings.theme.accentStrong },
    }),
  };
}

/** An absolute URL of a path on the site. */
export function siteHref(site: SiteContext, path: string): string {
  return `${site.siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The version of a generated card: the later of the times given (the content's `updatedAt` and
 * the settings', whose name and accent every card shows), so the card's URL (and the crawler's
 * cache of it) follows edits. The content API computes the same value
 * (content-api/src/features/cards) and sends matching URLs as immutable.
 */
export function cardVersion(...updatedAt: (string | undefined)[]): string {
  const times = updatedAt
    .map((time) => (time ? Date.parse(time) : Number.NaN))
    .filter((time) => !Number.isNaN(time));
  return times.length > 0 ? Math.max(...times).toString(36) : '0';
}

/** The generated card of an article or a project (content API, GET /cards/…). */
export function contentCard(
  site: SiteContext,
  kind: 'articles' | 'projects',
  content: { _id: string; title: string; updatedAt?: string },
): HeadImage {
  return {
    url: `${site.apiBase}/cards/${kind}/${encodeURIComponent(content._id)}.png?v=${cardVersion(content.updatedAt, site.settingsVersion)}`,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    alt: `${content.title} — ${site.siteName}`,
  };
}

/** The site-wide card, for every page without a card of its own. */
export function defaultCard(site: SiteContext): HeadImage {
  return {
    url: `${site.apiBase}/cards/default.png${site.settingsVersion ? `?v=${cardVersion(site.settingsVersion)}` : ''}`,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    alt: site.siteName,
  };
}

/** An address of the content API, absolute, as the site's HTML links it. */
function apiHref(site: SiteContext, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${site.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The preload of a content image the page shows with ResponsiveImage and the same `sizes`
 * (docs/decisions/123): the candidate the browser will pick from its best format, so it is
 * fetched once, early. Undefined when the content has no image.
 */
export function imagePreload(
  site: SiteContext,
  content: { imagePath?: string; image?: Image },
  sizes: string,
): HeadPreloadImage | undefined {
  if (!content.imagePath) return undefined;
  if (!content.image) return { href: apiHref(site, content.imagePath) };
  const { sets, src } = imageSources(content.image, (path) => apiHref(site, path));
  const [best] = sets;
  if (!best) return { href: src };
  return { srcset: best.srcset, sizes, type: best.type };
}

// ── JSON-LD builders (schema.org) ──────────────────────────────────────────────────────────

const SCHEMA_CONTEXT = 'https://schema.org';

/** The owner, with their profile links. */
export function personJsonLd(site: SiteContext, extra: { jobTitle?: string } = {}): JsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Person',
    name: site.owner.name,
    url: siteHref(site, '/'),
    sameAs: site.owner.social.map((link) => link.url),
    ...(site.owner.email ? { email: `mailto:${site.owner.email}` } : {}),
    ...((extra.jobTitle ?? site.jobTitle) ? { jobTitle: extra.jobTitle ?? site.jobTitle } : {}),
  };
}

export interface BlogPostingInput {
  headline: string;
  description: string;
  path: string;
  datePublished: string;
  dateModified: string;
  image: HeadImage;
  /** Its approved comments (docs/decisions/200), when the API says. */
  commentCount?: number;
}

export function blogPostingJsonLd(site: SiteContext, post: BlogPostingInput): JsonLd {
  const url = siteHref(site, post.path);
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BlogPosting',
    headline: post.headline,
    description: post.description,
    datePublished: post.datePublished,
    dateModified: post.dateModified,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: {
      '@type': 'ImageObject',
      url: post.image.url,
      width: post.image.width,
      height: post.image.height,
    },
    author: { '@type': 'Person', name: site.owner.name, url: siteHref(site, '/') },
    publisher: { '@type': 'Person', name: site.owner.name, url: siteHref(site, '/') },
    ...(post.commentCount !== undefined && { commentCount: post.commentCount }),
  };
}

/** The trail to a page, from the home page: [{ name, path }, …]. */
export function breadcrumbJsonLd(
  site: SiteContext,
  trail: readonly { name: string; path: string }[],
): JsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: siteHref(site, crumb.path),
    })),
  };
}

// ── Rendering ──────────────────────────────────────────────────────────────────────────────

/**
 * The document's <title>: the page's title and the site's name, both without bidi controls
 * (a title is one line of plain text: a right-to-left override in either reversed the rest of
 * it; docs/decisions/164).
 */
export function documentTitle(spec: HeadSpec, site: SiteContext): string {
  const title = withoutBidiControls(spec.title);
  const siteName = withoutBidiControls(site.siteName);
  if (!siteName || title.includes(siteName)) return title;
  return `${title} · ${siteName}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: no "<" can close the element or open a comment. */
function jsonLdText(node: JsonLd): string {
  return JSON.stringify(node)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The canonical URL: the configured public origin and the page's path, never the request's
 * query (a page that is one of a list's pages declares its own in `path`).
 */
export function canonicalUrl(spec: HeadSpec, site: SiteContext, url: URL): string {
  return siteHref(site, spec.path ?? url.pathname);
}

function preloadTag(image: HeadPreloadImage): string {
  const attributes = [
    image.href && `href="${escapeAttribute(image.href)}"`,
    image.srcset && `imagesrcset="${escapeAttribute(image.srcset)}"`,
    image.srcset && image.sizes && `imagesizes="${escapeAttribute(image.sizes)}"`,
    image.type && `type="${escapeAttribute(image.type)}"`,
  ].filter(Boolean);
  if (attributes.length === 0) return '';
  return `<link rel="preload" as="image" ${attributes.join(' ')} fetchpriority="high" />`;
}

/** The links of a paged list's neighbours. */
const PAGE_LINKS = ['prev', 'next'] as const;

/** Marks the link of a page's own feed, which a navigation replaces or removes. */
const PAGE_FEED_ATTRIBUTE = 'data-page-feed';
const PAGE_FEED_SELECTOR = `link[rel="alternate"][${PAGE_FEED_ATTRIBUTE}]`;
const RSS_TYPE = 'application/rss+xml';

function feedTag(title: string, href: string, pageFeed: boolean): string {
  return `<link rel="alternate" type="${RSS_TYPE}" title="${escapeAttribute(title)}" href="${escapeAttribute(
    href,
  )}"${pageFeed ? ` ${PAGE_FEED_ATTRIBUTE}=""` : ''} />`;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The theme's accent colours as the custom properties every stylesheet reads (shared/src/
 * tokens.css), in a `<style>` of the page's head (docs/decisions/141): on `html:root`, which
 * outweighs the tokens' `:root` wherever a stylesheet comes. Only `#rrggbb` values are written
 * (the API checked them; checked again here, so nothing else can reach the page's CSS); empty
 * when there is no theme or a value is not one. Each is a light-dark() pair as the tokens' are
 * (docs/decisions/171): the owner's colour in the dark theme, darkened to read on the light one.
 */
export function themeStyle(theme: SiteContext['theme']): string {
  if (!theme || !HEX_COLOR.test(theme.accent) || !HEX_COLOR.test(theme.accentStrong)) return '';
  const accent = `light-dark(${lightThemeAccent(theme.accent)},${theme.accent})`;
  const strong = `light-dark(${lightThemeAccent(theme.accentStrong, LIGHT_ACCENT_STRONG_CONTRAST)},${theme.accentStrong})`;
  return `<style id="site-theme">html:root{--color-accent:${accent};--color-accent-strong:${strong}}</style>`;
}

/** The head's tags as HTML, for the server to write before the page. */
export function renderHeadTags(spec: HeadSpec, site: SiteContext, url: URL): string {
  const description = spec.description ?? DEFAULT_SITE_DESCRIPTION;
  const canonical = canonicalUrl(spec, site, url);
  const image = spec.image ?? defaultCard(site);
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeAttribute(content)}" />`;
  const tags = [
    `<title>${escapeAttribute(documentTitle(spec, site))}</title>`,
    themeStyle(site.theme),
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    ...PAGE_LINKS.map((rel) => {
      const path = spec[rel];
      return path ? `<link rel="${rel}" href="${escapeAttribute(siteHref(site, path))}" />` : '';
    }),
    spec.preloadImage ? preloadTag(spec.preloadImage) : '',
    spec.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:type', spec.type ?? 'website'),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:title', spec.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    meta('property', 'og:image:alt', image.alt),
    spec.article ? meta('property', 'article:published_time', spec.article.publishedTime) : '',
    spec.article?.modifiedTime
      ? meta('property', 'article:modified_time', spec.article.modifiedTime)
      : '',
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', spec.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', image.alt),
    feedTag(`${site.siteName} — Blog`, siteHref(site, RSS_PATH), false),
    spec.feed ? feedTag(spec.feed.title, siteHref(site, spec.feed.path), true) : '',
    ...(spec.jsonLd ?? []).map(
      (node) => `<script type="application/ld+json">${jsonLdText(node)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('');
}

function setMeta(doc: Document, selector: string, attributes: Record<string, string>) {
  let element = doc.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = doc.createElement('meta');
    doc.head.append(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/**
 * On a client navigation: the title, description, canonical URL, robots, the preview tags, the
 * list's neighbours and the page's own feed of the new page (the JSON-LD stays the server's:
 * crawlers read the HTML the server sends).
 */
export function applyDocumentHead(doc: Document, spec: HeadSpec, site: SiteContext, url: URL) {
  const description = spec.description ?? DEFAULT_SITE_DESCRIPTION;
  const canonical = canonicalUrl(spec, site, url);
  doc.title = documentTitle(spec, site);
  setMeta(doc, 'meta[name="description"]', { name: 'description', content: description });
  setMeta(doc, 'meta[property="og:title"]', { property: 'og:title', content: spec.title });
  setMeta(doc, 'meta[property="og:description"]', {
    property: 'og:description',
    content: description,
  });
  setMeta(doc, 'meta[property="og:url"]', { property: 'og:url', content: canonical });
  const robots = doc.head.querySelector('meta[name="robots"]');
  if (spec.noindex) setMeta(doc, 'meta[name="robots"]', { name: 'robots', content: 'noindex' });
  else robots?.remove();
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.append(link);
  }
  link.href = canonical;
  for (const rel of PAGE_LINKS) {
    const path = spec[rel];
    let pageLink = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
    if (!path) {
      pageLink?.remove();
      continue;
    }
    if (!pageLink) {
      pageLink = doc.createElement('link');
      pageLink.rel = rel;
      doc.head.append(pageLink);
    }
    pageLink.href = siteHref(site, path);
  }
  let feedLink = doc.head.querySelector<HTMLLinkElement>(PAGE_FEED_SELECTOR);
  if (!spec.feed) {
    feedLink?.remove();
  } else {
    if (!feedLink) {
      feedLink = doc.createElement('link');
      feedLink.rel = 'alternate';
      feedLink.type = RSS_TYPE;
      feedLink.setAttribute(PAGE_FEED_ATTRIBUTE, '');
      doc.head.append(feedLink);
    }
    feedLink.title = spec.feed.title;
    feedLink.href = siteHref(site, spec.feed.path);
  }
}
