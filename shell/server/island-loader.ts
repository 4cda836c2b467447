// The inline script of a page of islands (docs/decisions/148): the only JavaScript such a page
// runs before a visitor does anything. It arms each island's trigger, keeps the navbar's scrolled
// style, and fetches the shell's scripts only when an island wakes: at once (`load`, after the
// page has painted), when it scrolls into view (`visible`), or at the first pointer, key or focus
// inside it (`interaction`; a pointer over it fetches the code ahead). A script island fetches its
// owner's island scripts file instead, and no script of the shell's. A button pressed before its
// island is live is marked and pressed again once it is (shell/src/islands/hydrate.tsx).
//
// It wakes only the islands the server rendered (docs/decisions/161): an element whose
// `data-island-key` holds the page's island key, which the page's data block says, in the head,
// where content never is. Anything else that says it is an island (an article's markup, had the
// sanitiser let it through) is never armed, woken or scroll-flagged, and fetches nothing.
//
// runIslandLoader is written into the page as its source text (islandLoaderScript), so it uses
// nothing from this module's scope: only its argument and the browser's globals. The attribute
// and event names it writes are the protocol the hydration and the remotes' island scripts files
// read (@portfolio/shared/island-protocol; island-loader.test.ts holds them to the same names).
import { sendPageView } from './page-view-beacon';
import type { PageViewBeaconOptions } from './page-view-beacon';

export interface IslandLoaderOptions {
  /** The shell's entry scripts, in order (assets.json). */
  scripts: readonly string[];
  /** A `load` island's scripts start at the latest this long after the page began to load. */
  startByMs: number;
}

