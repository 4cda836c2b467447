// jsdom lacks these browser APIs; add them before any test module loads.
const util = require('node:util');
const streams = require('node:stream/web');
const workers = require('node:worker_threads');

Object.assign(globalThis, {
  TextEncoder: util.TextEncoder,
  TextDecoder: util.TextDecoder,
  ReadableStream: streams.ReadableStream,
  TransformStream: streams.TransformStream,
  WritableStream: streams.WritableStream,
  MessageChannel: workers.MessageChannel,
  MessagePort: workers.MessagePort,
  BroadcastChannel: workers.BroadcastChannel,
});

if (typeof window !== 'undefined') {
  // Node's own fetch classes; tests replace global fetch with a mock where they need to.
  const undici = { fetch: globalThis.fetch, Headers, Request, Response };
  if (!window.fetch) {
    Object.assign(window, undici);
  }

  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }

  if (!window.IntersectionObserver) {
    class IntersectionObserverStub {
      constructor(callback) {
        this.callback = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    window.IntersectionObserver = IntersectionObserverStub;
  }

  if (!window.scrollTo || String(window.scrollTo).includes('notImplemented')) {
    window.scrollTo = () => {};
  }
}
