// Work in an editor is never lost (issue "the owner runs the site from the dashboard", point 2):
// while an editor holds changes it has not saved, they are kept in this browser (localStorage)
// a moment after the last key, offered back when the editor opens again (after a reload, a crash
// or a closed tab), and leaving asks first: closing the tab, following a link of the site, or
// switching the dashboard's tab.
import { useCallback, useEffect, useState } from 'react';
import { LEAVE_UNSAVED_CONFIRM } from './admin-texts';

/** How long after the last change the editor's values are kept in this browser. */
export const AUTOSAVE_DELAY_MS = 1500;

const STORAGE_PREFIX = 'portfolio.admin.unsaved.';

/** The editors (by key) that hold changes they have not saved. */
const unsaved = new Set<string>();

/** Whether leaving may go on: nothing unsaved, or the owner says so. */
export function confirmLeave(): boolean {
  return unsaved.size === 0 || window.confirm(LEAVE_UNSAVED_CONFIRM);
}

interface Kept<V> {
  values: V;
  /** When they were kept (ISO-8601). */
  at: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a private mode, a policy): the guard still works, recovery does not.
    return null;
  }
}

function readKept<V>(key: string): Kept<V> | null {
  try {
    const text = storage()?.getItem(STORAGE_PREFIX + key);
    return text ? (JSON.parse(text) as Kept<V>) : null;
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A click on a link that leaves the page for another of this site, in this tab. */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return false;
  if (link.hasAttribute('download')) return false;
  const to = new URL(link.href, window.location.href);
  return to.href.split('#')[0] !== window.location.href.split('#')[0];
}

/**
 * The unsaved work of one editor. `key` names the item ("article:tls", "article:new"); `saved`
 * are the values as stored (or empty, for a new item), `current` as edited now, `savedAt` when
 * the stored item last changed. `recovered` is what this browser kept of an earlier session of
 * the same editor, newer than the item and different from it; `forget()` drops it for good (after
 * a save, or a discard).
 */
export function useUnsavedWork<V>(key: string, saved: V, current: V, savedAt?: string) {
  const dirty = !same(saved, current);
  const [recovered, setRecovered] = useState<Kept<V> | null>(() => {
    const kept = readKept<V>(key);
    if (!kept || same(kept.values, saved)) return null;
    // Kept before the item last changed (saved elsewhere since): no longer the newest work.
    if (savedAt && Date.parse(kept.at) < Date.parse(savedAt)) return null;
    return kept;
  });

  useEffect(() => {
    if (!dirty) {
      unsaved.delete(key);
      return undefined;
    }
    unsaved.add(key);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (leavingLink(event) && !window.confirm(LEAVE_UNSAVED_CONFIRM)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture: before the router's own handler of the link.
    document.addEventListener('click', onClick, true);
    return () => {
      unsaved.delete(key);
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, key]);

  // Kept a moment after the last change; nothing is kept of an editor without changes. While an
  // earlier session's work is offered, this one does not overwrite it.
  const offering = recovered !== null;
  useEffect(() => {
    if (!dirty || offering) return undefined;
    const timer = window.setTimeout(() => {
      const kept: Kept<V> = { values: current, at: new Date().toISOString() };
      try {
        storage()?.setItem(STORAGE_PREFIX + key, JSON.stringify(kept));
      } catch {
        // Full or refused: the guard still asks before leaving.
      }
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, dirty, key, offering]);

  const forget = useCallback(() => {
    unsaved.delete(key);
    setRecovered(null);
    storage()?.removeItem(STORAGE_PREFIX + key);
  }, [key]);

  /** The offer answered: restored (the caller applies the values) or declined. */
  const dismissRecovered = useCallback(() => setRecovered(null), []);

  return { dirty, recovered, dismissRecovered, forget };
}
