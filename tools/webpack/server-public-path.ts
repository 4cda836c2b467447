// A remote's server container is loaded by the site's server from wherever the runtime config
// says the remote lives, so its public path cannot be built in. The site's server hands each
// container it starts the base its files are served from, as a federation init option
// (shell/src/server/remotes.ts); this plugin, in the remote's server build, sets the public path
// from it. Chunks are then fetched from <base>/server/ and asset URLs come out exactly as the
// browser build writes them, so the server's HTML and the browser's first render agree
// (docs/decisions/035, 090).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';

declare let __webpack_public_path__: string;

export default function serverPublicPathPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-server-public-path',
    beforeInit(args) {
      const base = (args.userOptions as Record<string, unknown>)[SERVER_PUBLIC_PATH_OPTION];
      if (typeof base === 'string') __webpack_public_path__ = base;
      return args;
    },
  };
}
