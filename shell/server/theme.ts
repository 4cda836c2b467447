// The theme a visitor chose (docs/decisions/176): a cookie holding "light" or "dark", set by the
// navbar's toggle (site-controls.ts). Each page sent to that visitor carries it on its root, and
// the browser's bar its colour, so the first frame is in the chosen theme with no script reading
// anything while the page loads. A kept page (render-cache.ts) is the same for everyone: its copy
// in a theme is made once, on the first request for it, and kept beside it.
import type { FastifyRequest } from 'fastify';
import { SITE_CONTROLS } from '@portfolio/shared/island-protocol';
import type { SiteTheme } from '@portfolio/shared/island-protocol';
import { inTheme } from './document';
import { compressAll, sharedPage } from './shared-page';
import type { SharedPage } from './shared-page';

/** The cookie's name (the toggle sets it: site-controls.ts). */
const THEME_COOKIE = SITE_CONTROLS.themeKey;

/** The theme the request's cookie names; null without one, or with a value that is not one. */
export function themeOf(request: FastifyRequest): SiteTheme | null {
  const value = request.cookies[THEME_COOKIE];
  return value === 'light' || value === 'dark' ? value : null;
}

/** A document made for this request alone (a signed-in visitor's), in the theme they chose. */
export function documentFor(request: FastifyRequest, html: string): string {
  const theme = themeOf(request);
  return theme ? inTheme(html, theme) : html;
}

const copies = new WeakMap<SharedPage, Partial<Record<SiteTheme, SharedPage>>>();

/**
 * A shared page as the request gets it: itself, or its copy in the chosen theme (its own bytes,
 * ETag and compressed forms; the same policies, since its scripts are the same). The copy of a
 * kept page (one whose compressed forms are made) is compressed as well, once, in the background.
 */
export function pageFor(request: FastifyRequest, page: SharedPage): SharedPage {
  const theme = themeOf(request);
  if (!theme) return page;
  let themed = copies.get(page);
  if (!themed) copies.set(page, (themed = {}));
  let copy = themed[theme];
  if (!copy) {
    const html = Buffer.from(inTheme(page.html.toString('utf8'), theme));
    copy = sharedPage(page.status, html, page.policy, page.openerPolicy);
    themed[theme] = copy;
    if (page.encoded.br) {
      compressAll(copy).catch((error: unknown) => {
        request.log.warn({ err: error }, 'A page in a theme could not be compressed');
      });
    }
  }
  return copy;
}
