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

/**
 * The explicit directional formatting characters (Unicode's bidi algorithm: LRE, RLE, PDF, LRO,
 * RLO and LRI, RLI, FSI, PDI): each opens or closes a stretch of text laid out in a direction of
 * its own, so one in a name or a title (U+202E) reversed what followed it in the same line: the
 * rest of the document's title, and the navbar's and the footer's text (security round 5,
 * docs/decisions/164). Right-to-left letters need none of them.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `text` without BIDI_CONTROLS: as names and titles are shown in a line of the site's own. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
