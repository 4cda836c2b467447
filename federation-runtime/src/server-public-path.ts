// A remote's server container is loaded by the site's server from wherever the remote lives, so
// its public path cannot be built in. The site's server hands each container it starts the base
// its files are served from, and the same folder as the browser addresses it on the site's own
// origin, as federation init options (shell/src/render/remotes.ts); this plugin, in the remote's
// server build, sets the public path from them: asset URLs come out as the browser build writes
// them on the site's origin, so the server's HTML and the browser's first render agree and the
// page asks no other origin (docs/decisions/035, 090, 101), while the container's own chunks are
// fetched from where its files are (the `fetch` hook, which the node federation runtime asks
// first for every chunk).
//
// Every version of one remote shares one federation instance on the server (the runtime finds it
// by the remote's name and package version), whose plugins are kept by name: only the first
// container's plugin is ever registered, and it is the one the runtime calls when a later
// container (a redeploy, a candidate beside the live version: docs/decisions/191) starts. So each
// container queues its own setter here as its code is evaluated, under its remote's name, and the
// plugin that is called hands the base it is given to the oldest setter waiting for that remote:
// the site's server starts one container of a remote at a time, so that is the container being
// started. Chunks are fetched by the base of whichever container asks (each version's folder is
// its own).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SERVER_ASSET_BASE_OPTION, SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';

declare let __webpack_public_path__: string;
/** The remote's name, set by its server build (tools/webpack/server-config.ts). */
declare const __REMOTE_NAME__: string;

interface Bases {
  /** Where a container's files are. */
  files: string;
  /** The same folder as the browser addresses it. */
  assets: string;
}

interface Registry {
  /** Remote name → setters of containers evaluated but not yet started, oldest first. */
  waiting: Map<string, ((bases: Bases) => void)[]>;
  /** The bases of the containers started, newest first (a few per remote). */
  started: Bases[];
}

const REGISTRY = Symbol.for('portfolio.server-public-path');
/** How many containers' bases are remembered for their chunks (every remote's live and candidates). */
const STARTED_KEPT = 32;

function registry(): Registry {
  const global = globalThis as { [REGISTRY]?: Registry };
  global[REGISTRY] ??= { waiting: new Map(), started: [] };
  return global[REGISTRY];
}

export default function serverPublicPathPlugin(): ModuleFederationRuntimePlugin {
  const remote = typeof __REMOTE_NAME__ === 'string' ? __REMOTE_NAME__ : '';
  // This container's own public path, set when the runtime starts it.
  const setter = ({ assets }: Bases) => {
    __webpack_public_path__ = assets;
  };
  const { waiting } = registry();
  waiting.set(remote, [...(waiting.get(remote) ?? []), setter]);
  return {
    name: 'portfolio-server-public-path',
    beforeInit(args) {
      const options = args.userOptions as Record<string, unknown>;
      const given = options[SERVER_PUBLIC_PATH_OPTION];
      const seen = options[SERVER_ASSET_BASE_OPTION];
      if (typeof given !== 'string') return args;
      const bases = { files: given, assets: typeof seen === 'string' ? seen : given };
      const name = typeof options.name === 'string' ? options.name : remote;
      const own = registry();
      const queue = own.waiting.get(name) ?? own.waiting.get(remote) ?? [];
      queue.shift()?.(bases);
      own.started = [bases, ...own.started.filter((old) => old.assets !== bases.assets)].slice(
        0,
        STARTED_KEPT,
      );
      return args;
    },
    fetch(url, init) {
      const bases = registry().started.find(
        ({ files, assets }) => files !== assets && url.startsWith(assets),
      );
      if (!bases) return undefined;
      // The container's own chunk, from where its files really are (never the site's origin).
      return fetch(`${bases.files}${url.slice(bases.assets.length)}`, init);
    },
  };
}
