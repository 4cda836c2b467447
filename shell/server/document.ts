// The one place the site's HTML document is assembled (docs/decisions/090): the shell's own head
// (meta tags, the loader of its scripts, its stylesheets, from the shell build's assets.json),
// then what a render gives (the page's head tags, its remote's stylesheets, the data block), the
// root element with the rendered page, and the end. A page the server could not render gets the
// same document with an empty root, which the browser then draws.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@portfolio/contract';
import { islandLoaderScript } from './island-loader';
import type { PageViewBeaconOptions } from './page-view-beacon';
import { SCRIPTS_START_BY_MS, scriptLoader } from './page-scripts';
import type { SiteTheme } from '@portfolio/shared/island-protocol';
import { THEME_COLORS, siteControlsScript } from './site-controls';

/** What the shell's browser build emits for its pages (its webpack config: ShellAssetsPlugin). */
export interface ShellAssets {
  /** The entry's scripts, in order (root-relative URLs). */
  scripts: string[];
  /** The entry's stylesheets (the layout's, styled before any script runs). */
  stylesheets: string[];
}

export const SHELL_ASSETS_FILE = 'assets.json';

/** The text of each of the shell's stylesheets, by its address, from its build. */
export function readShellStyles(distDir: string, assets: ShellAssets): Map<string, string> {
  return new Map(
    assets.stylesheets.map((href) => [
      href,
      readFileSync(path.join(distDir, href.replace(/^\//, '')), 'utf8'),
    ]),
  );
}

export function readShellAssets(distDir: string): ShellAssets {
  const file = path.join(distDir, SHELL_ASSETS_FILE);
  const assets = JSON.parse(readFileSync(file, 'utf8')) as Partial<ShellAssets>;
  if (!Array.isArray(assets.scripts) || !Array.isArray(assets.stylesheets)) {
    throw new Error(`${file} must list "scripts" and "stylesheets": rebuild the shell`);
  }
  return { scripts: assets.scripts, stylesheets: assets.stylesheets };
}

/** The site's icon, a shield: the drawing ICON is made from. */
export const ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><path d='M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7z' fill='#38d9a9'/></svg>";
/**
 * ICON_SVG as a 48-pixel PNG in the page (no request for a favicon). Not the SVG itself: a
 * browser draws an SVG icon on the page's main thread after the load, 30–90 ms on a phone
 * (docs/decisions/172). document.test.ts checks that it is the drawing above.
 */
const ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAMAAABg3Am1AAAATlBMVEVMaXE52alA36842Kk52ao52qk42ak42Kg436842qo62qo52ak426s42ak52ak52Kg52qo42ak52ak52qo42ak42ak42ag62Ks42ak42aknuWJSAAAAGXRSTlMA7xDAsI9f4CBgMM9AoK9wkPBQb9Dfn0+Aek3ZoQAAAAlwSFlzAAALEgAACxIB0t1+/AAAAMhJREFUSMftltsOgyAQRL2gK4h41+7//2ht0zblupCmDybO85wAq8yQZWdR3bZ1vLupcjyUV02UfVf4kdopdzGvqGmdi4BdbOjQJrwHRY9cA3gd1CdrAApJKQ3ACF3ABfwFKGl/+RvAaIBpQE8DvX5DacC4o0D5wQiBjgI6MzUSd0TOiVnBJMOAtKOMpS1w5HBgUOBMZJm0oYe4z899cX+L+Snoz9eFGmgaTfs4EYW46P6FLkb+NV7gUT36RiLtz3YcAAZxllfIHSzfcPbYXweJAAAAAElFTkSuQmCC';
/**
 * The browser's bar in the colour of each scheme's background, or both in the chosen theme's
 * when the visitor chose one (inTheme; the toggle does the same in the page: site-controls.ts).
 */
const themeColorTags = (theme: SiteTheme | null) =>
  (['light', 'dark'] as const)
    .map(
      (scheme) =>
        `<meta name="theme-color" content="${THEME_COLORS[theme ?? scheme]}" media="(prefers-color-scheme: ${scheme})" data-scheme="${scheme}"/>`,
    )
    .join('');
const THEME_COLOR_TAGS = themeColorTags(null);
const ROOT_START = '<!doctype html><html lang="en"';

/**
 * A document of this module in the theme the visitor chose (docs/decisions/176): its root carries
 * the theme, and the browser's bar its colour. The whole document or its start, as made here;
 * anything else is left as it is.
 */
export function inTheme(html: string, theme: SiteTheme): string {
  if (!html.startsWith(ROOT_START)) return html;
  const themed = `${ROOT_START} data-theme="${theme}"${html.slice(ROOT_START.length)}`;
  return themed.replace(THEME_COLOR_TAGS, themeColorTags(theme));
}

export interface PageParts {
  /**
   * A signed-in visitor's page: the response's nonce on the loader. Without one (a page every
   * visitor without a session gets alike) the loader is named by its hash (inline-scripts.ts).
   */
  nonce?: string;
  /** The page's own head tags (title, description, preview cards, JSON-LD). */
  headTags: string;
  /** Its remote's stylesheets (absolute URLs). */
  stylesheets: readonly string[];
  /** The data block (site-data.ts): in the head, before any content (docs/decisions/080). */
  dataScript: string;
  /**
   * The text of a stylesheet the server holds (a remote's, kept by its address): written into
   * the head instead of linked, so the first paint waits for no stylesheet (docs/decisions/148).
   */
  styleText?: (href: string) => string | undefined;
  /**
   * A page of islands (docs/decisions/148): `<html data-render="islands">`, the island loader
   * instead of the app's, and speculation rules that prerender the pages of islands its links
   * lead to (their route paths, as URL patterns) when the visitor is about to click.
   */
  islands?: { prerender: readonly string[] };
  /**
   * Shown above the page, outside the root React hydrates: a preview's banner (ADR 191).
   */
  banner?: string;
}

export interface SiteDocument {
  /** The texts of the shell's inline loaders (the app's, the islands'): one per document. */
  readonly loaders: readonly string[];
  /** The document up to and including the opening of the root element. */
  start(page: PageParts): string;
  /** What follows the rendered page. */
  readonly end: string;
  /** A page the server could not render: the shell's head, an empty root. */
  fallback(page: { nonce?: string; title: string }): string;
}

const stylesheet = (href: string) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`;

/**
 * A stylesheet in the head: its text when the server has it (a style element naming where it
 * comes from), else a link. Text that could close the element is never inlined.
 */
function styleOrLink(href: string, text: string | undefined): string {
  if (text === undefined || /<\/style/i.test(text)) return stylesheet(href);
  return `<style data-href="${escapeHtml(href)}">${text}</style>`;
}

/**
 * Speculation rules: a page of islands whose link the visitor is about to follow (a pointer
 * resting on it, or pressed) is prerendered, so the click shows it at once. Only pages of
 * islands: an application page (a form, a dashboard, sign-out) is never loaded ahead.
 */
export function speculationRules(prerender: readonly string[], nonce?: string): string {
  if (prerender.length === 0) return '';
  const rules = {
    prerender: [{ where: { href_matches: prerender }, eagerness: 'moderate' }],
  };
  const json = JSON.stringify(rules).replace(/</g, '\\u003c');
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${escapeHtml(nonce)}"`;
  // Named by the page's policy: its hash (inline-scripts.ts) or the response's nonce.
  return `<script type="speculationrules"${nonceAttribute}>${json}</script>`;
}

/**
 * `shellStyles`: the text of each of the shell's stylesheets by its address (read from its
 * build at start), inlined in every page; without it they are linked. `pageViews`: a page of
 * islands tells the API it was shown (docs/decisions/180); unset when views are not counted.
 */
export function createSiteDocument(
  assets: ShellAssets,
  shellStyles: ReadonlyMap<string, string> = new Map(),
  { pageViews }: { pageViews?: PageViewBeaconOptions } = {},
): SiteDocument {
  // Made once: only a signed-in page's nonce changes from one page to the next.
  const beforeScript = (islands: boolean) =>
    `${ROOT_START}${islands ? ' data-render="islands"' : ''}><head>` +
    '<meta charset="utf-8"/>' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"/>' +
    `${THEME_COLOR_TAGS}<link rel="icon" href="${ICON}"/>`;
  // Each loader begins with the site's controls: the theme is set before anything is painted.
  const controls = siteControlsScript();
  const appLoader = controls + scriptLoader(assets.scripts);
  const islandLoader =
    controls +
    islandLoaderScript({ scripts: assets.scripts, startByMs: SCRIPTS_START_BY_MS }, pageViews);
  const stylesheets = assets.stylesheets
    .map((href) => styleOrLink(href, shellStyles.get(href)))
    .join('');
  const head = (islands: boolean, nonce: string | undefined) =>
    `${beforeScript(islands)}<script${nonce === undefined ? '' : ` nonce="${escapeHtml(nonce)}"`}>` +
    `${islands ? islandLoader : appLoader}</script>${stylesheets}`;
  const shared = { app: head(false, undefined), islands: head(true, undefined) };
  const shellHead = (islands: boolean, nonce: string | undefined) =>
    nonce === undefined ? shared[islands ? 'islands' : 'app'] : head(islands, nonce);
  const end = '</div></body></html>';
  return {
    loaders: [appLoader, islandLoader],
    start: ({
      nonce,
      headTags,
      stylesheets: pageStylesheets,
      dataScript,
      islands,
      styleText,
      banner = '',
    }) =>
      `${shellHead(islands !== undefined, nonce)}${headTags}` +
      `${pageStylesheets.map((href) => styleOrLink(href, styleText?.(href))).join('')}${dataScript}` +
      `${islands ? speculationRules(islands.prerender, nonce) : ''}</head><body>${banner}<div id="root">`,
    end,
    fallback: ({ nonce, title }) =>
      `${shellHead(false, nonce)}<title>${escapeHtml(title)}</title></head><body><div id="root">${end}`,
  };
}
