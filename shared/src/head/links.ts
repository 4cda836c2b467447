// The links of the head that a client navigation replaces (document.ts) as the server wrote them
// (tags.ts). The package's own: index.ts does not export them.

/** The links of a paged list's neighbours. */
export const PAGE_LINKS = ['prev', 'next'] as const;

/** Marks the link of a page's own feed, which a navigation replaces or removes. */
export const PAGE_FEED_ATTRIBUTE = 'data-page-feed';
export const PAGE_FEED_SELECTOR = `link[rel="alternate"][${PAGE_FEED_ATTRIBUTE}]`;
export const RSS_TYPE = 'application/rss+xml';
