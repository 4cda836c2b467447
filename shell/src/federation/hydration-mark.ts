// <html data-hydrated="true"> once the page the visitor sees is live: the server's HTML is
// hydrated (or the browser drew the page itself) and its controls answer. Before that a form
// shows but does not work yet; browser specs and monitoring wait for this mark.
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
