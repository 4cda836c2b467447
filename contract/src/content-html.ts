// How stored text becomes HTML (docs/decisions/160): the one sanitiser configuration the site's
// article renderer (@portfolio/shared/markdown: the article page, the admin's preview) and the
// content API's feeds (content-api/src/features/feeds/article-html.ts) both hand DOMPurify, one
// profile per place the HTML goes. Plain data, so both layers can import it from here.
//
// Content is untrusted (invited authors, imports): whatever it writes, it runs nothing, asks for
// no input, and carries no attribute the page's own code, loader, router or styles read: no
// class (the site's stylesheets), no data-* (the island loader's markers, the navbar's scroll
// flag: security round 5, finding 1), no id or name the page's code could find (prefixed or
// dropped, docs/decisions/080), and nothing that points at one of the page's own elements by id.
// The strictest, a member's comment (docs/decisions/200), keeps only the elements and attributes
// it lists.

/** What a profile gives DOMPurify's sanitize(): a subset of its Config, in its own names. */
export interface ContentHtmlConfig {
  /** DOMPurify's HTML profile; absent where ALLOWED_TAGS says what is kept (it would win). */
  USE_PROFILES?: { html: true };
  /** Elements dropped with their content's markup (their text is kept). */
  FORBID_TAGS: string[];
  /** Attributes dropped wherever they are. */
  FORBID_ATTR: string[];
  /** Attributes kept beside DOMPurify's own list. */
  ADD_ATTR: string[];
  /** Never: a data-* attribute is how the page's loader finds its islands. */
  ALLOW_DATA_ATTR: false;
  /** `id` and `name` kept only as `user-content-…` (DOMPurify's prefix, GitHub's scheme). */
  SANITIZE_NAMED_PROPS: boolean;
  /** When given, the only elements kept (their text stays when they go). */
  ALLOWED_TAGS?: string[];
  /** When given, the only attributes kept. */
  ALLOWED_ATTR?: string[];
}

/** Elements no stored text may bring: they frame other pages, style the page or ask for input. */
const FORBIDDEN_ELEMENTS = [
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
] as const;

/**
 * Attributes no stored text keeps: `style` and `class` (the site's look is its stylesheets'),
 * and those that act on another element or a part of the page (a popover or command target, an
 * image map, a slot or part of a shadow tree) or that only scripts and styles may carry (nonce).
 */
const FORBIDDEN_ATTRIBUTES = [
  'style',
  'class',
  'nonce',
  'popover',
  'popovertarget',
  'popovertargetaction',
  'command',
  'commandfor',
  'usemap',
  'slot',
  'part',
  'exportparts',
] as const;

/**
 * Attributes whose value names other elements by id (a space-separated list for the ARIA ones):
 * a label's `for` pointing at one of the page's own controls would press it. Where content keeps
 * ids (the article), they follow the ids' prefix; where it keeps none (the feed), they go.
 */
export const ID_REFERENCE_ATTRIBUTES = [
  'for',
  'headers',
  'list',
  'aria-activedescendant',
  'aria-controls',
  'aria-describedby',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
  'aria-labelledby',
  'aria-owns',
] as const;

/** What a content id and name begins with: nothing the site's own code uses starts so. */
export const USER_CONTENT_PREFIX = 'user-content-';

export type ContentHtmlProfile = 'article' | 'feed' | 'comment';

interface ProfileParts {
  forbidAttributes: readonly string[];
  addAttributes: readonly string[];
  namedProps: boolean;
  /** The only elements and attributes kept, for a profile that keeps a small subset. */
  only?: { tags: readonly string[]; attributes: readonly string[] };
}

/**
 * A member's comment (docs/decisions/200): paragraphs, links, emphasis and code, quotes and lists;
 * no image, heading, table or media, and no attribute but a link's address and its `rel`.
 */
export const COMMENT_ELEMENTS = [
  'p',
  'br',
  'a',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
] as const;

const PROFILES: Record<ContentHtmlProfile, ProfileParts> = {
  // The article page and the admin's preview: ids and names kept under the prefix (heading
  // anchors, in-page links), and `target` (the renderer keeps only `_blank`, with noopener).
  article: { forbidAttributes: [], addAttributes: ['target'], namedProps: true },
  // A feed reader's page is not ours to name or to open tabs in: no id, name or target, and no
  // srcset (a reader resolves only the links the feed made absolute).
  feed: {
    forbidAttributes: ['id', 'name', 'srcset', 'target', ...ID_REFERENCE_ATTRIBUTES],
    addAttributes: [],
    namedProps: false,
  },
  comment: {
    forbidAttributes: ['id', 'name', 'srcset', 'target', ...ID_REFERENCE_ATTRIBUTES],
    addAttributes: [],
    namedProps: false,
    only: { tags: COMMENT_ELEMENTS, attributes: ['href', 'rel'] },
  },
};

/** The sanitiser's configuration for HTML that goes to `profile`: fresh lists each call. */
export function contentHtmlConfig(profile: ContentHtmlProfile): ContentHtmlConfig {
  const { forbidAttributes, addAttributes, namedProps, only } = PROFILES[profile];
  return {
    ...(!only && { USE_PROFILES: { html: true } }),
    FORBID_TAGS: [...FORBIDDEN_ELEMENTS],
    FORBID_ATTR: [...FORBIDDEN_ATTRIBUTES, ...forbidAttributes],
    ADD_ATTR: [...addAttributes],
    ALLOW_DATA_ATTR: false,
    SANITIZE_NAMED_PROPS: namedProps,
    ...(only && { ALLOWED_TAGS: [...only.tags], ALLOWED_ATTR: [...only.attributes] }),
  };
}
