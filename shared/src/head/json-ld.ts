// Structured data (schema.org JSON-LD) for a page's head: the owner, a blog post, the trail.
import type { HeadImage, JsonLd, SiteContext } from './spec';
import { siteHref } from './site';

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
