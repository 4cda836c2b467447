// What the server hands the browser with the HTML: the runtime config, the composed route
// table, the first render's loader data and the pages it could not render. A non-executable
// JSON block, so the Content-Security-Policy needs no 'unsafe-inline' (docs/decisions/035).
//
// The block is written in the document's head, before any content, and read from there once:
// content (an article's HTML) is inside <body>, so it can neither come before the block nor
// imitate it, whatever ids it carries (docs/decisions/080).
import type { ServerSession } from '@portfolio/shared/auth';
import type { RuntimeConfig } from '@portfolio/shared/config';
import { parseRuntimeConfig } from '@portfolio/shared/config';
import type { SiteRouteTable } from './routes';

export const SITE_DATA_ELEMENT_ID = 'site-data';

export interface SiteData {
  config: RuntimeConfig;
  routes: SiteRouteTable;
  /** Loader data of the routes the server rendered, by route id. */
  loaderData: Record<string, unknown>;
  /** Route ids the server could not render (remote down or slow): drawn in the browser. */
  drawnInBrowser: string[];
  /** The page's data failed or was too slow on the server: the browser loads it again. */
  reloadData: boolean;
  /**
   * Who the server rendered the page for (docs/decisions/037): a user, or null without a
   * session; absent when it could not tell. The browser's first render must match it.
   */
  session?: ServerSession | null;
}

/**
 * The data block of a page of islands (docs/decisions/148): no route table and no loader data,
 * since no router hydrates the page; each island carries its own props. What its islands share:
 * the runtime config (with the rendered versions' manifests) and the session.
 */
export interface IslandPageData {
  config: RuntimeConfig;
  session?: ServerSession | null;
  /**
   * The page's island key (docs/decisions/161): only an element whose `data-island-key` holds it
   * is one of the server's islands. Read from here, the head, where content never is.
   */
  islandKey: string;
}

/** JSON safe inside <script>: no "<" can close the element or open a comment. */
function serializeSiteData(data: SiteData | IslandPageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function siteDataScript(data: SiteData | IslandPageData): string {
  return `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${serializeSiteData(data)}</script>`;
}

/** The server's block: a JSON script element of the head itself, never one of the body's. */
function siteDataElement(doc: Document): Element | null {
  for (const element of Array.from(doc.head.children)) {
    if (
      element.tagName === 'SCRIPT' &&
      element.id === SITE_DATA_ELEMENT_ID &&
      element.getAttribute('type') === 'application/json'
    ) {
      return element;
    }
  }
  return null;
}

/**
 * The block the server wrote in the head, or null when the page was not rendered on the server.
 * It is read once: the element leaves the document as it is read, so nothing read later (and no
 * element put in its place) can be taken for it.
 */
export function readSiteData(doc: Document): SiteData | null {
  const raw = takeBlock<SiteData>(doc);
  return raw && { ...raw, config: parseRuntimeConfig(raw.config) };
}

/** The block of a page of islands, read once as readSiteData reads the app's. */
export function readIslandPageData(doc: Document): IslandPageData | null {
  const raw = takeBlock<IslandPageData>(doc);
  return raw && { ...raw, config: parseRuntimeConfig(raw.config) };
}

function takeBlock<T>(doc: Document): T | null {
  const element = siteDataElement(doc);
  if (!element) return null;
  element.remove();
  if (!element.textContent) return null;
  return JSON.parse(element.textContent) as T;
}
