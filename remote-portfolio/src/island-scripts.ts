// The portfolio's script islands (docs/decisions/148): parts of its pages that move by themselves
// and take no input, run as scripts on the server's HTML, with no React root. Exposed as
// `./island-scripts`, apart from `./islands`, so a page whose only live part is one of these
// (the home page before the visitor scrolls) loads neither React DOM nor the other islands' code.
import type { IslandScriptRegistry } from '@portfolio/shared/island';
import { startTypedPhrases } from './features/hero/typed-phrases';

export const islandScripts = {
  TypedPhrases: startTypedPhrases,
} satisfies IslandScriptRegistry;
