import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ContentState, TagCount } from '@portfolio/contract';
import type { ListPage } from '@portfolio/shared/api-client';
import { ADMIN_PAGE_SIZE } from './admin-texts';
import { pageInMemory } from './list-page';
import type { ListRequest, ListSource } from './list-page';

interface Listed {
  title: string;
  createdAt: string;
  status?: string;
  publishedAt?: string | null;
}

/** What the owner chose to see: a page (0 first) of the items that pass the filters. */
export interface ListView {
  page: number;
  query: string;
  state: ContentState | null;
  tag: string | null;
}

export type Filters = Pick<ListView, 'query' | 'state' | 'tag'>;

/** The last answer, and the request and reload (version) it answered. */
type Answer<T> =
  | { kind: 'page'; page: ListPage<T>; request: ListRequest; version: number }
  | { kind: 'all'; items: T[]; version: number }
  | { kind: 'error'; error: unknown; request: ListRequest | null; version: number };

export type ListState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; data: ListPage<T> };

const NO_FILTERS: ListView = { page: 0, query: '', state: null, tag: null };

/**
 * One page of an admin list with its filters (docs/decisions/131, 132). The list asked for
 * stays shown while the next page or a reload arrives (`pending`). A page that comes back empty
 * (its last item was deleted, fewer items match now) gives way to the last page that has items.
 * `source` must be stable.
 */
export function useAdminList<T extends Listed>(
  source: ListSource<T>,
  getToken: () => Promise<string>,
) {
  const [view, setView] = useState<ListView>(NO_FILTERS);
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  /** The tags to filter on; undefined while they load, null when there are none to offer. */
  const [tags, setTags] = useState<TagCount[] | null | undefined>(() =>
    source.paging === 'api' && source.loadTags ? undefined : null,
  );

  const request = useMemo<ListRequest>(
    () => ({
      offset: view.page * ADMIN_PAGE_SIZE,
      limit: ADMIN_PAGE_SIZE,
      query: view.query,
      state: view.state,
      tag: view.tag,
    }),
    [view],
  );
  // A list paged here is loaded once per reload, whatever page or filter is shown.
  const asked = source.paging === 'api' ? request : null;

  useEffect(() => {
    let active = true;
    const load = async () => {
      try {
        const options = { token: await getToken(), includeDrafts: true as const };
        if (source.paging === 'client') {
          const items = await source.loadAll(options);
          if (active) setAnswer({ kind: 'all', items, version });
          return;
        }
        if (!asked) return;
        const page = await source.loadPage(asked, options);
        if (!active) return;
        if (page.items.length === 0 && asked.offset > 0) {
          // Gone: the page before it, or the last page the total says there is.
          const before = asked.offset / asked.limit - 1;
          const last =
            page.total === null ? before : Math.max(0, Math.ceil(page.total / asked.limit) - 1);
          setView((current) =>
            current.page * ADMIN_PAGE_SIZE === asked.offset
              ? { ...current, page: Math.min(before, last) }
              : current,
          );
          return;
        }
        setAnswer({ kind: 'page', page, request: asked, version });
      } catch (error) {
        if (active) setAnswer({ kind: 'error', error, request: asked, version });
      }
    };
    void load();
    return () => {
      active = false;
    };
  }, [source, asked, version, getToken]);

  useEffect(() => {
    if (source.paging !== 'api' || !source.loadTags) return;
    let active = true;
    const load = async () => {
      try {
        const found = await source.loadTags?.({ token: await getToken(), includeDrafts: true });
        if (active && found) setTags(found);
      } catch {
        // No tag filter then (an API from before tags): the list itself says what went wrong.
        if (active) setTags(null);
      }
    };
    void load();
    return () => {
      active = false;
    };
  }, [source, version, getToken]);

  const current = (candidate: { version: number; request?: ListRequest | null }) =>
    candidate.version === version && (asked === null || candidate.request === asked);

  let state: ListState<T> = { status: 'loading' };
  let page = view.page;
  if (answer?.kind === 'error') {
    if (current(answer)) state = { status: 'error', error: answer.error };
  } else if (answer?.kind === 'page') {
    state = { status: 'loaded', data: answer.page };
  } else if (answer?.kind === 'all') {
    let data = pageInMemory(answer.items, request);
    if (data.items.length === 0 && page > 0) {
      // The page is gone: the last one there is.
      page = Math.max(0, Math.ceil((data.total ?? 0) / ADMIN_PAGE_SIZE) - 1);
      data = pageInMemory(answer.items, { ...request, offset: page * ADMIN_PAGE_SIZE });
    }
    state = { status: 'loaded', data };
  }
  const pending = answer === null || answer.kind === 'error' ? false : !current(answer);

  /** Another page of the same filters. */
  const goTo = useCallback((target: number) => {
    setView((currentView) => ({ ...currentView, page: Math.max(0, target) }));
  }, []);
  /** Other filters: their first page. Unchanged filters keep the page. */
  const filter = useCallback((changes: Partial<Filters>) => {
    setView((currentView) => {
      const next = { ...currentView, ...changes };
      const same =
        next.query === currentView.query &&
        next.state === currentView.state &&
        next.tag === currentView.tag;
      return same ? currentView : { ...next, page: 0 };
    });
  }, []);
  /** The list and its tags read again (after a write); `first`: from its first page. */
  const reload = useCallback((first = false) => {
    if (first) setView((currentView) => ({ ...currentView, page: 0 }));
    setVersion((currentVersion) => currentVersion + 1);
  }, []);

  return { view: { ...view, page }, state, pending, tags, goTo, filter, reload };
}
