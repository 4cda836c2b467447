// Where RemoteRoute gets a page component from. In the browser: the federation runtime, one lazy
// component per page module, kept while it works. On the server: the modules the request's
// loaders already loaded (shell/src/render/render.tsx provides its own source).
import { createContext, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RemoteName } from '@portfolio/shared/config';
import { framed, keptServerPage, pageFrameId, serverHtmlOf } from './PageFrame';
import { createFallbackModule } from './RemoteFallback';

import type { PageModule } from './page-module';

export type { PageModule };

/** What a page route's loader gives: the page's own loader result, deferred. */
export interface PageLoaderData {
  page: Promise<unknown> | unknown;
}

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

export interface PageSource {
  /**
   * The page component, drawn in its frame (PageFrame.tsx); called again for a retry after a
   * failure. `keepServerHtml`: the page the document was rendered with, about to be hydrated:
   * if its code cannot be loaded, the server's HTML is kept rather than a fallback shown.
   */
  page(remote: RemoteName, module: string, options?: { keepServerHtml?: boolean }): PageComponent;
}

export interface BrowserPageLoading {
  load(remote: RemoteName, module: string): Promise<PageModule>;
  hasFailed(remote: RemoteName): boolean;
  reset(remote: RemoteName): void;
}

function isFallback(module: PageModule): boolean {
  return (module as { isRemoteFallback?: unknown }).isRemoteFallback === true;
}

/**
 * One lazy component per page module, rebuilt only after its remote failed. The page the
 * document was rendered with is loaded once with its server HTML kept as a way out
 * (docs/decisions/114): only the first page of the document, at the address it was rendered for.
 */
export function browserPageSource(loading: BrowserPageLoading): PageSource {
  const pages = new Map<string, LazyExoticComponent<ComponentType>>();
  /** The address the server rendered this document for, until its page has been loaded. */
  let documentAddress: string | undefined =
    typeof window === 'undefined' ? undefined : window.location.pathname + window.location.search;

  /** The page in its frame, or undefined when its code cannot be had. */
  async function tryLoad(remote: RemoteName, module: string): Promise<ComponentType | undefined> {
    try {
      const loaded = await loading.load(remote, module);
      return isFallback(loaded) ? undefined : framed(loaded.default, pageFrameId(remote, module));
    } catch {
      return undefined;
    }
  }

  return {
    page(remote, module, { keepServerHtml = false } = {}) {
      const id = pageFrameId(remote, module);
      if (keepServerHtml && documentAddress !== undefined) {
        return lazy(async (): Promise<{ default: ComponentType }> => {
          // Read now, before the browser hydrates anything of the page.
          const rendered = documentAddress === window.location.pathname + window.location.search;
          documentAddress = undefined;
          const html = rendered ? serverHtmlOf(id) : undefined;
          const Page = await tryLoad(remote, module);
          if (Page) return { default: Page };
          if (html === undefined) return createFallbackModule(remote);
          const reload = () => {
            loading.reset(remote);
            return tryLoad(remote, module);
          };
          return { default: keptServerPage(remote, id, html, reload) };
        });
      }
      const key = `${remote}/${module}`;
      let page = pages.get(key);
      if (!page || loading.hasFailed(remote)) {
        loading.reset(remote);
        page = lazy(async () => {
          const loaded = await loading.load(remote, module);
          return { default: isFallback(loaded) ? loaded.default : framed(loaded.default, id) };
        });
        pages.set(key, page);
      }
      return page;
    },
  };
}

export const PageSourceContext = createContext<PageSource | null>(null);
