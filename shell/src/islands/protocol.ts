// What the inline island loader (shell/server/island-loader.ts) and the islands' hydration
// (start.ts, hydrate.tsx) tell each other through the page (docs/decisions/148).
export const ISLAND_LOADER_PROTOCOL = {
  /** Set on an island once its trigger fired; the hydration takes it from there. */
  awake: 'data-island-awake',
  /** Dispatched on document, the island element as its detail, when an island wakes. */
  wakeEvent: 'island-wake',
  /** Set on a button pressed before its island was live: pressed again after hydration. */
  replay: 'data-island-replay',
  /** Set on an island once it is hydrated (or shows its fallback). */
  live: 'data-island-live',
  /** `<html data-render="islands">`: the server rendered a page of islands. */
  render: 'islands',
} as const;
