// One federation runtime per page (docs/decisions/029). Remotes are built with
// `experiments.externalRuntime`: their remoteEntry.js leaves the runtime core out and takes the
// page's from the global below. The shell provides it (as a runtime plugin, before any remote
// loads); a remote running standalone provides it from federation-runtime.js, a tiny script its
// index.html loads first (federation-runtime-entry.ts).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

export function provideRuntimeCore(): void {
  const global = runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
}

export default function provideRuntimeCorePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-provide-runtime-core',
    beforeInit(args) {
      provideRuntimeCore();
      return args;
    },
  };
}
