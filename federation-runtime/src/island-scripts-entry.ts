// A remote's island scripts file (island-scripts.js, docs/decisions/148): its script islands
// (src/island-scripts.ts) built on their own, with no federation runtime and no shared module, so
// a page whose only live part at load is a script island (the home page's typing line) runs a few
// kilobytes instead of the federation runtime and the shell's scripts. The shell's inline island
// loader adds this file to the page, from beside the remote's manifest (the version that rendered
// the page), and marks each script island it hands over; this runs each of them once, now and as
// more wake. If the file cannot be loaded, the loader hands them to the shell's hydration instead,
// which reaches the same scripts through the federation (`./island-scripts`). It runs only the
// server's islands (docs/decisions/161): the loader tells it the page's island key on the script
// element that loads it.
import { islandScripts } from '@portfolio/remote-src/island-scripts';
import {
  ISLAND_ATTRIBUTES,
  ISLAND_LOADER_PROTOCOL as PROTOCOL,
  isServerIsland,
  runIslandScript,
} from '@portfolio/shared/island-protocol';

declare const __REMOTE_NAME__: string;

/** The page's island key, as the loader wrote it on the element that loads this file. */
const pageKey = document.currentScript?.getAttribute(ISLAND_ATTRIBUTES.key) ?? undefined;

/** A script island of this remote's that the loader handed over, and that is not running yet. */
function run(island: Element): void {
  if (
    island instanceof HTMLElement &&
    island.getAttribute(PROTOCOL.awake) === PROTOCOL.scriptAwake &&
    !island.hasAttribute(PROTOCOL.live) &&
    island.getAttribute(ISLAND_ATTRIBUTES.name)?.startsWith(`${__REMOTE_NAME__}/`) &&
    isServerIsland(island, pageKey)
  ) {
    runIslandScript(island, islandScripts);
  }
}

document.addEventListener(PROTOCOL.scriptWakeEvent, (event) => {
  const island = (event as CustomEvent<unknown>).detail;
  if (island instanceof Element) run(island);
});
document
  .querySelectorAll(`[${PROTOCOL.awake}="${PROTOCOL.scriptAwake}"]`)
  .forEach((island) => run(island));
