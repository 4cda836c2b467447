// How a server-rendered page starts the shell's scripts (docs/decisions/039).

/** Scripts start at the latest this long after the page began to load (a slow image). */
export const SCRIPTS_START_BY_MS = 3000;

/**
 * The inline loader of a page's scripts: they start once the page the server sent is on screen,
 * after the window's load event (its stylesheets and first images are in) and the next frame, or
 * SCRIPTS_START_BY_MS at the latest. The visitor reads the page before any script is fetched,
 * parsed or run, and hydration comes after (docs/decisions/039). Order is kept (async = false).
 * It is an inline script, so the page's policy must allow it: by its nonce on a page rendered
 * for one visitor, by its hash on a page a shared cache may keep (docs/decisions/100).
 */
export function scriptLoader(sources: readonly string[]): string {
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return (
    `(function(){var started=false;function start(){if(started)return;` +
    `started=true;requestAnimationFrame(function(){setTimeout(function(){${list}.forEach(` +
    `function(src){var s=document.createElement('script');s.src=src;s.async=false;` +
    `document.head.appendChild(s)})})})}if(document.readyState==='complete')start();else{` +
    `addEventListener('load',start);setTimeout(start,${SCRIPTS_START_BY_MS})}})()`
  );
}
