import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@portfolio/shared/tokens.css';
import { AuthProvider } from '@portfolio/shared/auth';
import { REMOTE_NAMES, loadRuntimeConfig, setRuntimeConfig } from '@portfolio/shared/config';
import type { RuntimeConfig } from '@portfolio/shared/config';
import { RouterProvider, createBrowserRouter } from '@portfolio/shared/router';
import { siteRoutes } from './App';
import { SiteOwnerContext } from './layout/site-owner';
import { PageSourceContext } from './federation/page-source';
import { preconnectTo } from './federation/preconnect';
import { setPrefetchRoutes } from './federation/prefetch';
import { browserPages } from './federation/browser-pages';
import { loadRemotePage, registerSiteRemotes } from './federation/remotes';
import { parsePublishedRoutes, remoteRouteEntries } from './routes';
import type { SiteRouteTable } from './routes';
import { readSiteData } from './site-data';
import type { SiteData } from './site-data';
import { BOOT_ERROR_TEXT } from './texts';

/** Set by the build (tools/webpack/create-config.ts): true only in a test build (ADR 071). */
declare const __TEST_BUILD__: boolean;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Without server rendering (the dev server): each remote's published routes, read here. */
async function fetchRouteTable(config: RuntimeConfig): Promise<SiteRouteTable> {
  const tables = await Promise.all(
    REMOTE_NAMES.map(async (remote) => {
      try {
        const url = new URL('server/routes.json', config.remotes[remote]);
        // Not the content API: a remote's own static file, beside its manifest.
        // eslint-disable-next-line no-restricted-globals
        const response = await fetch(url, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return [remote, parsePublishedRoutes(await response.json()).routes] as const;
      } catch (error) {
        console.error(`Routes of remote "${remote}" could not be read`, error);
        return [remote, []] as const;
      }
    }),
  );
  return Object.fromEntries(tables);
}

/**
 * Lets the browser run what is waiting (input, paint) before the next step of start-up, so the
 * steps are short tasks rather than one long one (Total Blocking Time, docs/performance.md).
 */
function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function siteData(): Promise<{ data: SiteData; hydrate: boolean }> {
  // This module's own code and what it imports (React, the router) have just been evaluated.
  await yieldToBrowser();
  const embedded = readSiteData(document);
  if (embedded) return { data: embedded, hydrate: true };
  const config = await loadRuntimeConfig();
  const routes = await fetchRouteTable(config);
  return {
    data: { config, routes, loaderData: {}, drawnInBrowser: [], reloadData: false },
    hydrate: false,
  };
}

siteData()
  .then(async ({ data, hydrate }) => {
    const { config } = data;
    setRuntimeConfig(config);
    preconnectTo([config.apiBase, ...Object.values(config.remotes)]);
    registerSiteRemotes(config.remotes, {
      timeoutMs: config.remoteLoadTimeoutMs,
      remoteOrigins: config.remoteOrigins,
    });
    // Test builds only: window.__portfolioDiagnostics for the browser specs (a chunk of its own,
    // installed soon after boot). In a production build the condition is the constant false and
    // the module is not built at all.
    if (__TEST_BUILD__) {
      void import('./federation/diagnostics').then((diagnostics) =>
        diagnostics.installDiagnostics(),
      );
    }
    setPrefetchRoutes(remoteRouteEntries(data.routes));
    await yieldToBrowser();
    const routes = siteRoutes({
      owner: config.owner,
      table: data.routes,
      loadPage: loadRemotePage,
      drawnInBrowser: new Set(data.drawnInBrowser),
    });
    const router = createBrowserRouter(
      routes,
      hydrate ? { hydrationData: { loaderData: data.loaderData } } : {},
    );
    const app = (
      <StrictMode>
        <PageSourceContext.Provider value={browserPages}>
          {/* The owner the server rendered the page for (its settings: docs/decisions/141). */}
          <SiteOwnerContext.Provider value={config.owner}>
            <AuthProvider hydrating={hydrate} session={data.session}>
              <RouterProvider router={router} />
            </AuthProvider>
          </SiteOwnerContext.Provider>
        </PageSourceContext.Provider>
      </StrictMode>
    );
    if (hydrate) {
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // running as one long task: the page the server sent is already on screen and usable
      // (links work without JavaScript), so nothing waits for it (docs/performance.md).
      startTransition(() => {
        hydrateRoot(container, app);
      });
      // The API was down or slow while the server rendered: the page shows its error; try again
      // from here, so it recovers without a reload.
      if (data.reloadData) void router.revalidate();
    } else {
      createRoot(container).render(app);
    }
  })
  .catch((error: unknown) => {
    console.error(error);
    createRoot(container).render(<p role="alert">{BOOT_ERROR_TEXT}</p>);
  });
