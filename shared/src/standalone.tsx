// Runs one remote on its own, for the team that owns it: the same runtime config, auth context
// and design tokens as the composed site, with a minimal frame instead of the shell.
import { lazy, StrictMode, Suspense } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '@portfolio/shared/router';
import '@portfolio/shared/tokens.css';
import { AuthProvider } from '@portfolio/shared/auth';
import { loadRuntimeConfig } from '@portfolio/shared/config';
import { Spinner } from '@portfolio/shared/ui';

export interface StandaloneRoute {
  path: string;
  /** Shown in the standalone frame's link list; omit for routes with parameters. */
  label?: string;
  load: () => Promise<{ default: ComponentType }>;
}

export async function renderStandalone(
  remoteName: string,
  routes: StandaloneRoute[],
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
  const pages = routes.map((route) => ({ ...route, Page: lazy(route.load) }));
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AuthProvider>
          <header
            style={{ padding: 'var(--space-4)', borderBottom: '1px solid var(--color-border)' }}
          >
            <nav aria-label={`${remoteName} remote (standalone)`}>
              <strong>{remoteName} · standalone</strong>{' '}
              {pages
                .filter((page) => page.label)
                .map((page) => (
                  <Link key={page.path} to={page.path} style={{ marginLeft: 'var(--space-4)' }}>
                    {page.label}
                  </Link>
                ))}
            </nav>
          </header>
          <main id="main">
            <Suspense fallback={<Spinner />}>
              <Routes>
                {pages.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </Routes>
            </Suspense>
          </main>
        </AuthProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
