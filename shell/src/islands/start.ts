// A page of islands comes alive part by part (docs/decisions/148). The inline loader
// (shell/server/island-loader.ts) fetched the shell's scripts because an island woke; this
// starts every island that is awake, and each one that wakes later. A script island runs its
// owner's script on the server's HTML (no React); any other island is hydrated by hydrate.tsx,
// which brings React DOM with it the first time one is needed. The rest of the page stays the
// server's HTML.
import { loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, setRuntimeConfig } from '@portfolio/shared/config';
import { ISLAND_ATTRIBUTES } from '@portfolio/shared/island';
import type { IslandScriptRegistry } from '@portfolio/shared/island';
import type { PageContext } from './hydrate';
import { ISLAND_LOADER_PROTOCOL as PROTOCOL } from './protocol';
import { preconnectTo } from '../federation/preconnect';
import { registerSiteRemotes } from '../federation/remotes';
import { readIslandPageData } from '../site-data';

const started = new WeakSet<Element>();

/**
 * A script island: its owner's `./island-scripts` module's script of its name, run once on its
 * element with its props. It takes no input, so a remote that is down leaves the server's HTML
 * as it is and shows nothing more (no Retry: there is nothing the visitor was trying to use).
 */
async function runScriptIsland(island: HTMLElement): Promise<void> {
  const [owner = '', name = ''] = (island.getAttribute(ISLAND_ATTRIBUTES.name) ?? '').split('/');
  try {
    if (!(REMOTE_NAMES as readonly string[]).includes(owner)) {
      throw new Error('only a remote has script islands');
    }
    const loaded = await loadRemote<{ islandScripts?: IslandScriptRegistry }>(
      `${owner}/island-scripts`,
    );
    const script = loaded?.islandScripts?.[name] as
      ((element: HTMLElement, props: object) => void) | undefined;
    if (!script) throw new Error(`no script "${name}" in ${owner}/island-scripts`);
    script(island, JSON.parse(island.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object);
    island.setAttribute(PROTOCOL.live, '');
  } catch (error) {
    console.error(`Island "${owner}/${name}" could not be started`, error);
  }
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
  document.querySelectorAll(`[${PROTOCOL.awake}]`).forEach(wake);
}

start();
