// Where the blog's links point (docs/product.md#routes). One place, so pages and tests agree.
export const BLOG_PATH = '/blog';

/** How many articles a page of the blog (and of /articles/{id}) shows. */
export const ARTICLES_PER_PAGE = 10;

/** A page of the blog: the first is /blog itself (/blog/page/1 redirects there). */
export function blogPagePath(page: number): string {
  return page > 1 ? `${BLOG_PATH}/page/${page}` : BLOG_PATH;
}

/** `path` with `?page=` for the pages after the first. */
function withPage(path: string, page: number): string {
  return page > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;
}

/**
 * The article page: Read More links point here (docs/product.md#quirks-kept-on-purpose). `id` is
 * the article's slug or id: the page answers both (docs/decisions/132).
 */
export function articlePath(id: string): string {
  return `/article/${encodeURIComponent(id)}`;
}

/**
 * An article's address: its slug (docs/decisions/132), or its id from an API from before slugs.
 * Its id and former slugs answer with a 301 to this one.
 */
export function articleHref(article: { _id: string; slug?: string }): string {
  return articlePath(article.slug ?? article._id);
}

/** The second list variant: its cards link to itself (spec: "Its cards link to /articles/{id}"). */
export function articlesVariantPath(id: string): string {
  return `/articles/${encodeURIComponent(id)}`;
}

/** A page of the variant list of /articles/{id}. */
export function articlesVariantPagePath(id: string, page: number): string {
  return withPage(articlesVariantPath(id), page);
}

export const SEARCH_PATH = '/search-article';

/** A page of a search's results, of the articles with `tag` when one is given. */
export function searchPagePath(query: string, page: number, tag?: string): string {
  const params = new URLSearchParams({ query });
  if (tag) params.set('tag', tag);
  return withPage(`${SEARCH_PATH}?${params}`, page);
}

/** The tag index: every tag with how many articles have it (docs/decisions/132). */
export const TAGS_PATH = '/tags';

/** A tag's page: its articles, newest first, ARTICLES_PER_PAGE to a page. */
export function tagPath(tag: string): string {
  return `${TAGS_PATH}/${encodeURIComponent(tag)}`;
}

/** A page of a tag's articles: the first is the tag's page itself (its /page/1 redirects there). */
export function tagPagePath(tag: string, page: number): string {
  return page > 1 ? `${tagPath(tag)}/page/${page}` : tagPath(tag);
}

/** A tag's RSS feed, relayed by the site's server from the content API. */
export function tagFeedPath(tag: string): string {
  return `${tagPath(tag)}/rss.xml`;
}
