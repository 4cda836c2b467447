// Article Markdown → safe HTML, for the blog's article page and the admin's preview alike.
// marked renders, highlight.js colours code, DOMPurify removes anything that could run
// (scripts, event handlers, javascript: URLs, frames, forms): article text is stored content,
// and stored content is never trusted. What the sanitiser keeps is the contract's `article`
// profile (contentHtmlConfig, docs/decisions/160), which the content API's feeds share.
//
// Nor may it name anything the page's own code looks up (DOM clobbering,
// docs/decisions/080-content-never-names-the-page.md): every `id` and `name` in an article is
// prefixed with `user-content-` (DOMPurify's SANITIZE_NAMED_PROPS, as large forges do), heading
// anchors included, and in-page links (`#intro`) and id references (`for`, `aria-labelledby`…)
// follow the prefix.
//
// Nor may it use a class of the site's stylesheets (security round 4, finding D: content wrapped
// in the shared modal backdrop's class covered the whole page, navbar included): every `class`
// an article writes is dropped; only the classes the highlighter writes on code blocks stay
// (`hljs`, `language-…`, `hljs-…`), marked by a name no article can know.
//
// Nor may it carry a data-* attribute (security round 5, finding 1): the island loader's
// markers (`data-island`, …) and the navbar's scroll flag are data-* attributes, and an article
// that kept them woke islands of its own choosing, with props of its own (docs/decisions/161).
import DOMPurify from 'dompurify';
import GithubSlugger from 'github-slugger';
import type { Config } from 'dompurify';
import type * as Jsdom from 'jsdom';
import { Marked } from 'marked';
import type { Token, Tokens } from 'marked';
import {
  ARTICLE_COLUMN_IMAGE,
  ID_REFERENCE_ATTRIBUTES,
  USER_CONTENT_PREFIX,
  contentHtmlConfig,
  escapeHtml,
  imageSources,
} from '@portfolio/contract';
import type { Image } from '@portfolio/contract';
import { imageUrl } from '@portfolio/shared/api-client';
import {
  CODE_COPIED_TEXT,
  CODE_COPY_FAILED_TEXT,
  CODE_COPY_LABEL,
  SITE_CONTROLS,
} from '@portfolio/shared/island-protocol';
import { highlightCode } from './highlight';

/** The page title is the h1; the article's own headings start one level below. */
const TOP_CONTENT_HEADING = 2;
const DEEPEST_HEADING = 6;

/** What content ids and names begin with: nothing the site's own code uses starts so. */
export { USER_CONTENT_PREFIX };

/**
 * The attribute the highlighter's classes travel in to the sanitiser (a random name per module
 * instance, taken off before the sanitiser drops it with every data-* attribute, never in the
 * output): an article cannot write it, so a class comes out only where the highlighter put one.
 */
const HIGHLIGHT_MARK = `data-hl-${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/**
 * The classes the renderer writes: the highlighter's (hljs 11's scopes: `hljs-title function_`)
 * and the heading anchors' (HEADING_ANCHOR_CLASS).
 */
const HIGHLIGHT_CLASS =
  /^(?:hljs|hljs-[a-z_-]+|language-[\w+-]+|[a-z]+_+|heading-(?:anchor|line)|code-(?:block|bar|language|copy-slot))$/;

/**
 * The classes of the link after each heading (`#`, shown on hover and focus) and of the line that
 * holds both: the renderer's own, through HIGHLIGHT_MARK, so an article cannot give them to
 * elements of its own. The link is the heading's sibling, not its child: a screen reader's list
 * of headings reads each heading's text alone.
 */
export const HEADING_ANCHOR_CLASS = 'heading-anchor';
export const HEADING_LINE_CLASS = 'heading-line';

/**
 * A code block (docs/decisions/171): a bar above it with its language, when the text names one,
 * and a button that copies the code. Content may bring no button (the sanitiser drops it), so
 * the button goes in after sanitising, in place of the bar's slot: an element with a class no
 * article can give (HIGHLIGHT_MARK), whose exact markup the serialiser writes only for it. The
 * page's inline script copies (shell/server/site-controls.ts); without JavaScript the button is
 * not shown.
 */
export const CODE_BLOCK_CLASS = 'code-block';
export const CODE_BAR_CLASS = 'code-bar';
export const CODE_LANGUAGE_CLASS = 'code-language';
const CODE_COPY_SLOT_CLASS = 'code-copy-slot';
/** The slot as the sanitiser writes it out: only the renderer can have given it that class. */
const CODE_COPY_SLOT = `<span class="${CODE_COPY_SLOT_CLASS}"></span>`;

