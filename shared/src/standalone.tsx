// Runs one remote on its own, for the team that owns it: the same runtime config, auth context
// and design tokens as the composed site, with a minimal frame instead of the shell. The pages
// are the ones the remote publishes (its src/routes.json), on a data router like the shell's,
// so a page's loader runs here as it does in the composed site.
import { StrictMode } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { Link, Outlet, RouterProvider, createBrowserRouter } from '@portfolio/shared/router';
import '@portfolio/shared/tokens.css';
import { AuthProvider } from '@portfolio/shared/auth';
import { loadRuntimeConfig } from '@portfolio/shared/config';
import { pageRouteLoader } from '@portfolio/shared/page-data';
import { Spinner } from '@portfolio/shared/ui';

/** One entry of a remote's src/routes.json. */
export interface StandaloneRoute {
  path: string;
  /** The page's file, e.g. "./src/pages/BlogPage/BlogPage.tsx". */
  file: string;
  /** Shown in the standalone frame's link list; omit for routes with parameters. */
  label?: string;
}

export interface StandalonePageModule {
  default: ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

const PAGES_FOLDER = './src/pages/';

function Frame({ remoteName, routes }: { remoteName: string; routes: StandaloneRoute[] }) {
  return (
    <>
      <header style={{ padding: 'var(--space-4)', borderBottom: '1px solid var(--color-border)' }}>
        <nav aria-label={`${remoteName} remote (standalone)`}>
          <strong>{remoteName} · standalone</strong>{' '}
          {routes
            .filter((route) => route.label)
            .map((route) => (
              <Link key={route.path} to={route.path} style={{ marginLeft: 'var(--space-4)' }}>
                {route.label}
              </Link>
            ))}
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

/**
 * @param loadPage imports a page by its path below src/pages/ (e.g. "BlogPage/BlogPage.tsx");
 *   the remote passes its own import() so the bundler splits each page.
 */
export async function renderStandalone(
  remoteName: string,
  routes: StandaloneRoute[],
  loadPage: (file: string) => Promise<StandalonePageModule>,
): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  try {
    await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(<p role="alert">Could not load /runtime-config.json.</p>);
    return;
  }
  const router = createBrowserRouter([
    {
      element: <Frame remoteName={remoteName} routes={routes} />,
      HydrateFallback: Spinner,
      children: routes.map((route) => ({
        path: route.path,
        lazy: async () => {
          const page = await loadPage(route.file.replace(PAGES_FOLDER, ''));
          // The same loader as the shell's page routes: the page's state, deferred.
          return {
            Component: page.default,
            loader: pageRouteLoader(async () => page.loader),
          };
        },
      })),
    },
  ]);
  root.render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>,
  );
}
