// Browser APIs that neither jsdom nor Node has: stand-ins good enough for component tests.
// (Files that ask for the node environment have no window: nothing to add there.)
if (typeof window !== 'undefined') {
  if (!window.matchMedia) require('../src/media.ts').setReducedMotion(false);

  if (!window.IntersectionObserver) {
    window.IntersectionObserver = class IntersectionObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
  }

  // jsdom prints "not implemented" for scrolling; pages scroll on navigation.
  window.scrollTo = () => {};
}
