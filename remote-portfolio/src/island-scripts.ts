// The portfolio's script islands (docs/decisions/148): parts of its pages that move by themselves
// and take no input, run as scripts on the server's HTML, with no React root. Built on their own
// as this remote's island scripts file (island-scripts.js), so a page whose only live part is one
// of these (the home page before the visitor scrolls) loads neither React DOM, nor the federation
// runtime, nor the other islands' code; exposed as `./island-scripts` too, the shell's way to them
// when that file cannot be loaded.
import type { IslandScriptRegistry } from '@portfolio/shared/island-protocol';
import { startTypedPhrases } from './features/hero/typed-phrases';

export const islandScripts = {
  TypedPhrases: startTypedPhrases,
} satisfies IslandScriptRegistry;
