// A page of islands' key (docs/decisions/161): what tells the island loader which elements of the
// page the server rendered as islands. Each <Island> carries an id React made with the key as its
// identifier prefix, and the page's data block (in the head, where content never is) says the
// key; the loader wakes only an element whose key attribute holds it. Content cannot write one:
//
// - a page for one signed-in visitor (streamed, never kept) has a random key of its response;
// - a page for everyone (kept by the render cache and the edge, the same bytes for every visitor
//   and every worker, docs/decisions/100) is rendered with a random placeholder, then every
//   placeholder is replaced by a SHA-256 of the page without them. The same page gives the same
//   key, so its bytes and ETag stay the same; an article that wrote a page's key into its text
//   would change that page and so its key (it would have to hold a hash of itself).
import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe: a key as React's identifier prefix and in an attribute. */
export function newIslandKey(): string {
  return randomBytes(16).toString('base64url');
}

/** The page with `placeholder` replaced by the page's own key (128 bits of a SHA-256). */
export function sealIslandKey(html: string, placeholder: string): string {
  const key = createHash('sha256')
    .update(html.replaceAll(placeholder, ''))
    .digest('base64url')
    .slice(0, 22);
  return html.replaceAll(placeholder, key);
}
