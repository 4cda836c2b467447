// Search snippets as plain text segments, some of them marked as matches. The page renders them
// as React text and <mark> elements, so no snippet text is ever parsed as HTML.
import { ELLIPSIS, SEARCH_SNIPPET_LENGTH, stripMarkdown } from '@portfolio/shared/format';

export interface SnippetSegment {
  text: string;
  /** True for a matched word, shown in <mark>. */
  marked: boolean;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Undoes the API's HTML escaping in one pass, so "&amp;lt;" stays the text "&lt;". */
export function unescapeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

function pushSegment(segments: SnippetSegment[], text: string, marked: boolean): void {
  if (text) segments.push({ text, marked });
}

/**
 * Parses the API's `snippet`: HTML-escaped text in which matches are wrapped in
 * <mark>…</mark>. Those two tags are the only markup; anything else is text.
 */
export function parseSnippetHtml(html: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let marked = false;
  let from = 0;
  for (const tag of html.matchAll(/<(\/?)mark>/gi)) {
    pushSegment(segments, unescapeEntities(html.slice(from, tag.index)), marked);
    marked = tag[1] !== '/';
    from = tag.index + tag[0].length;
  }
  pushSegment(segments, unescapeEntities(html.slice(from)), marked);
  return segments;
}

/** Words of a search to highlight: search syntax (quotes, a leading minus, "or") left out. */
export function queryTerms(query: string): string[] {
  const terms = query
    .split(/\s+/)
    .map((term) => term.replace(/^[-+]+|["()]/g, ''))
    .filter((term) => term.length > 1 && term.toLowerCase() !== 'or');
  // Longest first, so "passwords" wins over "pass" where both match.
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches any term at the start of a word ("password" also finds "passwords"). */
function termsPattern(terms: string[]): RegExp | null {
  if (terms.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(${terms.map(escapeRegExp).join('|')})`, 'giu');
}

/** Splits text into segments, marking every match of the query's terms. */
export function highlightTerms(text: string, query: string): SnippetSegment[] {
  const pattern = termsPattern(queryTerms(query));
  if (!pattern) return text ? [{ text, marked: false }] : [];
  const segments: SnippetSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    pushSegment(segments, text.slice(from, match.index), false);
    pushSegment(segments, match[0], true);
    from = match.index + match[0].length;
  }
  pushSegment(segments, text.slice(from), false);
  return segments;
}

/** How much text to keep before the first match when the snippet starts mid-article. */
const LEAD_IN = 40;

/**
 * A snippet built in the browser when the API sent none: about `maxLength` characters of the
 * article's plain text around the first match, with the query's words marked.
 */
export function buildSnippet(
  content: string,
  query: string,
  maxLength = SEARCH_SNIPPET_LENGTH,
): SnippetSegment[] {
  const text = stripMarkdown(content);
  if (!text) return [];
  let start = 0;
  let end = text.length;
  if (text.length > maxLength) {
    const firstMatch = text.search(termsPattern(queryTerms(query)) ?? /$^/);
    if (firstMatch > LEAD_IN) {
      start = Math.min(firstMatch - LEAD_IN, text.length - maxLength);
      // Start on a word, not in the middle of one.
      const nextSpace = text.indexOf(' ', start);
      if (nextSpace !== -1 && nextSpace < firstMatch) start = nextSpace + 1;
    }
    end = Math.min(text.length, start + maxLength);
    const lastSpace = text.lastIndexOf(' ', end);
    if (end < text.length && lastSpace > start + maxLength / 2) end = lastSpace;
  }
  const segments = highlightTerms(text.slice(start, end).trim(), query);
  if (start > 0) segments.unshift({ text: ELLIPSIS, marked: false });
  if (end < text.length) segments.push({ text: ELLIPSIS, marked: false });
  return segments;
}
