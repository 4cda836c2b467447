// How many links a comment's Markdown carries (docs/decisions/200): each address the site would
// make a link of (an http(s) or mailto URL, a bare `www.` host) and each Markdown link to
// anything else. Counted on the text as written, so nothing the renderer does can hide one.
const ADDRESS = /\b(?:https?:\/\/|mailto:|www\.)/gi;
const OTHER_LINK = /\]\(\s*<?(?!https?:\/\/|mailto:|www\.)/gi;

export function linksIn(markdown: string): number {
  return (markdown.match(ADDRESS)?.length ?? 0) + (markdown.match(OTHER_LINK)?.length ?? 0);
}
