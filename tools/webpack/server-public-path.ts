// A remote's server container is loaded by the shell's server from wherever the runtime config
// says the remote lives, so its public path cannot be built in. The shell's server records each
// remote's public base (the folder of its mf-manifest.json) before loading it; this plugin, in
// the remote's server build, reads it when the container starts. Chunks are then fetched from
// <base>/server/ and asset URLs come out exactly as the browser build writes them, so the
// server's HTML and the browser's first render agree (docs/decisions/035).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// Set by the shell's server (shell/src/server/remotes.ts): remote name → public base URL.
import { REMOTE_BASES_GLOBAL } from '../../shell/src/server/remote-bases';

declare let __webpack_public_path__: string;

export default function serverPublicPathPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-server-public-path',
    beforeInit(args) {
      const bases = (globalThis as Record<string, unknown>)[REMOTE_BASES_GLOBAL] as
        Record<string, string> | undefined;
      const base = bases?.[args.options.name];
      if (base) __webpack_public_path__ = base;
      return args;
    },
  };
}
