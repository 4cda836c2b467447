// A remote's server container is loaded by the site's server from wherever the remote lives, so
// its public path cannot be built in. The site's server hands each container it starts the base
// its files are served from, and the same folder as the browser addresses it on the site's own
// origin, as federation init options (shell/src/server/remotes.ts); this plugin, in the remote's
// server build, sets the public path from them: asset URLs come out as the browser build writes
// them on the site's origin, so the server's HTML and the browser's first render agree and the
// page asks no other origin (docs/decisions/035, 090, 101), while the container's own chunks are
// fetched from where its files are (the `fetch` hook, which the node federation runtime asks
// first for every chunk).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SERVER_ASSET_BASE_OPTION, SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';

declare let __webpack_public_path__: string;

export default function serverPublicPathPlugin(): ModuleFederationRuntimePlugin {
  /** Where this container's files are, and the same folder as the browser addresses it. */
  let files: string | undefined;
  let assets: string | undefined;
  return {
    name: 'portfolio-server-public-path',
    beforeInit(args) {
      const options = args.userOptions as Record<string, unknown>;
      const given = options[SERVER_PUBLIC_PATH_OPTION];
      const seen = options[SERVER_ASSET_BASE_OPTION];
      if (typeof given === 'string') {
        files = given;
        assets = typeof seen === 'string' ? seen : given;
        __webpack_public_path__ = assets;
      }
      return args;
    },
    fetch(url, init) {
      if (!files || !assets || files === assets || !url.startsWith(assets)) return undefined;
      // The container's own chunk, from where its files really are (never the site's origin).
      return fetch(`${files}${url.slice(assets.length)}`, init);
    },
  };
}
