// window.matchMedia for component tests: jsdom has none. Jest's setup installs it with no
// preference (testing/jest/polyfills.cjs); a test can then say what the visitor prefers.

/** Makes the page report the visitor's reduced-motion preference (window.matchMedia). */
export function setReducedMotion(reduce: boolean): void {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
