// Formatters shared by every page: dates and the site's snippet lengths.
import { ELLIPSIS } from '@portfolio/contract';

/**
 * The limits the pages truncate to (docs/product.md#limits-and-formats), defined once with the
 * content API, which builds the article excerpts and search snippets itself.
 */
export {
  ARTICLE_EXCERPT_LENGTH,
  ELLIPSIS,
  PROJECT_SNIPPET_LENGTH,
  SEARCH_SNIPPET_LENGTH,
} from '@portfolio/contract';

/**
 * Made on first use: creating a DateTimeFormat loads locale data, tens of milliseconds on a
 * phone, and most pages that import this module show no date.
 */
let postDateFormat: Intl.DateTimeFormat | undefined;

/** US short date, e.g. "Nov 21, 2026"; empty for an unparsable value. */
export function formatPostDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  postDateFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return postDateFormat.format(date);
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

/** Host name of a URL for display ("github.com"), or null when it is not an http(s) URL. */
export function hostnameOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : null;
  } catch {
    return null;
  }
}

/**
 * Where a project or an article stands (docs/decisions/120): a draft, scheduled for a later
 * time, or published. An answer without a status (an API from before drafts) is published.
 */
export type PublicationState =
  { kind: 'draft' } | { kind: 'scheduled'; at: string } | { kind: 'published'; at: string };

export function publicationState(
  item: { status?: string; publishedAt?: string | null; createdAt: string },
  now: number = Date.now(),
): PublicationState {
  if (item.status === 'draft') return { kind: 'draft' };
  const at = item.publishedAt ?? item.createdAt;
  return Date.parse(at) > now ? { kind: 'scheduled', at } : { kind: 'published', at };
}

let publicationTimeFormat: Intl.DateTimeFormat | undefined;

/** "Nov 30, 2026, 9:00 AM", in the reader's time zone: when a scheduled item comes out. */
export function formatPublicationTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  publicationTimeFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return publicationTimeFormat.format(date);
}

export const DRAFT_LABEL = 'Draft';

/** "Draft", "Scheduled for Nov 30, 2026, 9:00 AM" or "Published Nov 21, 2026". */
export function publicationLabel(state: PublicationState): string {
  if (state.kind === 'draft') return DRAFT_LABEL;
  if (state.kind === 'scheduled') return `Scheduled for ${formatPublicationTime(state.at)}`;
  return `Published ${formatPostDate(state.at)}`;
}
