// jsdom with the web platform pieces it lacks, taken from Node: fetch and its classes, text
// encoding, and streams (not MessageChannel: with it React's scheduler keeps Jest from exiting;
// docs/decisions/007).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
  'structuredClone',
];

class JsdomWithWebPlatform extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const key of FROM_NODE) {
      if (this.global[key] === undefined) this.global[key] = globalThis[key];
    }
    // Node's Request only takes Node's own AbortSignal: Node 24 refuses jsdom's ("Expected
    // signal to be an instance of AbortSignal"), Node 20 let it pass. With fetch and Request
    // from Node, the abort classes come from Node too (docs/decisions/070).
    if (this.global.Request === globalThis.Request) {
      this.global.AbortController = globalThis.AbortController;
      this.global.AbortSignal = globalThis.AbortSignal;
    }
  }
}

module.exports = JsdomWithWebPlatform;
