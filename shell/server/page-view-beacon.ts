// The page-view beacon of a page of islands (docs/decisions/180): a few lines of the page's
// inline loader that tell the content API, once, that the page was shown. It is in the HTML, so
// a page from the render cache, the kept-page lane or the edge's cache counts as one the server
// rendered; a page prerendered by the speculation rules counts when it is activated (shown), not
// when it is prerendered, and a page shown again from the back-forward cache counts again. A page
// still loading is counted once it has loaded, or as the visitor leaves it, whichever is first.
//
// It sends what the API takes and nothing else (the contract's PageViewSchema): the path (no
// query), the origin of the page the visitor came from when it is another site's (never its path
// or query), the viewport class, and whether the newsletter's link led here. No cookie, no
// storage, no identifier: the API makes the day's visitor hash from the request itself.
//
// sendPageView is written into the page as its source text (islandLoaderScript), so it uses
// nothing from this module's scope: only its argument and the browser's globals.
import {
  API_PATH,
  NEWSLETTER_REF_PARAM,
  NEWSLETTER_REF_VALUE,
  PAGE_VIEWS_PATH,
  VIEWPORT_MIN_WIDTHS,
} from '@portfolio/contract';

export interface PageViewBeaconOptions {
  /** Where the beacon goes: the API's on the page's own origin (docs/decisions/101). */
  url: string;
  /** The newsletter's query parameter and value (`?ref=newsletter`). */
  refParam: string;
  refValue: string;
  /** The narrowest windows, in CSS pixels, counted as a tablet and as a desktop. */
  tablet: number;
  desktop: number;
}

/** The beacon of this site: its API's address and the contract's names. */
export const PAGE_VIEW_BEACON: PageViewBeaconOptions = {
  url: `${API_PATH}${PAGE_VIEWS_PATH}`,
  refParam: NEWSLETTER_REF_PARAM,
  refValue: NEWSLETTER_REF_VALUE,
  tablet: VIEWPORT_MIN_WIDTHS.tablet,
  desktop: VIEWPORT_MIN_WIDTHS.desktop,
};

export function sendPageView(beacon: PageViewBeaconOptions): void {
  const doc = document;
  const send = () => {
    const width = innerWidth;
    const view: Record<string, string | boolean> = {
      path: location.pathname,
      viewport: width < beacon.tablet ? 'phone' : width < beacon.desktop ? 'tablet' : 'desktop',
    };
    try {
      const from = new URL(doc.referrer);
      if (/^https?:$/.test(from.protocol) && from.origin !== location.origin) {
        view.referrer = from.origin;
      }
    } catch {
      // No referrer (typed, a bookmark, a policy that sends none): nothing to say.
    }
    if (new URLSearchParams(location.search).get(beacon.refParam) === beacon.refValue) {
      view.newsletter = true;
    }
    // A string goes as text/plain: no preflight, and nothing stored in the browser.
    navigator.sendBeacon?.(beacon.url, JSON.stringify(view));
  };
  // Sent after the load, in a task of its own, so the parse and the first paint pay nothing for
  // it: sendBeacon starts its request synchronously and innerWidth brings the page's style up to
  // date, a third to a half of the parse's task when this ran in the head (docs/performance.md,
  // "Reading page"). A visitor who leaves before the load is counted as the page goes.
  let shown = false;
  const sendOnce = () => {
    if (shown) return;
    shown = true;
    send();
  };
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    doc.addEventListener('prerenderingchange', send, { once: true });
  } else if (doc.readyState === 'complete') send();
  else {
    addEventListener('load', () => setTimeout(sendOnce), { once: true });
    addEventListener('pagehide', sendOnce, { once: true });
  }
  addEventListener('pageshow', (event) => {
    if (event.persisted) send();
  });
}
