// <html data-hydrated="true"> once the page the visitor sees is live: the server's HTML is
// hydrated (or the browser drew the page itself) and its controls answer. Before that a form
// shows but does not work yet; browser specs and monitoring wait for this mark.
// <html data-hydrated="kept"> while the page is the server's HTML kept as it is, its code not
// loaded (docs/decisions/114): the shell is live, the page is not yet.
import { useEffect } from 'react';

export function useHydrationMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** Renders nothing; marks the page live when it mounts. */
export function HydrationMark() {
  useHydrationMark();
  return null;
}

/** Marks the document's page as kept from the server (not live), unless it is live already. */
export function useKeptMark(): void {
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.hydrated !== 'true') root.dataset.hydrated = 'kept';
  }, []);
}
