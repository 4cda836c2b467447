// A remote's routes (docs/decisions/035, 090): the pages it serves, listed once in its
// src/routes.json. Its build exposes those modules and publishes the list beside its server
// container as server/routes.json, with a version (and, once deployed, the folder it is served
// from); the site's server composes its route table from the published lists. One schema and one
// reader for both files, used by the build, the deploy tool, the site's server, the browser, the
// standalone bootstraps and the budgets.
import {
  Array as ArrayOf,
  Literal,
  Object as ObjectOf,
  Optional,
  String as StringType,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { invalidAt } from './check.js';

/** A route path: absolute, React Router's pattern syntax (`/article/:id`). */
const ROUTE_PATH = '^/[A-Za-z0-9/:._*-]*$';
/** An exposed module: `./BlogPage`. */
const EXPOSED_MODULE = '^\\./[A-Za-z0-9_-]+$';
/** A relative folder of plain names, e.g. "v/3f2a9c1b7d4e/": nothing that leaves the remote. */
const DEPLOYMENT_FOLDER = '^(?:[A-Za-z0-9][A-Za-z0-9._-]*/)+$';
/** A query parameter name a page reads. */
const QUERY_NAME = '^[A-Za-z0-9_-]{1,40}$';

const routeFields = {
  path: StringType({ pattern: ROUTE_PATH, maxLength: 200 }),
  /** The exposed module, e.g. "./BlogPage". */
  module: StringType({ pattern: EXPOSED_MODULE, maxLength: 100 }),
  /** Its name in the standalone frame's links and the dev tools; none for routes with params. */
  label: Optional(StringType({ maxLength: 100 })),
  /** A personal page (forms, dashboards): robots.txt disallows it (docs/decisions/062). */
  private: Optional(Literal(true)),
  /**
   * The query parameters the page reads. The site's server keys its render cache on the path and
   * these only (docs/decisions/090), so `?x=<random>` neither skips nor fills the cache.
   */
  query: Optional(ArrayOf(StringType({ pattern: QUERY_NAME }), { maxItems: 10 })),
  /**
   * A page of federated islands (docs/decisions/148): a visitor who opens it gets the server's
   * HTML and only its islands' code, each on its own trigger; links from it load documents. Without
   * it the whole page is hydrated by the client-side app (forms, dashboards).
   */
  islands: Optional(Literal(true)),
};

/** A page as a remote lists it in src/routes.json. */
export const SourceRouteSchema = ObjectOf({
  ...routeFields,
  /** The page module's file, e.g. "./src/pages/BlogPage/BlogPage.tsx". */
  file: StringType({ pattern: '^\\./src/pages/', maxLength: 300 }),
});
export type SourceRoute = Static<typeof SourceRouteSchema>;

export const SourceRoutesSchema = ObjectOf({
  routes: ArrayOf(SourceRouteSchema, { maxItems: 100 }),
});

/** A page as the site's server sees it in a remote's published server/routes.json. */
export const PublishedRouteSchema = ObjectOf(routeFields);
export type PublishedRoute = Static<typeof PublishedRouteSchema>;

export const PublishedRoutesSchema = ObjectOf({
  /** Changes with every build of the remote: the site's server polls it to follow redeploys. */
  version: StringType({ maxLength: 200 }),
  routes: ArrayOf(PublishedRouteSchema, { maxItems: 100 }),
  /**
   * Where this very build is served, relative to the remote's address (`v/<id>/`), when it was
   * deployed to a versioned folder (tools/deploy.ts): its code is loaded from there, so a later
   * deploy never changes what a page rendered with this one needs.
   */
  deployment: Optional(StringType({ pattern: DEPLOYMENT_FOLDER, maxLength: 200 })),
});
export type PublishedRoutes = Static<typeof PublishedRoutesSchema>;

export class RoutesFileError extends Error {
  override name = 'RoutesFileError';
}

/** Only the fields the schema knows, in its order: a routes file may carry comments and more. */
function knownFields<T extends object>(route: T): T {
  const kept: Record<string, unknown> = {};
  for (const key of [...Object.keys(routeFields), 'file'] as const) {
    const value = (route as Record<string, unknown>)[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept as T;
}

function parse<S extends typeof SourceRoutesSchema | typeof PublishedRoutesSchema>(
  schema: S,
  raw: unknown,
  file: string,
): Static<S> {
  const where = invalidAt(schema, raw);
  if (where !== null) {
    throw new RoutesFileError(
      where === ''
        ? `${file} must be an object with a "routes" list.`
        : `${file}: "${where}" is missing or not valid.`,
    );
  }
  return raw as Static<S>;
}

/** A remote's src/routes.json, checked; throws a RoutesFileError naming what is wrong. */
export function parseSourceRoutes(raw: unknown, file = 'src/routes.json'): SourceRoute[] {
  return parse(SourceRoutesSchema, raw, file).routes.map(knownFields);
}

/** A remote's published server/routes.json, checked; throws a RoutesFileError naming what is wrong. */
export function parsePublishedRoutes(raw: unknown, file = 'routes.json'): PublishedRoutes {
  const published = parse(PublishedRoutesSchema, raw, file);
  return {
    version: published.version,
    routes: published.routes.map(knownFields),
    ...(published.deployment === undefined ? {} : { deployment: published.deployment }),
  };
}

/** What a build publishes for its source routes (src/routes.json → server/routes.json). */
export function publishRoutes(routes: readonly SourceRoute[], version: string): PublishedRoutes {
  return {
    version,
    routes: routes.map(({ file: _file, ...route }) => knownFields(route)),
  };
}

/**
 * The federation init option through which the site's server tells a remote's server container
 * where its files are (its public base: the folder of its mf-manifest.json, or of the deployed
 * version), so the container's chunks come from there (docs/decisions/090). The site's server
 * sets it for each container it starts; the container's runtime plugin reads it
 * (federation-runtime/src/server-public-path.ts).
 */
export const SERVER_PUBLIC_PATH_OPTION = 'portfolioPublicPath';

/**
 * The federation init option that gives a remote's server container the same folder as the
 * browser addresses it, on the site's own origin (docs/decisions/101): the URLs of its assets in
 * the server's HTML are written with it, while its chunks still come from where its files are
 * (SERVER_PUBLIC_PATH_OPTION). A container built before it existed ignores it.
 */
export const SERVER_ASSET_BASE_OPTION = 'portfolioAssetBase';
