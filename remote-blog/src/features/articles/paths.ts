// Where the blog's links point (docs/product.md#routes). One place, so pages and tests agree.
export const BLOG_PATH = '/blog';

/** The article page: Read More links point here (docs/product.md#quirks-kept-on-purpose). */
export function articlePath(id: string): string {
  return `/article/${encodeURIComponent(id)}`;
}

/** The second list variant: its cards link to itself (spec: "Its cards link to /articles/{id}"). */
export function articlesVariantPath(id: string): string {
  return `/articles/${encodeURIComponent(id)}`;
}
