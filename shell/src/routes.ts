// The route table is composed from what the remotes publish: each remote's build writes
// routes.json (its pages and the exposed module that renders each), and the shell's server
// reads it where the runtime config says the remote lives. Adding a page to a remote needs no
// change here (docs/decisions/035).
import type { PublishedRoute } from '@portfolio/contract';
import type { RemoteName } from '@portfolio/shared/config';
import { REMOTE_NAMES } from '@portfolio/shared/config';

// One reader of routes.json for the whole site (docs/decisions/090).
export { RoutesFileError, parsePublishedRoutes } from '@portfolio/contract';
export type { PublishedRoute } from '@portfolio/contract';

/** Remote name → its published routes; a remote that could not be read is absent. */
export type SiteRouteTable = Partial<Record<RemoteName, readonly PublishedRoute[]>>;

export interface RemoteRouteEntry {
  path: string;
  remote: RemoteName;
  module: string;
  /** The query parameters the page reads (the render cache keys on these only). */
  query?: readonly string[];
  /** A page of islands (docs/decisions/148): only its islands are hydrated in the browser. */
  islands?: true;
}

/** Every remote page route, in the remotes' order; the first remote to claim a path owns it. */
export function remoteRouteEntries(table: SiteRouteTable): RemoteRouteEntry[] {
  const claimed = new Set<string>();
  const entries: RemoteRouteEntry[] = [];
  for (const remote of REMOTE_NAMES) {
    for (const route of table[remote] ?? []) {
      if (claimed.has(route.path)) continue;
      claimed.add(route.path);
      entries.push({
        path: route.path,
        remote,
        module: route.module,
        ...(route.query ? { query: route.query } : {}),
        ...(route.islands ? { islands: true as const } : {}),
      });
    }
  }
  return entries;
}

/** Routes the site navigates to that only redirect. */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/login', to: '/signin' },
];

/** The route id of a remote page: the same on the server and in the browser. */
export function pageRouteId(entry: { remote: string; module: string }): string {
  return `${entry.remote}/${entry.module.replace(/^\.\//, '')}`;
}

export const LAYOUT_ROUTE_ID = 'layout';
export const NOT_FOUND_ROUTE_ID = 'not-found';
