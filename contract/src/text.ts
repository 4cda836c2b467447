// Text conventions the content API and the pages share: how long excerpts and snippets are, how
// a cut is marked, and how text is escaped for HTML. Written once, so the excerpts the API
// builds and the ones the pages cut agree (docs/product.md#limits-and-formats).

/** A project's description on a card: 100 characters, then the ellipsis. */
export const PROJECT_SNIPPET_LENGTH = 100;
/** An article's excerpt on the blog's lists (the API's `excerpt`). */
export const ARTICLE_EXCERPT_LENGTH = 150;
/** A search result's snippet (the API's `snippet`). */
export const SEARCH_SNIPPET_LENGTH = 150;
/** Marks text left out of an excerpt or snippet: three dots, as the original site's excerpts. */
export const ELLIPSIS = '...';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML and XML content and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
