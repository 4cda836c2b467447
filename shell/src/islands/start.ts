// A page of islands comes alive part by part (docs/decisions/148). The inline loader
// (shell/server/island-loader.ts) fetched the shell's scripts because an island woke; this
// starts every island that is awake, and each one that wakes later. A script island usually runs
// from its owner's island scripts file, which the loader adds without these scripts; one that
// comes here (that file could not be loaded) runs its owner's script through the federation, on
// the server's HTML (no React). Any other island is hydrated by hydrate.tsx,
// which brings React DOM with it the first time one is needed. The rest of the page stays the
// server's HTML.
import { loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, setRuntimeConfig } from '@portfolio/shared/config';
import {
  ISLAND_ATTRIBUTES,
  ISLAND_LOADER_PROTOCOL as PROTOCOL,
  isServerIsland,
  runIslandScript,
} from '@portfolio/shared/island-protocol';
import type { IslandScriptRegistry } from '@portfolio/shared/island-protocol';
import type { PageContext } from './hydrate';
import { preconnectTo } from '../federation/preconnect';
import { registerSiteRemotes } from '../federation/remotes';
import { readIslandPageData } from '../site-data';

const started = new WeakSet<Element>();

/**
 * A script island whose owner's island scripts file could not be loaded: its owner's
 * `./island-scripts` module, through the federation.
 */
async function runScriptIsland(island: HTMLElement): Promise<void> {
  const name = island.getAttribute(ISLAND_ATTRIBUTES.name) ?? '';
  const owner = name.split('/')[0] ?? '';
  let registry: IslandScriptRegistry | undefined;
  try {
    if (!(REMOTE_NAMES as readonly string[]).includes(owner)) {
      throw new Error('only a remote has script islands');
    }
    registry = (
      await loadRemote<{ islandScripts?: IslandScriptRegistry }>(`${owner}/island-scripts`)
    )?.islandScripts;
  } catch (error) {
    console.error(`Island "${name}" could not be started`, error);
    return;
  }
  runIslandScript(island, registry);
}

function start(): void {
  const data = readIslandPageData(document);
  if (!data) throw new Error('A page of islands without its data block');
  const { config } = data;
  setRuntimeConfig(config);
  preconnectTo([config.apiBase]);
  registerSiteRemotes(config.remotes, {
    timeoutMs: config.remoteLoadTimeoutMs,
    remoteOrigins: config.remoteOrigins,
  });
  const page: PageContext = { owner: config.owner, session: data.session };
  const wake = (island: Element) => {
    if (!(island instanceof HTMLElement) || started.has(island)) return;
    if (!isServerIsland(island, data.islandKey)) return;
    started.add(island);
    if (island.hasAttribute(ISLAND_ATTRIBUTES.script)) void runScriptIsland(island);
    else {
      import('./hydrate')
        .then(({ hydrateIsland }) => hydrateIsland(island, page))
        .catch((error: unknown) => console.error('The islands could not be hydrated', error));
    }
  };
  document.addEventListener(PROTOCOL.wakeEvent, (event) => {
    const island = (event as CustomEvent<unknown>).detail;
    if (island instanceof Element) wake(island);
  });
  // Those that woke before these scripts ran; not the script islands the loader handed to their
  // owner's island scripts file (awake as `script`).
  document.querySelectorAll(`[${PROTOCOL.awake}=""]`).forEach(wake);
}

start();