const CODE_COPY_HTML =
  `<button type="button" ${SITE_CONTROLS.attribute}="${SITE_CONTROLS.copyCode}">${CODE_COPY_LABEL}</button>` +
  `<span role="status" data-copied="${CODE_COPIED_TEXT}" data-failed="${CODE_COPY_FAILED_TEXT}"></span>`;

/** What a heading's anchor link says to a screen reader. */
export const headingAnchorLabel = (heading: string): string => `Link to the section ${heading}`;

/** A heading of an article's outline (its table of contents): the h2s and h3s. */
export interface OutlineHeading {
  level: 2 | 3;
  /** The heading's text, without its Markdown. */
  text: string;
  /** Its id in the page (USER_CONTENT_PREFIX included): the table of contents links to it. */
  id: string;
}

/** An article rendered: its safe HTML and its outline. */
export interface RenderedArticle {
  html: string;
  outline: OutlineHeading[];
}

/** The highlighter's HTML with its classes moved into HIGHLIGHT_MARK (it writes only spans). */
const markHighlight = (html: string) =>
  html.replaceAll('<span class="', `<span ${HIGHLIGHT_MARK}="`);

/** Heading anchors of the article being rendered: the same text gives the same ids each time. */
let headingSlugs = new GithubSlugger();

/** The outline of the article being rendered, as its headings are drawn. */
let outline: OutlineHeading[] = [];

/** The stored images of the article being rendered, by path (`/images/<name>`). */
let storedImages = new Map<string, Image>();

/** Where the API's stored images live, as an article writes them (the uploader's path). */
const STORED_IMAGE_PREFIX = '/images/';

/**
 * How wide an article shows an image in its text: ARTICLE_COLUMN_IMAGE's `sizes`.
 * @deprecated Use `ARTICLE_COLUMN_IMAGE.sizes` from @portfolio/contract; kept because removing an
 * export of @portfolio/shared needs its major version (docs/architecture.md, "Versions").
 */
export const CONTENT_IMAGE_SIZES = ARTICLE_COLUMN_IMAGE.sizes;

/**
 * A stored image of the article's text (`![alt](/images/<name>)`), drawn as covers are
 * (docs/decisions/123): from the API's address, and, when the API sent its size and variants
 * (`contentImages`), with its width and height (no shift as it loads) and its AVIF and WebP
 * variants for the browser to choose from. Below the fold, as text images are: lazy.
 */
function storedImageHtml(href: string, alt: string, title: string | null): string {
  const image = storedImages.get(href);
  const attributes = [
    `alt="${escapeHtml(alt)}"`,
    title ? `title="${escapeHtml(title)}"` : '',
    image ? `width="${image.width}" height="${image.height}"` : '',
    'loading="lazy" decoding="async"',
  ].filter(Boolean);
  if (!image) return `<img src="${escapeHtml(imageUrl(href))}" ${attributes.join(' ')}>`;
  const { sets, src } = imageSources(image, imageUrl, ARTICLE_COLUMN_IMAGE.widest);
  const fallback = sets[sets.length - 1];
  if (!fallback) return `<img src="${escapeHtml(src)}" ${attributes.join(' ')}>`;
  const sizes = `sizes="${ARTICLE_COLUMN_IMAGE.sizes}"`;
  const sources = sets
    .slice(0, -1)
    .map((set) => `<source type="${set.type}" srcset="${escapeHtml(set.srcset)}" ${sizes}>`);
  const img = `<img src="${escapeHtml(src)}" srcset="${escapeHtml(fallback.srcset)}" ${sizes} ${attributes.join(' ')}>`;
  return `<picture>${sources.join('')}${img}</picture>`;
}

/** The text a heading shows, without its Markdown (`**Bold** move` → `Bold move`). */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) =>
      'tokens' in token && token.tokens
        ? plainText(token.tokens)
        : 'text' in token
          ? token.text
          : '',
    )
    .join('');
}

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading): string {
      // An anchor readers can link to (`#user-content-<slug>` once sanitised, like GitHub's),
      // and a link to it beside the heading.
      const text = plainText(tokens);
      const id = headingSlugs.slug(text);
      if (depth === 2 || depth === 3) {
        outline.push({ level: depth, text, id: `${USER_CONTENT_PREFIX}${id}` });
      }
      const anchor = `<a href="#${id}" ${HIGHLIGHT_MARK}="${HEADING_ANCHOR_CLASS}" aria-label="${escapeHtml(headingAnchorLabel(text))}">#</a>`;
      const heading = `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>`;
      return `<div ${HIGHLIGHT_MARK}="${HEADING_LINE_CLASS}">${heading}${anchor}</div>\n`;
    },
    image({ href, title, text }: Tokens.Image): string | false {
      // Other images as marked draws them.
      if (!href.startsWith(STORED_IMAGE_PREFIX)) return false;
      return storedImageHtml(href, text, title);
    },
    code({ text, lang }: Tokens.Code): string {
      // The info string may carry more than the language ("js title=x"): the first word names it.
      const { html, language } = highlightCode(text, lang?.split(/\s+/)[0]);
      const className = language ? `hljs language-${language}` : 'hljs';
      const label = language
        ? `<span ${HIGHLIGHT_MARK}="${CODE_LANGUAGE_CLASS}">${escapeHtml(language)}</span>`
        : '';
      const bar = `<div ${HIGHLIGHT_MARK}="${CODE_BAR_CLASS}">${label}<span ${HIGHLIGHT_MARK}="${CODE_COPY_SLOT_CLASS}"></span></div>`;
      const pre = `<pre><code ${HIGHLIGHT_MARK}="${className}">${markHighlight(html)}</code></pre>`;
      return `<div ${HIGHLIGHT_MARK}="${CODE_BLOCK_CLASS}">${bar}${pre}</div>\n`;
    },
  },
});

