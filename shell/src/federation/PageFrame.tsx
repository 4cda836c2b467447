// The element every remote page is drawn in, on the server and in the browser alike
// (docs/decisions/114). It names the page, so the browser can find the HTML the server sent
// for it; and when the page's code cannot be loaded, the browser keeps that HTML in it as it is
// (not hydrated) instead of replacing it with a fallback.
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useLocation } from '@portfolio/shared/router';
import { HydrationMark, useKeptMark } from './hydration-mark';
import { RemoteFallback } from './RemoteFallback';
import styles from './PageFrame.module.css';

export const PAGE_FRAME_ATTRIBUTE = 'data-page';

/** A page's frame id: its remote and module. */
export function pageFrameId(remote: string, module: string): string {
  return `${remote}/${module.replace(/^\.\//, '')}`;
}

const framedPages = new WeakMap<ComponentType, Map<string, ComponentType>>();

/** The page component drawn in its frame, and the page marked live once it is (one per page). */
export function framed(Page: ComponentType, id: string): ComponentType {
  let byId = framedPages.get(Page);
  if (!byId) {
    byId = new Map();
    framedPages.set(Page, byId);
  }
  let Framed = byId.get(id);
  if (!Framed) {
    Framed = function FramedPage() {
      return (
        <div className={styles.frame} {...{ [PAGE_FRAME_ATTRIBUTE]: id }}>
          <Page />
          <HydrationMark />
        </div>
      );
    };
    byId.set(id, Framed);
  }
  return Framed;
}

/**
 * The HTML the server sent in the frame of page `id`, if this document has it: read before the
 * browser hydrates that part (the first render of a page the server rendered). Undefined on a
 * client navigation, where there is nothing to keep.
 */
export function serverHtmlOf(id: string): string | undefined {
  const frame = [...document.querySelectorAll(`[${PAGE_FRAME_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(PAGE_FRAME_ATTRIBUTE) === id,
  );
  return frame && frame.childNodes.length > 0 ? frame.innerHTML : undefined;
}

/** The waits between quiet attempts to load a page's code again (then the last, again). */
export const KEPT_PAGE_RETRY_MS = [2000, 4000, 8000, 15_000, 30_000] as const;

/**
 * A page whose code could not be loaded, drawn as the server sent it: its HTML kept as it is
 * (React neither hydrates nor replaces what a frame with `dangerouslySetInnerHTML` holds),
 * readable, its links plain links. Meanwhile the code is loaded again, quietly, with growing
 * waits; once it comes the page is drawn live. Should the visitor move to another address of
 * the same route, the kept HTML is no longer theirs: the fallback shows.
 */
export function keptServerPage(
  remote: string,
  id: string,
  html: string,
  reload: () => Promise<ComponentType | undefined>,
): ComponentType {
  return function KeptServerPage() {
    const { pathname, search } = useLocation();
    const [address] = useState(() => pathname + search);
    const [Live, setLive] = useState<ComponentType | null>(null);
    useKeptMark();
    useEffect(() => {
      let attempt = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const next = () => {
        const wait = KEPT_PAGE_RETRY_MS[Math.min(attempt, KEPT_PAGE_RETRY_MS.length - 1)];
        attempt += 1;
        timer = setTimeout(() => {
          void reload().then((Page) => {
            if (stopped) return;
            if (Page) setLive(() => Page);
            else next();
          });
        }, wait);
      };
      next();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    }, []);
    if (Live) return <Live />;
    if (pathname + search !== address) return <RemoteFallback remote={remote} />;
    return (
      <div
        className={styles.frame}
        {...{ [PAGE_FRAME_ATTRIBUTE]: id }}
        // The server's HTML, as it is: set once, never changed, so React leaves it alone.
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    );
  };
}
