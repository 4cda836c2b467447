// In the browser: the head of the page on screen, from the same declaration the server used.
// The server already wrote the first page's tags; on every client navigation the title,
// description, canonical URL and robots follow the new page once its data is in.
import { useEffect } from 'react';
import { getRuntimeConfig, hasRuntimeConfig } from '@portfolio/shared/config';
import { applyDocumentHead, siteContext } from '@portfolio/shared/head';
import type { HeadSpec } from '@portfolio/shared/head';
import { useLoaderData, useLocation, useParams } from '@portfolio/shared/router';
import type { PageLoaderData, PageModule } from '../federation/page-source';
import { pageHead } from './page-head';

function applyHead(spec: (site: ReturnType<typeof siteContext>) => HeadSpec, pathAndQuery: string) {
  if (!hasRuntimeConfig()) return;
  const site = siteContext(getRuntimeConfig());
  const url = new URL(pathAndQuery, site.siteUrl || window.location.origin);
  applyDocumentHead(document, spec(site), site, url);
}

/**
 * A remote page's head, applied when the route's data has settled, from the module its loader
 * loaded. The first page after hydration has no such module (its loader ran on the server, which
 * wrote its head): nothing to do until the next navigation.
 */
export function useRouteHead(loadedModule: () => PageModule | undefined): void {
  const data = useLoaderData() as PageLoaderData | undefined;
  const params = useParams();
  const { pathname, search } = useLocation();
  useEffect(() => {
    let current = true;
    const pathAndQuery = `${pathname}${search}`;
    void Promise.resolve(data?.page)
      .catch(() => null)
      .then((state) => {
        const page = loadedModule();
        if (!current || !page) return;
        applyHead(
          (site) =>
            pageHead(page.head, {
              data: state ?? null,
              params,
              url: new URL(pathAndQuery, site.siteUrl || window.location.origin),
              site,
            }),
          pathAndQuery,
        );
      });
    return () => {
      current = false;
    };
    // A new load of the route (new address, new data) is what changes the head.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
}

/** A page of the shell itself (the 404 page). */
export function useStaticHead(spec: HeadSpec): void {
  const { pathname } = useLocation();
  useEffect(() => applyHead(() => spec, pathname), [spec, pathname]);
}