function isHeading(token: Token): token is Tokens.Heading {
  return token.type === 'heading';
}

/** Moves every heading so the highest one becomes an h2, keeping their relative levels. */
function shiftHeadings(tokens: Token[]): void {
  const headings: Tokens.Heading[] = [];
  marked.walkTokens(tokens, (token) => {
    if (isHeading(token)) headings.push(token);
  });
  if (headings.length === 0) return;
  const shift = TOP_CONTENT_HEADING - Math.min(...headings.map((heading) => heading.depth));
  for (const heading of headings) {
    heading.depth = Math.min(DEEPEST_HEADING, heading.depth + shift);
  }
}

/** The contract's article profile: no class, style or data-*; ids and names prefixed. */
const SANITIZE_CONFIG: Config = contentHtmlConfig('article');

declare const __non_webpack_require__: NodeJS.Require;

/**
 * The page's window in the browser. On the server (a remote's server build, where articles are
 * rendered into the HTML) there is none: DOMPurify then works on a jsdom window, loaded with the
 * server's own require so no browser bundle ever contains it.
 */
function domWindow(): Window & typeof globalThis {
  if (typeof window !== 'undefined') return window;
  const { JSDOM } = __non_webpack_require__('jsdom') as typeof Jsdom;
  return new JSDOM('').window as unknown as Window & typeof globalThis;
}

// A private instance, so these hooks never touch another user of DOMPurify on the page.
const purifier = DOMPurify(domWindow());

/** The highlighter's classes of the elements being sanitised, taken from HIGHLIGHT_MARK. */
const highlightedClasses = new WeakMap<Element, string>();

// Before DOMPurify drops the mark with every other data-* attribute.
purifier.addHook('beforeSanitizeAttributes', (node) => {
  // (Called for the fragment's root too, which has no attributes.)
  const highlighted = 'getAttribute' in node ? node.getAttribute(HIGHLIGHT_MARK) : null;
  if (highlighted !== null) highlightedClasses.set(node, highlighted);
});

// Elements are told apart by name, not by class: on the server they come from jsdom's window.
purifier.addHook('afterSanitizeAttributes', (node) => {
  // The highlighter's classes, and no other (an article's own `class` is gone by now).
  const highlighted = highlightedClasses.get(node);
  if (highlighted !== undefined) {
    const classes = highlighted.split(/\s+/).filter((name) => HIGHLIGHT_CLASS.test(name));
    if (classes.length > 0) node.setAttribute('class', classes.join(' '));
  }
  // An attribute naming elements by id names the article's own, whose ids are all prefixed:
  // a label can never point at one of the page's controls.
  for (const name of ID_REFERENCE_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value === null) continue;
    const ids = value.split(/\s+/).filter(Boolean);
    node.setAttribute(name, ids.map((id) => `${USER_CONTENT_PREFIX}${id}`).join(' '));
  }
  // A link to a place in the article points at the place's prefixed id.
  const href = node.nodeName === 'A' ? node.getAttribute('href') : null;
  if (href?.startsWith('#') && href.length > 1 && !href.startsWith(`#${USER_CONTENT_PREFIX}`)) {
    node.setAttribute('href', `#${USER_CONTENT_PREFIX}${href.slice(1)}`);
  }
  if (node.nodeName === 'A' && node.hasAttribute('target')) {
    if (node.getAttribute('target') === '_blank') {
      // A page opened in a new tab must not get a handle on this one (reverse tabnabbing).
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      // Only a new tab makes sense for an article link; named frames and _top do not.
      node.removeAttribute('target');
    }
  }
  if (node.nodeName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
  if (node.nodeName === 'PRE') {
    // Long code lines scroll sideways: keyboard users must be able to reach the scroller.
    node.setAttribute('tabindex', '0');
  }
});

