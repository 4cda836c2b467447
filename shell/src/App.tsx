// The site's route objects, composed from the remotes' published routes. The same function
// builds them on the server (static handler) and in the browser (data router), so the HTML the
// server sends and the browser's first render come from one tree (docs/decisions/035).
import { useContext, useEffect, useRef } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Outlet, redirect, useLocation, useRevalidator } from '@portfolio/shared/router';
import type { OwnerIdentity, RemoteName } from '@portfolio/shared/config';
import { RemoteRoute } from './federation/RemoteRoute';
import { useRouteHead } from './head/use-route-head';
import type { PageModule } from './federation/page-source';
import { pageRouteLoader } from '@portfolio/shared/page-data';
import { Footer } from './layout/Footer/Footer';
import { Navbar } from './layout/Navbar/Navbar';
import { Island } from '@portfolio/shared/island';
import { SiteOwnerContext } from './layout/site-owner';
import { NotFoundPage } from './pages/NotFoundPage/NotFoundPage';
import {
  LAYOUT_ROUTE_ID,
  NOT_FOUND_ROUTE_ID,
  REDIRECTS,
  pageRouteId,
  remoteRouteEntries,
} from './routes';
import type { SiteRouteTable } from './routes';
import styles from './App.module.css';

/** On navigation: back to the top, and focus to the new page for keyboard and screen readers. */
function useFocusOnNavigate(target: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}

/** `owner`: the page's own (SiteOwnerContext) when given, else the runtime config's. */
export function Layout({ owner: configOwner }: { owner: OwnerIdentity }) {
  const owner = useContext(SiteOwnerContext) ?? configOwner;
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      {/* An island on pages of islands: hydrated at the visitor's first touch (docs/decisions/148). */}
      <Island
        owner="shell"
        name="Navbar"
        when="interaction"
        component={Navbar}
        props={{ brand: owner.name }}
        needs={['router', 'session']}
      />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer owner={owner} />
    </>
  );
}

/**
 * A remote page route's element: a retry after a failure also reloads the route's data; the
 * document's head follows the page's own declaration (docs/decisions/060).
 */
function PageRoute({
  loadedModule,
  ...props
}: {
  remote: RemoteName;
  module: string;
  drawInBrowser: boolean;
  loadedModule: () => PageModule | undefined;
}) {
  const { revalidate } = useRevalidator();
  useRouteHead(loadedModule);
  return <RemoteRoute {...props} beforeRetry={revalidate} />;
}

export interface SiteRouteOptions {
  owner: OwnerIdentity;
  table: SiteRouteTable;
  /**
   * Loads a page module: the browser's federation runtime, or the server's containers. `context`
   * is the request's (the server's requestContext; the browser has none).
   */
  loadPage: (remote: RemoteName, module: string, context: unknown) => Promise<PageModule>;
  /** Route ids the server could not render: the browser draws them after hydration. */
  drawnInBrowser?: ReadonlySet<string>;
  /** The routes serve many requests at once (the site's server keeps them for all requests). */
  concurrent?: boolean;
}

/**
 * A page route's loader does not wait (pageRouteLoader): the layout and the page's loading state
 * show at once while the page module and its data come, in parallel. The server waits for them
 * before rendering (resolve-deferred.ts). A remote that cannot be loaded gives no data; the
 * route's element then shows the remote fallback with its Retry.
 */
function pageLoader(
  load: SiteRouteOptions['loadPage'],
  remote: RemoteName,
  module: string,
  concurrent: boolean,
) {
  return pageRouteLoader(async ({ context }) => (await load(remote, module, context)).loader, {
    concurrent,
  });
}

/** The page modules the routes' loaders loaded, by route id: their `head` is read from here. */
function keepLoadedModules(load: SiteRouteOptions['loadPage']) {
  const modules = new Map<string, PageModule>();
  return {
    load: async (remote: RemoteName, module: string, context: unknown) => {
      const page = await load(remote, module, context);
      modules.set(pageRouteId({ remote, module }), page);
      return page;
    },
    get: (id: string) => modules.get(id),
  };
}

export function siteRoutes({
  owner,
  table,
  loadPage,
  drawnInBrowser,
  concurrent = false,
}: SiteRouteOptions): RouteObject[] {
  const modules = keepLoadedModules(loadPage);
  const pages: RouteObject[] = remoteRouteEntries(table).map((entry) => {
    const id = pageRouteId(entry);
    return {
      id,
      path: entry.path,
      loader: pageLoader(modules.load, entry.remote, entry.module, concurrent),
      element: (
        <PageRoute
          key={id}
          remote={entry.remote}
          module={entry.module}
          drawInBrowser={drawnInBrowser?.has(id) ?? false}
          loadedModule={() => modules.get(id)}
        />
      ),
    };
  });
  return [
    {
      id: LAYOUT_ROUTE_ID,
      element: <Layout owner={owner} />,
      children: [
        ...pages,
        ...REDIRECTS.map((entry) => ({ path: entry.from, loader: () => redirect(entry.to) })),
        { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
