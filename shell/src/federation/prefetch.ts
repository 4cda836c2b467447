// Loads a route's page module before the visitor clicks (link hover or focus), so the page
// appears at once. The federation runtime caches the module; the route's lazy load reuses it.
import { matchPath } from '@portfolio/shared/router';
import type { RemoteRouteEntry } from '../routes';
import { loadRemotePage } from './remotes';

const started = new Set<string>();
let entries: readonly RemoteRouteEntry[] = [];

/** The site's page routes, as composed at boot from what the remotes publish. */
export function setPrefetchRoutes(routes: readonly RemoteRouteEntry[]): void {
  entries = routes;
}

export function prefetchRoute(pathname: string): void {
  const route = entries.find((entry) => matchPath(entry.path, pathname));
  if (!route) return;
  const key = `${route.remote}/${route.module}`;
  if (started.has(key)) return;
  started.add(key);
  // A failure here is not the visitor's problem yet: the route itself will retry and fall back.
  loadRemotePage(route.remote, route.module).catch(() => started.delete(key));
}