/**
 * Renderings by their text, the least recently used dropped first past `maxChars` (each entry's
 * size in characters, key and value, said when it is kept). A Map, not lru-cache: this module is
 * in the browser too (the admin's editor), where lru-cache would add 6 KB gzipped.
 */
class RenderMemo<V> {
  private readonly entries = new Map<string, { value: V; chars: number }>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): V | undefined {
    const known = this.entries.get(key);
    if (known === undefined) return undefined;
    // Used again: to the end of the order, the last to go.
    this.entries.delete(key);
    this.entries.set(key, known);
    return known.value;
  }

  set(key: string, value: V, chars: number): void {
    if (chars > this.maxChars) return;
    // A Map keeps insertion order: its first entry is the one used least recently.
    for (const [oldKey, old] of this.entries) {
      if (this.chars + chars <= this.maxChars) break;
      this.entries.delete(oldKey);
      this.chars -= old.chars;
    }
    this.entries.set(key, { value, chars });
    this.chars += chars;
  }
}

/**
 * Articles by Markdown: the same text gives the same HTML, so an article is rendered once for all
 * the visitors who read it until it is edited (the site's server renders each request, and
 * parsing and sanitising an article costs it milliseconds), and the admin's preview does not redo
 * a text it has shown.
 */
const renderedArticles = new RenderMemo<RenderedArticle>(4_000_000);

export interface RenderOptions {
  /** What the API knows of the stored images the text shows (the article's `contentImages`). */
  images?: readonly Image[];
}

/** Safe HTML for an article's Markdown content, and its outline. */
export function renderArticle(
  markdown: string,
  { images = [] }: RenderOptions = {},
): RenderedArticle {
  // The images' sizes and variants are part of the output: part of the key too.
  const key = images.length > 0 ? `${JSON.stringify(images)}\u0000${markdown}` : markdown;
  const known = renderedArticles.get(key);
  if (known !== undefined) return known;
  const tokens = marked.lexer(markdown);
  shiftHeadings(tokens);
  headingSlugs = new GithubSlugger();
  outline = [];
  storedImages = new Map(images.map((image) => [image.path, image]));
  const html = purifier
    .sanitize(marked.parser(tokens), SANITIZE_CONFIG)
    .replaceAll(CODE_COPY_SLOT, CODE_COPY_HTML);
  const article = { html, outline };
  renderedArticles.set(
    key,
    article,
    key.length + article.html.length + JSON.stringify(article.outline).length,
  );
  return article;
}

/** Safe HTML for an article's Markdown content. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  return renderArticle(markdown, options).html;
}

// --- Members' comments (docs/decisions/200) ------------------------------------------------------

/** What a comment's links say of themselves: written by a visitor, not vouched for by the site. */
export const COMMENT_LINK_REL = 'nofollow ugc noopener noreferrer';

/**
 * The comment subset: paragraphs, line breaks as written, links, emphasis, code, quotes and lists.
 * Raw HTML is shown as the text it is; an image is its text; a heading is a paragraph; a rule is
 * nothing. What is left goes through the contract's `comment` profile.
 */
const commentMarked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    image({ text }: Tokens.Image): string {
      return escapeHtml(text);
    },
    heading({ tokens }: Tokens.Heading): string {
      return `<p>${this.parser.parseInline(tokens)}</p>\n`;
    },
    hr(): string {
      return '';
    },
    link({ href, tokens }: Tokens.Link): string {
      return `<a href="${escapeHtml(href)}" rel="${COMMENT_LINK_REL}">${this.parser.parseInline(tokens)}</a>`;
    },
    code({ text }: Tokens.Code): string {
      return `<pre><code>${escapeHtml(text)}</code></pre>\n`;
    },
  },
});

const COMMENT_SANITIZE_CONFIG: Config = contentHtmlConfig('comment');

/**
 * Comments by their text, as articles are: an article's page shows the same page of comments to
 * every visitor, and sanitising each costs the server a millisecond or more (docs/performance.md,
 * "An article with 10,000 comments").
 */
const renderedComments = new RenderMemo<string>(1_000_000);

/** Safe HTML for a comment's Markdown: nothing but the comment profile's elements. */
export function renderComment(markdown: string): string {
  const known = renderedComments.get(markdown);
  if (known !== undefined) return known;
  const html = purifier.sanitize(
    commentMarked.parse(markdown, { async: false }),
    COMMENT_SANITIZE_CONFIG,
  );
  renderedComments.set(markdown, html, markdown.length + html.length);
  return html;
}
