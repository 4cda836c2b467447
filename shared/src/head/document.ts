// A client navigation's head: the same declaration as the server's tags, applied to the live
// document.
import { DEFAULT_SITE_DESCRIPTION } from './spec';
import type { HeadSpec, SiteContext } from './spec';
import { siteHref } from './site';
import { PAGE_FEED_ATTRIBUTE, PAGE_FEED_SELECTOR, PAGE_LINKS, RSS_TYPE } from './links';
import { canonicalUrl, documentTitle } from './tags';

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
