// What a page of islands (docs/decisions/148) says in its markup, and what the parts that make it
// live tell each other through it: the shell's inline island loader (shell/server/island-loader.ts),
// the shell's hydration (shell/src/islands/), and a remote's own island scripts file
// (@portfolio/federation-runtime/island-scripts-entry). No React here: a remote's island scripts
// file imports this and must stay a few kilobytes.

/** The attributes an island's element carries, read by the shell's island loader. */
export const ISLAND_ATTRIBUTES = {
  /** `<owner>/<name>`: the component a remote's `./islands` module exports under `name`. */
  name: 'data-island',
  when: 'data-island-when',
  /** The props, as JSON: what the island is hydrated with, and nothing else of the page's data. */
  props: 'data-island-props',
  /** Its needs (IslandNeed), space-separated. */
  needs: 'data-island-needs',
  /** Present on a script island: its browser part is the owner's IslandScript, not React. */
  script: 'data-island-script',
  /**
   * What makes it the server's (docs/decisions/161): an id React made in the page's render,
   * which holds the page's island key (`islandKey` in the page's data block). Content cannot
   * write it: the key is a hash of the very page it would have to be part of, or, on a page for
   * one signed-in visitor, a random value of that response.
   */
  key: 'data-island-key',
} as const;

/** How long an island key is at least (a SHA-256 or 128 random bits, base64url: 22). */
export const ISLAND_KEY_MIN_LENGTH = 22;

/**
 * Whether `island` is one the server rendered into this page: its key attribute holds the
 * page's island key. Anything else that says it is an island (an article's markup, had the
 * sanitiser let it through) is never woken, hydrated or run.
 */
export function isServerIsland(island: Element, pageKey: string | undefined): boolean {
  if (!pageKey || pageKey.length < ISLAND_KEY_MIN_LENGTH) return false;
  return (island.getAttribute(ISLAND_ATTRIBUTES.key) ?? '').includes(pageKey);
}

export const ISLAND_LOADER_PROTOCOL = {
  /**
   * Set on an island once its trigger fired. Empty: the shell's hydration takes it from there.
   * `script` (scriptAwake): a script island handed to its owner's island scripts file instead.
   */
  awake: 'data-island-awake',
  scriptAwake: 'script',
  /** Dispatched on document, the island element as its detail, when an island wakes. */
  wakeEvent: 'island-wake',
  /** Dispatched on document, the island element as its detail, when a script island wakes. */
  scriptWakeEvent: 'island-script-wake',
  /** Set on a button pressed before its island was live: pressed again after hydration. */
  replay: 'data-island-replay',
  /** Set on an island once it is hydrated, or its script runs (or it shows its fallback). */
  live: 'data-island-live',
  /** `<html data-render="islands">`: the server rendered a page of islands. */
  render: 'islands',
} as const;

/**
 * The controls the page's inline script runs itself, on every page (docs/decisions/171): no
 * island wakes for them and no script is fetched, so they answer the first press. The element
 * carries `data-site-control` with its kind.
 */
export const SITE_CONTROLS = {
  attribute: 'data-site-control',
  /** The navbar's button that switches between the light and the dark theme. */
  themeToggle: 'theme',
  /** A code block's button that copies its code (the Markdown renderer writes it). */
  copyCode: 'copy-code',
  /**
   * The cookie that keeps the theme the visitor chose ("light" or "dark", docs/decisions/176),
   * and the root's attribute the server and the toggle set for it.
   */
  themeKey: 'theme',
  themeAttribute: 'data-theme',
} as const;

export type SiteTheme = 'light' | 'dark';

/**
 * What a code block's copy button says (the Markdown renderer writes them; the inline script
 * reads the messages from the button's status element).
 */
export const CODE_COPY_LABEL = 'Copy code';
export const CODE_COPIED_TEXT = 'Copied';
export const CODE_COPY_FAILED_TEXT = 'Selected: press Ctrl+C to copy';

/**
 * The browser part of a script island: it takes the island's element as the server rendered it,
 * and the island's props, and makes it move. No React root is made for it, so a page whose only
 * live parts are script islands never loads React DOM.
 */
export type IslandScript<P> = (element: HTMLElement, props: P) => void;

/** A remote's `./island-scripts` module: its script islands by name (src/island-scripts.ts). */
export type IslandScriptRegistry = Record<string, IslandScript<never>>;

/**
 * A remote's island scripts file: its script islands (src/island-scripts.ts) built on their own,
 * beside its remoteEntry.js, with no federation runtime and no shared module. Its name stays from
 * deploy to deploy (served like remoteEntry.js: never kept without asking; immutable under a kept
 * version's /v/<id>/ address), so the loader finds it next to the remote's manifest.
 */
export const ISLAND_SCRIPTS_FILE = 'island-scripts.js';

/**
 * Runs a script island: the script of its name in its owner's `registry` (`./island-scripts`), on
 * its element as the server rendered it, with its props; then the island is live. It takes no
 * input, so a failure leaves the server's HTML as it is and shows nothing more (no Retry: there is
 * nothing the visitor was trying to use); it is logged.
 */
export function runIslandScript(
  island: HTMLElement,
  registry: IslandScriptRegistry | undefined,
): void {
  const [owner = '', name = ''] = (island.getAttribute(ISLAND_ATTRIBUTES.name) ?? '').split('/');
  try {
    const script = registry?.[name] as ((element: HTMLElement, props: object) => void) | undefined;
    if (!script) throw new Error(`no script "${name}" in ${owner}'s island scripts`);
    script(island, JSON.parse(island.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object);
    island.setAttribute(ISLAND_LOADER_PROTOCOL.live, '');
  } catch (error) {
    console.error(`Island "${owner}/${name}" could not be started`, error);
  }
}
