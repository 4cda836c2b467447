// The controls every page's inline script runs itself (docs/decisions/171): the theme, and the
// copy buttons of code blocks. Nothing is fetched for them and no island wakes, so the page keeps
// running no script before input (docs/decisions/148) and the controls answer the first press.
//
// The theme: the stylesheets follow the system (prefers-color-scheme) unless the root carries
// data-theme. The visitor's choice is a cookie holding only "light" or "dark" (docs/decisions/
// 176), and the server writes it on the root of the page it sends (theme.ts), so the first frame
// has it and this script reads nothing while the page loads: reading the browser's storage then
// was a synchronous call to the browser process, 1–15 ms on a fresh profile, in the parse's task.
// The script sets the choice when the toggle is pressed, and reads it again only when the page
// is shown again (another tab may have chosen). Without JavaScript the page follows the system,
// or a choice made before, and the toggle, which could not work, is not shown (@media
// (scripting: none)).
//
// runSiteControls is written into the page as its source text (siteControlsScript), so it uses
// nothing from this module's scope: only its argument and the browser's globals.
import { SITE_CONTROLS } from '@portfolio/shared/island-protocol';
import type { SiteTheme } from '@portfolio/shared/island-protocol';

export interface SiteControlsOptions {
  attribute: string;
  themeToggle: string;
  copyCode: string;
  themeKey: string;
  themeAttribute: string;
  /** The cookie's attributes after its value (its lifetime, path and SameSite). */
  themeCookieAttributes: string;
  /** The browser's bar in each theme (`<meta name="theme-color">`, one per scheme). */
  themeColors: Record<SiteTheme, string>;
}

/** The colour of the page's background in each theme (shared/src/tokens.css, --color-bg). */
export const THEME_COLORS: Record<SiteTheme, string> = { light: '#f6f8fb', dark: '#0b1120' };

/** How long a choice of theme is kept: a year from the last press of the toggle. */
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const SITE_CONTROLS_OPTIONS: SiteControlsOptions = {
  ...SITE_CONTROLS,
  themeColors: THEME_COLORS,
  themeCookieAttributes: `; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=Lax`,
};

export function runSiteControls(options: SiteControlsOptions): void {
  const doc = document;
  const root = doc.documentElement;
  // The choice in the cookie (read only when the page is shown again, never while it loads).
  // Undefined where cookies are refused (a sandboxed frame): the page keeps what it shows.
  const chosen = (): SiteTheme | null | undefined => {
    let cookies: string;
    try {
      cookies = doc.cookie;
    } catch {
      return undefined;
    }
    const value = cookies
      .split('; ')
      .find((pair) => pair.startsWith(`${options.themeKey}=`))
      ?.slice(options.themeKey.length + 1);
    return value === 'light' || value === 'dark' ? value : null;
  };
  const apply = (theme: SiteTheme | null) => {
    if (theme) root.setAttribute(options.themeAttribute, theme);
    else root.removeAttribute(options.themeAttribute);
    // The browser's bar: the chosen theme's colour, else each scheme's own.
    doc.querySelectorAll('meta[name="theme-color"][data-scheme]').forEach((meta) => {
      const scheme = meta.getAttribute('data-scheme') === 'light' ? 'light' : 'dark';
      meta.setAttribute('content', options.themeColors[theme ?? scheme]);
    });
  };
  // A choice made in another tab: followed when this one is shown again, or comes back from the
  // back-forward cache.
  const follow = () => {
    const theme = chosen();
    if (theme !== undefined && theme !== root.getAttribute(options.themeAttribute)) apply(theme);
  };
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') follow();
  });
  addEventListener('pageshow', (event) => {
    if (event.persisted) follow();
  });

  const timers = new WeakMap<Element, number>();
  const say = (status: Element, message: string) => {
    status.textContent = message;
    window.clearTimeout(timers.get(status));
    timers.set(
      status,
      window.setTimeout(() => {
        status.textContent = '';
      }, 4000),
    );
  };
  // The block's code exactly as written (the highlighter's spans add no text), to the clipboard;
  // where the browser refuses, the code is selected for the visitor to copy, and the button says so.
  // The button is in the bar above the block's pre element, beside its status (render-markdown.ts).
  const copy = (button: Element) => {
    const bar = button.parentElement;
    const pre = bar?.nextElementSibling;
    const code = pre?.tagName === 'PRE' ? pre.querySelector('code') : null;
    const status = bar?.querySelector('[role="status"]');
    if (!code || !status) return;
    const failed = () => {
      const range = doc.createRange();
      range.selectNodeContents(code);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      say(status, status.getAttribute('data-failed') ?? '');
    };
    if (!navigator.clipboard) return failed();
    navigator.clipboard
      .writeText(code.textContent ?? '')
      .then(() => say(status, status.getAttribute('data-copied') ?? ''), failed);
  };

  doc.addEventListener('click', (event) => {
    const control =
      event.target instanceof Element ? event.target.closest(`[${options.attribute}]`) : null;
    const kind = control?.getAttribute(options.attribute);
    if (!control || !kind) return;
    if (kind === options.themeToggle) {
      const shown =
        root.getAttribute(options.themeAttribute) ??
        (matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark');
      const next: SiteTheme = shown === 'light' ? 'dark' : 'light';
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      try {
        doc.cookie = `${options.themeKey}=${next}${options.themeCookieAttributes}${secure}`;
      } catch {
        // Not kept (cookies refused): this page still switches.
      }
      apply(next);
    } else if (kind === options.copyCode) copy(control);
  });
}

/** The controls as the text of a statement of the page's inline script. */
export function siteControlsScript(options: SiteControlsOptions = SITE_CONTROLS_OPTIONS): string {
  const argument = JSON.stringify(options).replace(/</g, '\\u003c');
  // Under `tsx watch` (npm run dev) esbuild wraps named functions in its `__name` helper, which
  // the page does not have: it gets one that returns its function.
  return `(function(__name){(${runSiteControls.toString()})(${argument})})(function(f){return f});`;
}
