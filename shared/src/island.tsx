// Federated islands (docs/decisions/148): the parts of a server-rendered page a visitor can
// interact with. A page whose route says `"islands": true` is hydrated part by part in the
// browser: each <Island> alone, on its own trigger, with the props the server rendered it with;
// everything outside an island stays the server's HTML and costs no JavaScript. In a page drawn by
// the client-side app (the dashboards, the auth forms) an island is its component and nothing
// more: the same markup, the whole page hydrated at once.
import { useId } from 'react';
import type { ComponentType } from 'react';
import { ISLAND_ATTRIBUTES } from './island-protocol';

/**
 * When an island comes alive, as Astro's `client:*` directives name them: `load` at once (above
 * the fold, moving by itself: the hero's typing line), `visible` when it scrolls into view (the
 * testimonial carousel, the contact form), `interaction` at the visitor's first pointer, key or
 * focus inside it, which is then replayed (the navbar, the certificate pop-up). A part that never
 * reacts to a visitor is not an island.
 */
export type IslandTrigger = 'load' | 'visible' | 'interaction';

export const ISLAND_TRIGGERS: readonly IslandTrigger[] = ['load', 'visible', 'interaction'];

/**
 * What an island reads besides its props, loaded for it only when it wakes: `router` (links,
 * navigate(), the address; a router that loads documents) and `session` (useAuth: the session
 * the page was rendered for, and the Auth SDK behind it). An island without them costs neither.
 */
export type IslandNeed = 'router' | 'session';

/** Who owns an island's code: the shell or a remote, by its federation name. */
export type IslandOwner = 'shell' | 'portfolio' | 'blog' | 'auth' | 'shop';

/** A remote's `./islands` module: its island components by name (src/islands.ts). */
export type IslandRegistry = Record<string, ComponentType<never>>;

export interface IslandProps<P extends object> {
  owner: IslandOwner;
  /** Its name in the owner's registry (src/islands.ts), e.g. "ContactForm". */
  name: string;
  when: IslandTrigger;
  /**
   * The component, rendered here with `props`. It must not use React's useId: its ids would
   * differ between the page's tree and the island's own root (fixed ids or ids from props).
   */
  component: ComponentType<P>;
  /** JSON-serialisable: they travel in the page to the island's hydration. */
  props: P;
  /** What it reads besides its props (none when not given). */
  needs?: readonly IslandNeed[];
  /**
   * A script island: on a page of islands the owner's `./island-scripts` module runs its
   * IslandScript of this name on the server's HTML instead of hydrating `component`. For a part
   * that moves by itself and takes no input (the hero's typing line), which would otherwise bring
   * React DOM for an animation. The component stays what the server renders, and what the
   * client-side app renders (it uses the same script in an effect). Takes no `needs`.
   */
  script?: boolean;
}

/**
 * Marks `component` as an island of the page. Its element takes no box of its own
 * (`display: contents`, tokens.css), so the layout is the same with or without it. Its key is
 * an id of React's: a page of islands is rendered with the page's island key as React's
 * identifier prefix, so the key shows that the server put the island there (docs/decisions/161).
 * The id is the wrapper's, outside the island's own root: the island's component still must not
 * use useId.
 */
export function Island<P extends object>({
  owner,
  name,
  when,
  component: Component,
  props,
  needs = [],
  script = false,
}: IslandProps<P>) {
  const key = useId();
  return (
    <div
      {...{
        [ISLAND_ATTRIBUTES.name]: `${owner}/${name}`,
        [ISLAND_ATTRIBUTES.key]: key,
        [ISLAND_ATTRIBUTES.when]: when,
        [ISLAND_ATTRIBUTES.props]: JSON.stringify(props),
        ...(needs.length > 0 && !script && { [ISLAND_ATTRIBUTES.needs]: needs.join(' ') }),
        ...(script && { [ISLAND_ATTRIBUTES.script]: '' }),
      }}
    >
      <Component {...props} />
    </div>
  );
}
