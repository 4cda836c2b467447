// Formatters shared by every page: dates and the site's snippet lengths.

/** The limits the pages truncate to (docs/product.md#limits-and-formats). */
export const PROJECT_SNIPPET_LENGTH = 100;
export const ARTICLE_EXCERPT_LENGTH = 150;
export const SEARCH_SNIPPET_LENGTH = 150;
export const ELLIPSIS = '...';

const postDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** US short date, e.g. "Nov 21, 2026"; empty for an unparsable value. */
export function formatPostDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : postDateFormat.format(date);
}

export interface TruncateOptions {
  /** Back up to the last word boundary when it is not too far back (avoid cutting mid-word). */
  wordBoundary?: boolean;
  ellipsis?: string;
}

/** At most `max` characters of text, then the ellipsis when anything was cut. */
export function truncateText(text: string, max: number, options: TruncateOptions = {}): string {
  const { wordBoundary = false, ellipsis = ELLIPSIS } = options;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max).join('');
  if (wordBoundary) {
    const lastSpace = cut.search(/\s\S*$/);
    if (lastSpace > max * 0.6) cut = cut.slice(0, lastSpace);
  }
  return `${cut.trimEnd()}${ellipsis}`;
}

/** The text with a full stop unless it already ends with punctuation of its own. */
function endSentence(text: string): string {
  return !text || /[.!?:;…]$/.test(text) ? text : `${text}.`;
}

/** Plain text of a Markdown document, for excerpts and snippets. */
export function stripMarkdown(markdown: string): string {
  return (
    markdown
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, ' ')
      // A heading reads as a sentence of its own, so it never runs into the next one (issue 16).
      .replace(/^\s{0,3}#{1,6}\s+(.*?)[\s#]*$/gm, (_line, heading: string) => endSentence(heading))
      .replace(/^(\S.*?)[ \t]*\n[ \t]{0,3}(?:=+|-+)[ \t]*$/gm, (_lines, heading: string) =>
        endSentence(heading),
      )
      .replace(/^\s{0,3}(>|[-*+]|\d+\.)\s+/gm, '')
      .replace(/(\*\*|__|\*|_|~~)(\S(?:[\s\S]*?\S)?)\1/g, '$2')
      .replace(/^\s*([-*_]\s*){3,}$/gm, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Host name of a URL for display ("github.com"), or null when it is not an http(s) URL. */
export function hostnameOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : null;
  } catch {
    return null;
  }
}
