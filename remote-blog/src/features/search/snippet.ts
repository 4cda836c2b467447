// Search snippets as plain text segments, some of them marked as matches. The page renders them
// as React text and <mark> elements, so no snippet text is ever parsed as HTML.
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
