// Turns a ts_headline result into safe HTML: only <mark> and </mark> are markup, everything
// else is escaped, so the front end can split on the two tags without innerHTML.
import { ELLIPSIS, SEARCH_SNIPPET_LENGTH, escapeHtml } from '@portfolio/contract';

/** ts_headline StartSel / StopSel: private-use characters that never occur in stored text. */
export const MARK_START = '\uE000';
export const MARK_STOP = '\uE001';
/** `<` and `>` are swapped for these before ts_headline, whose parser would drop `<tags>`. */
export const LESS_THAN = '\uE002';
export const GREATER_THAN = '\uE003';

/** How much text to keep before the first match when the headline must be shortened. */
const LEAD_IN = 40;

interface Segment {
  text: string;
  marked: boolean;
}

function parseHeadline(headline: string): Segment[] {
  const segments: Segment[] = [];
  let marked = false;
  let text = '';
  for (const char of headline.replaceAll(LESS_THAN, '<').replaceAll(GREATER_THAN, '>')) {
    if (char === MARK_START || char === MARK_STOP) {
      if (text) segments.push({ text, marked });
      text = '';
      marked = char === MARK_START;
    } else {
      text += char;
    }
  }
  if (text) segments.push({ text, marked });
  return segments;
}

/** Characters of `segments` in [start, end), keeping each character's marked flag. */
function sliceSegments(segments: Segment[], start: number, end: number): Segment[] {
  const result: Segment[] = [];
  let offset = 0;
  for (const segment of segments) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, segment.text.length);
    if (from < to) result.push({ text: segment.text.slice(from, to), marked: segment.marked });
    offset += segment.text.length;
  }
  return result;
}

/** Chooses a window of about `maxLength` characters that starts a little before the first match. */
function chooseWindow(segments: Segment[], maxLength: number): [number, number] {
  const plain = segments.map((segment) => segment.text).join('');
  if (plain.length <= maxLength) return [0, plain.length];
  let firstMatch = 0;
  for (const segment of segments) {
    if (segment.marked) break;
    firstMatch += segment.text.length;
  }
  if (firstMatch >= plain.length) firstMatch = 0;
  let start = Math.max(0, Math.min(firstMatch - LEAD_IN, plain.length - maxLength));
  if (start > 0) {
    const nextSpace = plain.indexOf(' ', start);
    if (nextSpace !== -1 && nextSpace < firstMatch) start = nextSpace + 1;
  }
  let end = Math.min(plain.length, start + maxLength);
  if (end < plain.length) {
    const lastSpace = plain.lastIndexOf(' ', end);
    if (lastSpace > start + maxLength / 2) end = lastSpace;
  }
  return [start, end];
}

/** Where the headline sits in the whole text, to show an ellipsis where text was left out. */
export interface HeadlinePosition {
  startsDocument: boolean;
  endsDocument: boolean;
}

/** The headline as plain text (sentinels removed), to compare with the document. */
export function headlineText(headline: string): string {
  return parseHeadline(headline)
    .map((segment) => segment.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Renders a ts_headline result (with the sentinel characters above) to escaped HTML of about
 * `maxLength` visible characters, wrapping matches in <mark>…</mark>.
 */
export function renderSnippet(
  headline: string,
  position: HeadlinePosition = { startsDocument: true, endsDocument: true },
  maxLength = SEARCH_SNIPPET_LENGTH,
): string {
  const segments = parseHeadline(headline.replace(/\s+/g, ' ').trim());
  const total = segments.reduce((length, segment) => length + segment.text.length, 0);
  const [start, end] = chooseWindow(segments, maxLength);
  const html = sliceSegments(segments, start, end)
    .map(({ text, marked }) => (marked ? `<mark>${escapeHtml(text)}</mark>` : escapeHtml(text)))
    .join('')
    .trim();
  const before = start > 0 || !position.startsDocument ? ELLIPSIS : '';
  const after = end < total || !position.endsDocument ? ELLIPSIS : '';
  return `${before}${html}${after}`;
}