export function runIslandLoader(options: IslandLoaderOptions): void {
  const doc = document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const src of options.scripts) {
      const script = doc.createElement('script');
      script.src = src;
      script.async = false;
      doc.head.appendChild(script);
    }
  };
  // An island the shell's scripts make live: they take it from the wake event, or from its
  // attribute if they are not running yet.
  const toShell = (island: Element) => {
    island.setAttribute('data-island-awake', '');
    doc.dispatchEvent(new CustomEvent('island-wake', { detail: island }));
    start();
  };
  // What the page's data block says (read once, when first needed: before the shell's scripts
  // take the block out of the page): the remotes' manifests, and the page's island key. The
  // server's block only, a JSON script element of the head itself.
  let pageData: { remotes: Record<string, string>; key: string } | undefined;
  const readPageData = () => {
    if (pageData) return pageData;
    pageData = { remotes: {}, key: '' };
    const block = Array.from(doc.head.children).find(
      (element) =>
        element.tagName === 'SCRIPT' &&
        element.id === 'site-data' &&
        element.getAttribute('type') === 'application/json',
    );
    try {
      const data = JSON.parse(block?.textContent ?? '{}') as {
        config?: { remotes?: Record<string, string> };
        islandKey?: unknown;
      };
      pageData.remotes = data.config?.remotes ?? {};
      if (typeof data.islandKey === 'string') pageData.key = data.islandKey;
    } catch {
      // No block, or not the server's: no island is the server's either.
    }
    return pageData;
  };
  // One of the server's islands: its key attribute holds the page's key (22 characters or more).
  const isServerIsland = (element: Element) => {
    const { key } = readPageData();
    return key.length >= 22 && (element.getAttribute('data-island-key') ?? '').includes(key);
  };
  // A script island runs from its owner's island scripts file, beside the owner's manifest (the
  // version that rendered the page, from the page's runtime config): a few kilobytes instead of
  // the federation runtime and the shell's scripts. Each owner's file is added once, told the
  // page's key (it runs only the server's islands too); if it cannot be loaded, its script
  // islands go to the shell's scripts, which reach them through the federation.
  const scriptFiles: Record<string, 'added' | 'failed'> = {};
  const toScriptFile = (island: Element): boolean => {
    const owner = (island.getAttribute('data-island') ?? '').split('/')[0] ?? '';
    const manifest = readPageData().remotes[owner];
    if (!manifest || scriptFiles[owner] === 'failed') return false;
    island.setAttribute('data-island-awake', 'script');
    if (!scriptFiles[owner]) {
      scriptFiles[owner] = 'added';
      const script = doc.createElement('script');
      script.src = new URL('island-scripts.js', new URL(manifest, location.href)).href;
      script.async = true;
      script.setAttribute('data-island-key', readPageData().key);
      script.onerror = () => {
        scriptFiles[owner] = 'failed';
        doc
          .querySelectorAll(`[data-island-awake="script"]:not([data-island-live])`)
          .forEach((waiting) => {
            if (!isServerIsland(waiting)) return;
            if (waiting.getAttribute('data-island')?.startsWith(`${owner}/`)) toShell(waiting);
          });
      };
      doc.head.appendChild(script);
    }
    doc.dispatchEvent(new CustomEvent('island-script-wake', { detail: island }));
    return true;
  };
  const wake = (island: Element) => {
    if (island.hasAttribute('data-island-awake') || !isServerIsland(island)) return;
    if (island.hasAttribute('data-island-script') && toScriptFile(island)) return;
    toShell(island);
  };
  const afterPaint = (run: () => void) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      requestAnimationFrame(() => setTimeout(run));
    };
    if (doc.readyState === 'complete') once();
    else {
      addEventListener('load', once);
      setTimeout(once, options.startByMs);
    }
  };
  // The first touch of an island, from the moment the page starts to arrive (listened for on
  // the document, so a press while the rest of the page is still loading counts too).
  const islandOf = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A control the page's script runs itself (the theme toggle in the navbar's island,
    // site-controls.ts) wakes nothing: it works at once, and is not pressed again later.
    if (target?.closest('[data-site-control]')) return null;
    const island = target?.closest('[data-island]');
    return island && !island.hasAttribute('data-island-live') && isServerIsland(island)
      ? island
      : null;
  };
  doc.addEventListener('pointerover', (event) => islandOf(event) && start(), {
    capture: true,
    passive: true,
  });
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    doc.addEventListener(
      type,
      (event) => {
        const island = islandOf(event);
        if (island) wake(island);
      },
      { capture: true, passive: true },
    );
  }
  // A press before the island is live: remembered, pressed again once it is. A link needs
  // nothing: it navigates by itself.
  doc.addEventListener(
    'click',
    (event) => {
      const island = islandOf(event);
      const button =
        island && (event.target as Element).closest('button, [role="button"], summary');
      if (!island || !button || !island.contains(button)) return;
      event.preventDefault();
      button.setAttribute('data-island-replay', '');
      wake(island);
    },
    true,
  );
  const arm = () => {
    const islands = Array.from(doc.querySelectorAll('[data-island]')).filter(isServerIsland);
    // The navbar's scrolled style (and any other element of an island that asks) without React.
    const flagged = islands.flatMap((island) =>
      Array.from(island.querySelectorAll<HTMLElement>('[data-scroll-flag]')),
    );
    if (flagged.length > 0) {
      const update = () =>
        flagged.forEach((element) => {
          const past = scrollY > Number(element.dataset.scrollFlag);
          if (element.dataset.scrolled !== String(past)) element.dataset.scrolled = String(past);
        });
      // Read first in a frame, not now: scrollY now would lay the page out inside this task,
      // making one long task of the parse's end and the layout (Total Blocking Time).
      requestAnimationFrame(update);
      addEventListener('scroll', update, { passive: true });
    }
    let observer: IntersectionObserver | undefined;
    islands.forEach((island) => {
      const when = island.getAttribute('data-island-when');
      if (when === 'load') afterPaint(() => wake(island));
      else if (when === 'visible') {
        if (typeof IntersectionObserver === 'undefined') return afterPaint(() => wake(island));
        // The island's element has no box of its own (display: contents): its children are
        // what comes into view.
        observer ??= new IntersectionObserver(
          (entries) =>
            entries.forEach((entry) => {
              const owner = entry.target.parentElement;
              if (!entry.isIntersecting || !owner) return;
              for (const child of Array.from(owner.children)) observer?.unobserve(child);
              wake(owner);
            }),
          { rootMargin: '200px' },
        );
        for (const child of Array.from(island.children)) observer.observe(child);
      }
    });
    // The page is as live as it gets before any input: its islands answer when touched.
    doc.documentElement.dataset.hydrated = 'islands';
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', arm);
  else arm();
}

/**
 * The loader as the text of the page's inline script, with the page-view beacon after it when
 * views are counted (./page-view-beacon.ts, docs/decisions/180).
 */
export function islandLoaderScript(
  options: IslandLoaderOptions,
  pageViews?: PageViewBeaconOptions,
): string {
  const argument = JSON.stringify(options).replace(/</g, '\\u003c');
  const beacon = pageViews
    ? `;(${sendPageView.toString()})(${JSON.stringify(pageViews).replace(/</g, '\\u003c')})`
    : '';
  // Under `tsx watch` (npm run dev) esbuild keeps function names by wrapping them in its
  // `__name` helper, which the page does not have: it gets one that returns its function.
  return `(function(__name){(${runIslandLoader.toString()})(${argument})${beacon}})(function(f){return f})`;
}
