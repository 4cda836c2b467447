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

/** The article page: Read More links point here (docs/product.md#quirks-kept-on-purpose). */
export function articlePath(id: string): string {
  return `/article/${encodeURIComponent(id)}`;
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

/** A page of a search's results. */
export function searchPagePath(query: string, page: number): string {
  return withPage(`${SEARCH_PATH}?${new URLSearchParams({ query })}`, page);
}
