import { lazy, Suspense, useCallback, useState } from 'react';
import type { LazyExoticComponent } from 'react';
import { Spinner } from '@portfolio/shared/ui';
import type { RemoteName } from '@portfolio/shared/config';
import { hasFailed, loadRemotePage, resetRemote } from './remotes';
import type { PageModule } from './remotes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteRetryContext } from './RemoteFallback';

type LazyPage = LazyExoticComponent<PageModule['default']>;
const pages = new Map<string, LazyPage>();

/** One lazy component per page module, kept while it works, so navigation never reloads it. */
function lazyPage(remote: RemoteName, module: string): LazyPage {
  const key = `${remote}/${module}`;
  let page = pages.get(key);
  if (!page || hasFailed(remote)) {
    resetRemote(remote);
    page = lazy(() => loadRemotePage(remote, module));
    pages.set(key, page);
  }
  return page;
}

/** Give each route its own key, so that its retry state never carries over to another route. */
export function RemoteRoute({ remote, module }: { remote: RemoteName; module: string }) {
  const [page, setPage] = useState(() => ({ Page: lazyPage(remote, module), attempt: 0 }));
  // A retry builds a fresh lazy component when the last one failed.
  const retry = useCallback(
    () =>
      setPage((previous) => ({ Page: lazyPage(remote, module), attempt: previous.attempt + 1 })),
    [remote, module],
  );
  const { Page, attempt } = page;
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} remote={remote}>
        <Suspense fallback={<Spinner />}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
