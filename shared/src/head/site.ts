// The site's public identity as a page's head reads it (siteContext), and the absolute addresses
// a head names: pages, the generated cards, the preload of a content image.
import { imageSources } from '@portfolio/contract';
import type { Image, ImageDisplay, SiteSettings } from '@portfolio/contract';
import type { OwnerIdentity, RuntimeConfig } from '../config';
import { CARD_HEIGHT, CARD_WIDTH } from './spec';
import type { HeadImage, HeadPreloadImage, SiteContext } from './spec';

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
 * The preload of a content image the page shows with ResponsiveImage and the same display
 * (docs/decisions/123): the candidate the browser will pick from its best format, among the same
 * widths, so it is fetched once, early. Undefined when the content has no image.
 */
export function imagePreload(
  site: SiteContext,
  content: { imagePath?: string; image?: Image },
  display: ImageDisplay,
): HeadPreloadImage | undefined {
  if (!content.imagePath) return undefined;
  if (!content.image) return { href: apiHref(site, content.imagePath) };
  const { sets, src } = imageSources(content.image, (path) => apiHref(site, path), display.widest);
  const [best] = sets;
  if (!best) return { href: src };
  return { srcset: best.srcset, sizes: display.sizes, type: best.type };
}
