// One page of an admin list and the filters it was asked for with (docs/decisions/131, 132): the
// articles are paged by the API; the projects, few, are loaded once and paged here the same way.
import type { ContentState, TagCount } from '@portfolio/contract';
import type { ContentRequestOptions, ListPage } from '@portfolio/shared/api-client';
import { publicationState } from '@portfolio/shared/format';

/** What a list shows: one page of the items that pass its filters. */
export interface ListRequest {
  offset: number;
  limit: number;
  /** Typed in the search box; empty: no search. */
  query: string;
  /** One publication state, or null for all. */
  state: ContentState | null;
  /** One tag, or null for all. */
  tag: string | null;
}

/** An admin's read: drafts and scheduled items included, with their token. */
export type AdminReadOptions = ContentRequestOptions & { token: string; includeDrafts: true };

/** Where a list's items come from. Module-level objects: a manager keys its loads on them. */
export type ListSource<T> =
  | {
      /** The API pages and filters the list: one request per page. */
      paging: 'api';
      loadPage(request: ListRequest, options: AdminReadOptions): Promise<ListPage<T>>;
      /** The tags to filter on (none: no tag filter). */
      loadTags?(options: AdminReadOptions): Promise<TagCount[]>;
    }
  | {
      /** A short list: loaded whole once, searched by title and paged here. */
      paging: 'client';
      loadAll(options: AdminReadOptions): Promise<T[]>;
    };

interface Listed {
  title: string;
  createdAt: string;
  status?: string;
  publishedAt?: string | null;
}

/** The page `request` asks for of a list loaded whole: title search and state, then the slice. */
export function pageInMemory<T extends Listed>(
  items: T[],
  request: ListRequest,
  now: number = Date.now(),
): ListPage<T> {
  const words = request.query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = items.filter((item) => {
    const title = item.title.toLowerCase();
    if (!words.every((word) => title.includes(word))) return false;
    return request.state === null || publicationState(item, now).kind === request.state;
  });
  return {
    items: matching.slice(request.offset, request.offset + request.limit),
    total: matching.length,
  };
}

/** How many pages a list has (at least one), or null when its total is unknown. */
export function pageCount(total: number | null, limit: number): number | null {
  return total === null ? null : Math.max(1, Math.ceil(total / limit));
}
