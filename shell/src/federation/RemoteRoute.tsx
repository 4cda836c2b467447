import { Suspense, useCallback, useContext, useEffect, useState } from 'react';
import { Spinner } from '@portfolio/shared/ui';
import type { RemoteName } from '@portfolio/shared/config';
import { PageSourceContext } from './page-source';
import type { PageComponent } from './page-source';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteRetryContext } from './RemoteFallback';

interface Props {
  remote: RemoteName;
  module: string;
  /**
   * The server could not render this page and sent the spinner instead: the first render
   * matches that HTML, then the browser loads the page itself (with fallback and Retry).
   */
  drawInBrowser?: boolean;
  /** Runs before a retry loads the page again, e.g. reloading the route's data (App.tsx). */
  beforeRetry?: () => Promise<void>;
}

/** Give each route its own key, so that its retry state never carries over to another route. */
export function RemoteRoute({ remote, module, drawInBrowser = false, beforeRetry }: Props) {
  const source = useContext(PageSourceContext);
  if (!source) throw new Error('RemoteRoute needs a PageSourceContext above it.');
  // The page the server rendered keeps the server's HTML if its code cannot be loaded here
  // (docs/decisions/114); the source keeps it only for the document's own page.
  const [page, setPage] = useState<{ Page: PageComponent | null; attempt: number }>(() => ({
    Page: drawInBrowser ? null : source.page(remote, module, { keepServerHtml: true }),
    attempt: 0,
  }));
  // After the first (hydrating) render, the browser loads the page the server could not render.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- must follow hydration, once
    if (!page.Page) setPage({ Page: source.page(remote, module), attempt: 0 });
  }, [page.Page, source, remote, module]);
  // A retry builds a fresh lazy component when the last one failed, once the route's data (which
  // could not be loaded without the page's module either) is loaded again.
  const retry = useCallback(() => {
    const again = () =>
      setPage((previous) => ({
        Page: source.page(remote, module),
        attempt: previous.attempt + 1,
      }));
    if (beforeRetry) void beforeRetry().then(again, again);
    else again();
  }, [source, remote, module, beforeRetry]);
  const { Page, attempt } = page;
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} remote={remote}>
        <Suspense fallback={<Spinner />}>
          {/* A live page marks the document hydrated from its frame (PageFrame.tsx). */}
          {Page ? <Page /> : <Spinner />}
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
