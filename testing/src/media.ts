// window.matchMedia for component tests: jsdom has none. Jest's setup installs it with no
// preference (testing/jest/polyfills.cjs); a test can then say what the visitor prefers, and
// change it while the page is open.

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The preference set by setReducedMotion, which the test can change while the page is open. */
export interface ReducedMotionPreference {
  /** The visitor changes it: every listener of the query hears a change. */
  change(reduce: boolean): void;
  /** How many listeners the page has on the query now (a stopped component leaves none). */
  listenerCount(): number;
}

/** Makes the page report the visitor's reduced-motion preference (window.matchMedia). */
export function setReducedMotion(reduce: boolean): ReducedMotionPreference {
  let matches = reduce;
  const listeners = new Set<EventListenerOrEventListenerObject>();
  const notify = () =>
    listeners.forEach((listener) =>
      typeof listener === 'function'
        ? listener(new Event('change'))
        : listener.handleEvent(new Event('change')),
    );
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches && query === REDUCED_MOTION;
      },
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
        if (query === REDUCED_MOTION) listeners.add(listener);
      },
      removeEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
        listeners.delete(listener);
      },
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    change(next) {
      matches = next;
      notify();
    },
    listenerCount: () => listeners.size,
  };
}
