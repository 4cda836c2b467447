// The route table is composed from what the remotes publish: each remote's build writes
// routes.json (its pages and the exposed module that renders each), and the shell's server
// reads it where the runtime config says the remote lives. Adding a page to a remote needs no
// change here (docs/decisions/035).
import type { RemoteName } from '@portfolio/shared/config';
import { REMOTE_NAMES } from '@portfolio/shared/config';

export interface PublishedRoute {
  path: string;
  /** The exposed module, e.g. "./BlogPage". */
  module: string;
  label?: string;
  /** A personal page (forms, dashboards): robots.txt disallows it (docs/decisions/062). */
  private?: boolean;
}

/** A remote's routes.json. `version` changes with every build of the remote. */
export interface PublishedRoutes {
  version: string;
  routes: PublishedRoute[];
  /**
   * Where this very build is served, relative to the remote's address (`v/<id>/`), when it was
   * deployed to a versioned folder (tools/deploy.mjs): its code is loaded from there, so a later
   * deploy never changes what a page rendered with this one needs.
   */
  deployment?: string;
}

/** A relative folder of plain names, e.g. "v/3f2a9c1b7d4e/": nothing that leaves the remote. */
const DEPLOYMENT_PATH = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)+$/;

/** Remote name → its published routes; a remote that could not be read is absent. */
export type SiteRouteTable = Partial<Record<RemoteName, readonly PublishedRoute[]>>;

export interface RemoteRouteEntry {
  path: string;
  remote: RemoteName;
  module: string;
}

export class PublishedRoutesError extends Error {
  override name = 'PublishedRoutesError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks an untrusted routes.json; throws a PublishedRoutesError naming what is wrong. */
export function parsePublishedRoutes(raw: unknown): PublishedRoutes {
  if (!isRecord(raw) || !Array.isArray(raw.routes)) {
    throw new PublishedRoutesError('routes.json must be an object with a "routes" array.');
  }
  const routes = raw.routes.map((route, index): PublishedRoute => {
    if (
      !isRecord(route) ||
      typeof route.path !== 'string' ||
      !route.path.startsWith('/') ||
      typeof route.module !== 'string' ||
      !route.module.startsWith('./')
    ) {
      throw new PublishedRoutesError(
        `routes.json: routes[${index}] needs a "path" starting with / and a "module" starting with ./`,
      );
    }
    return {
      path: route.path,
      module: route.module,
      ...(typeof route.label === 'string' ? { label: route.label } : {}),
      ...(route.private === true ? { private: true } : {}),
    };
  });
  const version = typeof raw.version === 'string' ? raw.version : '';
  if (raw.deployment === undefined) return { version, routes };
  if (typeof raw.deployment !== 'string' || !DEPLOYMENT_PATH.test(raw.deployment)) {
    throw new PublishedRoutesError(
      'routes.json: "deployment" must be a relative folder like "v/<id>/".',
    );
  }
  return { version, routes, deployment: raw.deployment };
}

/** Every remote page route, in the remotes' order; the first remote to claim a path owns it. */
export function remoteRouteEntries(table: SiteRouteTable): RemoteRouteEntry[] {
  const claimed = new Set<string>();
  const entries: RemoteRouteEntry[] = [];
  for (const remote of REMOTE_NAMES) {
    for (const route of table[remote] ?? []) {
      if (claimed.has(route.path)) continue;
      claimed.add(route.path);
      entries.push({ path: route.path, remote, module: route.module });
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
