// A React island comes alive (docs/decisions/148): loaded by start.ts for the first island that
// wakes and is not a script island, with React DOM. Each island is hydrated in its own React
// root: its component with the props the server rendered it with, under the page's one owner,
// session and router. The rest of the page stays the server's HTML.
import { StrictMode, startTransition, useEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ServerSession } from '@portfolio/shared/auth';
import { REMOTE_NAMES } from '@portfolio/shared/config';
import type { IslandRegistry } from '@portfolio/shared/island';
import {
  ISLAND_ATTRIBUTES,
  ISLAND_LOADER_PROTOCOL as PROTOCOL,
} from '@portfolio/shared/island-protocol';
import type { OwnerIdentity } from '@portfolio/shared/config';
import { IslandFallback } from './IslandFallback';
import { shellIslands } from './shell-islands';
import { SiteOwnerContext } from '../layout/site-owner';
import { reportRemoteFailure } from '../federation/rollout-report';
import { resetRemote } from '../federation/remotes';

/** An island's code: the shell's own, or a remote's `./islands` module, through the federation. */
async function islandComponent(owner: string, name: string): Promise<ComponentType<object>> {
  let registry: IslandRegistry | undefined;
  if (owner === 'shell') {
    const load = shellIslands[name];
    if (load) return (await load()) as ComponentType<object>;
  } else if ((REMOTE_NAMES as readonly string[]).includes(owner)) {
    const loaded = await loadRemote<{ islands?: IslandRegistry }>(`${owner}/islands`);
    registry = loaded?.islands;
  }
  const component = registry?.[name];
  if (!component) throw new Error(`No island "${owner}/${name}"`);
  return component as ComponentType<object>;
}

/** Calls `done` once the island's first render is committed (its effects run after it). */
function Committed({ children, done }: { children: ReactNode; done: () => void }) {
  useEffect(done, [done]);
  return children;
}

/**
 * The buttons pressed before the island is hydrated, their mark taken off: React hydrates the
 * markup the server sent, and an attribute it did not render is a mismatch (a warning in
 * development). They are pressed again once the island is live.
 */
function takePressedButtons(island: HTMLElement): HTMLElement[] {
  const pressed = Array.from(island.querySelectorAll<HTMLElement>(`[${PROTOCOL.replay}]`));
  pressed.forEach((button) => button.removeAttribute(PROTOCOL.replay));
  return pressed;
}

/**
 * What the visitor did before the island was live, done again now that it is: text typed into
 * a field reaches the component's state (an input event it hears), a button pressed is pressed
 * (`pressed` before hydration, and any marked while it went on), once.
 */
function replayEarlyInput(island: HTMLElement, pressed: readonly HTMLElement[]): void {
  island.querySelectorAll('input, textarea').forEach((field) => {
    const element = field as HTMLInputElement | HTMLTextAreaElement;
    if (element.type === 'checkbox' || element.type === 'radio' || element.type === 'file') return;
    const typed = element.value;
    if (typed === element.defaultValue) return;
    // React hears a change only when the value differs from the one it last set: it is told
    // the server's value, then the field gets the typed one through the prototype's setter.
    const prototype = Object.getPrototypeOf(element) as object;
    const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    element.value = element.defaultValue;
    setter?.call(element, typed);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
  new Set([...pressed, ...takePressedButtons(island)]).forEach((button) => button.click());
}

export interface PageContext {
  owner: OwnerIdentity;
  session: ServerSession | null | undefined;
}

/**
 * The island's content under what it needs, each loaded only for an island that says so (the
 * router and the Auth SDK's provider are most of the shell's code: a page whose islands need
 * neither never fetches them).
 */
async function islandTree(
  page: PageContext,
  needs: readonly string[],
  content: ReactNode,
  done: () => void,
): Promise<ReactNode> {
  let tree: ReactNode = <Committed done={done}>{content}</Committed>;
  if (needs.includes('router')) {
    const { DocumentRouter } = await import('./document-router');
    tree = <DocumentRouter>{tree}</DocumentRouter>;
  }
  if (needs.includes('session')) {
    const { AuthProvider } = await import('@portfolio/shared/auth');
    tree = (
      <AuthProvider hydrating session={page.session}>
        {tree}
      </AuthProvider>
    );
  }
  return (
    <StrictMode>
      <SiteOwnerContext.Provider value={page.owner}>{tree}</SiteOwnerContext.Provider>
    </StrictMode>
  );
}

/** Called once per island by start.ts, which keeps what it has started; again only by Retry. */
export async function hydrateIsland(island: HTMLElement, page: PageContext): Promise<void> {
  const [owner = '', name = ''] = (island.getAttribute(ISLAND_ATTRIBUTES.name) ?? '').split('/');
  let Component: ComponentType<object>;
  try {
    Component = await islandComponent(owner, name);
  } catch (error) {
    // The server's HTML stays as it is; only this island says its code could not be had, with
    // Retry (docs/decisions/114, 148).
    console.error(`Island "${owner}/${name}" could not be loaded`, error);
    reportRemoteFailure(owner, 'island-load');
    const slot = document.createElement('div');
    island.after(slot);
    const fallback = createRoot(slot);
    const retry = () => {
      fallback.unmount();
      slot.remove();
      if ((REMOTE_NAMES as readonly string[]).includes(owner)) resetRemote(owner);
      void hydrateIsland(island, page);
    };
    fallback.render(<IslandFallback remote={owner} onRetry={retry} />);
    return;
  }
  const props = JSON.parse(island.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object;
  let pressed: readonly HTMLElement[] = [];
  const done = () => {
    // Once: StrictMode runs effects twice in development, and a press must not be made twice.
    if (island.hasAttribute(PROTOCOL.live)) return;
    island.setAttribute(PROTOCOL.live, '');
    // After the updates the island's own effects made as it went live (a form taking what was
    // typed into its state) are rendered: a frame, then a task.
    requestAnimationFrame(() => setTimeout(() => replayEarlyInput(island, pressed)));
  };
  const needs = (island.getAttribute(ISLAND_ATTRIBUTES.needs) ?? '').split(' ');
  const tree = await islandTree(page, needs, <Component {...props} />, done);
  pressed = takePressedButtons(island);
  startTransition(() => {
    hydrateRoot(island, tree, {
      // A mismatch or an error while hydrating this island: counted for its version (ADR 192).
      onRecoverableError: (error) => {
        console.error(error);
        reportRemoteFailure(owner, 'hydration');
      },
      onUncaughtError: (error) => {
        console.error(error);
        reportRemoteFailure(owner, 'hydration');
      },
    });
  });
}
