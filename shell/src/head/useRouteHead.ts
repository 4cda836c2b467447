// In the browser: the head of the page on screen, from the same declaration the server used.
// The server already wrote the first page's tags; on every client navigation the title,
// description, canonical URL and robots follow the new page once its module and data are in.
import { useEffect } from 'react';
import { getRuntimeConfig, hasRuntimeConfig } from '@portfolio/shared/config';
import type { RemoteName } from '@portfolio/shared/config';
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

/** A remote page's head: applied when the route's module and data have settled. */
export function useRouteHead(
  load: (remote: RemoteName, module: string) => Promise<PageModule>,
  remote: RemoteName,
  module: string,
): void {
  const data = useLoaderData() as PageLoaderData | undefined;
  const params = useParams();
  const { pathname, search } = useLocation();
  useEffect(() => {
    let current = true;
    const pathAndQuery = `${pathname}${search}`;
    void Promise.all([
      load(remote, module).catch(() => undefined),
      Promise.resolve(data?.page).catch(() => null),
    ]).then(([page, state]) => {
      if (!current) return;
      applyHead(
        (site) =>
          pageHead(page?.head, {
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
  }, [data, load, remote, module]);
}

/** A page of the shell itself (the 404 page). */
export function useStaticHead(spec: HeadSpec): void {
  const { pathname } = useLocation();
  useEffect(() => applyHead(() => spec, pathname), [spec, pathname]);
}
