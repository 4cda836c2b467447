// federation-runtime.js: the runtime core for a remote running standalone (see
// provide-runtime-core.ts). Built without federation, loaded before the remote's own scripts.
import { provideRuntimeCore } from './provide-runtime-core';

provideRuntimeCore();
