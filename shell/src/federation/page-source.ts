// Where RemoteRoute gets a page component from. In the browser: the federation runtime, one lazy
// component per page module, kept while it works. On the server: the modules the request's
// loaders already loaded (shell/src/server/render.tsx provides its own source).
import { createContext, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { RemoteName } from '@portfolio/shared/config';
import type { HeadDeclaration } from '../head/page-head';

/** What a remote's exposed page module provides. */
export interface PageModule {
  default: ComponentType;
  /** The page's data loader; runs on the server for the first render, in the browser after. */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** The page's head metadata, from its loader's state (docs/decisions/060). */
  head?: HeadDeclaration;
}

/** What a page route's loader gives: the page's own loader result, deferred. */
export interface PageLoaderData {
  page: Promise<unknown> | unknown;
}

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

export interface PageSource {
  /** The page component; called again for a retry after a failure. */
  page(remote: RemoteName, module: string): PageComponent;
}

export interface BrowserPageLoading {
  load(remote: RemoteName, module: string): Promise<PageModule>;
  hasFailed(remote: RemoteName): boolean;
  reset(remote: RemoteName): void;
}

/** One lazy component per page module, rebuilt only after its remote failed. */
export function browserPageSource(loading: BrowserPageLoading): PageSource {
  const pages = new Map<string, LazyExoticComponent<ComponentType>>();
  return {
    page(remote, module) {
      const key = `${remote}/${module}`;
      let page = pages.get(key);
      if (!page || loading.hasFailed(remote)) {
        loading.reset(remote);
        page = lazy(() => loading.load(remote, module));
        pages.set(key, page);
      }
      return page;
    },
  };
}

export const PageSourceContext = createContext<PageSource | null>(null);
