// The dashboard's searched, paged lists read from the API a page at a time (the inbox, the
// comments, the subscribers, the media): one filter (a box, a state, a use), a search asked once
// the typing settles, and the page shown. Another filter or search starts at its first page.
// The articles and projects have useAdminList instead: tags, drafts, and projects paged in memory.
import { useCallback, useState } from 'react';
import type { ListPage } from '@portfolio/shared/api-client';
import { pageCount } from './list-page';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import { useSettled } from './use-settled';

/** How long a list's search waits after the last key before it asks. */
export const LIST_SEARCH_DELAY_MS = 250;

/** The page asked for: where it starts, how many, and the search (empty: none). */
export interface PageQuery {
  limit: number;
  offset: number;
  query: string;
}

/**
 * A list's filter, search and page, and the page they ask for. `load` reads it with the owner's
 * token; it must be stable (module-level or useCallback), or every render asks again.
 */
export function useFilteredPages<F, P extends ListPage<unknown>>(
  initialFilter: NoInfer<F>,
  perPage: number,
  load: (filter: F, page: PageQuery, options: { token: string }) => Promise<P>,
) {
  const getToken = useAdminToken();
  const [typed, setTyped] = useState('');
  const query = useSettled(typed.trim(), LIST_SEARCH_DELAY_MS);
  // The page is kept with the search it was chosen in: a new search is at its first page the
  // moment it settles (set back in an effect, the old page of the new search would be asked first).
  const [view, setView] = useState({ filter: initialFilter, query, page: 0 });
  const { filter } = view;
  const page = view.query === query ? view.page : 0;

  const read = useCallback(
    async () =>
      load(filter, { limit: perPage, offset: page * perPage, query }, { token: await getToken() }),
    [load, filter, perPage, page, query, getToken],
  );
  const { state, reload } = useResource(read);
  const loaded = state.status === 'loaded' ? state.data : null;
  const pages = loaded ? pageCount(loaded.total, perPage) : null;
  // Without a total (an API that does not say), a full page may have another after it.
  const hasNext =
    loaded !== null && (pages === null ? loaded.items.length === perPage : page + 1 < pages);

  const setPage = useCallback(
    (next: number) => setView((current) => ({ ...current, query, page: next })),
    [query],
  );
  /** Another filter, from its first page; the one shown keeps its page. */
  const setFilter = useCallback(
    (next: F) =>
      setView((current) => (current.filter === next ? current : { filter: next, query, page: 0 })),
    [query],
  );
  /**
   * `count` items left the page shown (deleted, archived, out of its filter): the page before
   * when they were all a later page had, else the page read again.
   */
  const removed = (count = 1) => {
    if (loaded && count >= loaded.items.length && page > 0) setPage(page - 1);
    else reload();
  };

  return {
    filter,
    setFilter,
    /** What is in the search box; `query` is what was searched. */
    typed,
    setTyped,
    query,
    page,
    setPage,
    state,
    loaded,
    reload,
    removed,
    /** The Pager's props while a page is shown that has another before or after it. */
    pager: loaded && (page > 0 || hasNext) ? { page, pages, hasNext, onPage: setPage } : null,
  };
}
