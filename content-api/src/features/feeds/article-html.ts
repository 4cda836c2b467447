// An article's Markdown as the HTML a feed reader shows (docs/decisions/130): marked renders it,
// DOMPurify removes anything that could run (scripts, event handlers, javascript: URLs, frames,
// forms) with the contract's `feed` profile (contentHtmlConfig, docs/decisions/160): the site's
// article page's configuration, stricter: no class, data-*, id or name (a reader's page is not
// ours to style or name), no srcset, and every link and image made absolute on the article's
// address (a reader has no base URL).
import { contentHtmlConfig } from '@portfolio/contract';
import type { DOMPurify } from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true });

const URL_ATTRIBUTES = ['href', 'src'];
const STORED_IMAGE_PREFIX = '/images/';

/** The address relative links resolve against while one article is sanitised. */
let base = 'http://localhost/';

let purifier: Promise<DOMPurify> | undefined;

/** jsdom is heavy: loaded on the first feed, then reused. */
function getPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    // DOMPurify types its window parameter as the DOM's; jsdom's is structurally the same.
    const purify = createDOMPurify(
      new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0],
    );
    purify.addHook('afterSanitizeAttributes', (node) => {
      for (const name of URL_ATTRIBUTES) {
        const value = node.getAttribute(name);
        if (value === null) continue;
        try {
          // A stored image (`/images/<name>`, the uploader's path) is the API's, which every
          // page reaches under the site's /api (docs/decisions/101).
          const stored = name === 'src' && value.startsWith(STORED_IMAGE_PREFIX);
          node.setAttribute(name, new URL(stored ? `/api${value}` : value, base).href);
        } catch {
          node.removeAttribute(name);
        }
      }
    });
    return purify;
  })();
  return purifier;
}

/**
 * `markdown` as safe HTML for a feed item, links absolute on `articleUrl`. Synchronous once the
 * sanitiser is loaded: `base` cannot change under one article.
 */
export async function articleHtml(markdown: string, articleUrl: string): Promise<string> {
  const purify = await getPurifier();
  const html = await marked.parse(markdown);
  base = articleUrl;
  return purify.sanitize(html, contentHtmlConfig('feed'));
}
