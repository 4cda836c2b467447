// jsdom with the web platform pieces it lacks, taken from Node: fetch and its classes, text
// encoding, and streams (not MessageChannel: with it React's scheduler keeps Jest from exiting) (ARCHITECTURE.md, toolchain facts).
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
  }
}

module.exports = JsdomWithWebPlatform;
