// The head's tags as HTML, written by the site's server before the page; and the pieces a
// client navigation reads too (the title, the canonical URL, the links it replaces).
import {
  LIGHT_ACCENT_STRONG_CONTRAST,
  lightThemeAccent,
  withoutBidiControls,
} from '@portfolio/contract';
import { DEFAULT_SITE_DESCRIPTION, RSS_PATH } from './spec';
import type { HeadPreloadImage, HeadSpec, JsonLd, SiteContext } from './spec';
import { defaultCard, siteHref } from './site';
import { PAGE_FEED_ATTRIBUTE, PAGE_LINKS, RSS_TYPE } from './links';

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
