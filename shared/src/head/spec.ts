// What a page declares about its head (`export const head: PageHead<typeof loader>`), what it
// may read of the site (SiteContext), and the sizes and limits every page shares.
import type { OwnerIdentity } from '../config';
import { truncateText } from '../format';

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
