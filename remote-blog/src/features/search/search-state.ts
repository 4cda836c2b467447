// Article search for the search page's route loader. The router aborts the loader of a query
// that was replaced by a newer one, so a slow answer to an old query never shows.
import { searchArticlePage } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { notFound, reportLoadFailure, unavailable } from '@portfolio/shared/page-data';
import type { NotFound, Unavailable } from '@portfolio/shared/page-data';
import type { SearchResult } from '@portfolio/shared/types';
import { listPosition, offsetOf, pageNumberOf } from '../pagination/page-numbers';
import type { ListPosition } from '../pagination/page-numbers';

/** Results per page: the API's first page of 20, as the search showed before it paged. */
export const SEARCH_RESULTS_PER_PAGE = 20;

export type ArticleSearchState =
  | { status: 'idle' }
  | Unavailable
  /** A page number past the last page, 0, negative or not a number. */
  | NotFound
  | { status: 'loaded'; results: SearchResult[]; position: ListPosition };

/**
 * One page of a search's results. `query` must already be trimmed; an empty one searches nothing
 * (docs/product.md). `rawPage`: the page number as the address gives it (null: the first).
 */
export async function loadArticleSearch(
  query: string,
  rawPage: string | null,
  options: RequestOptions = {},
): Promise<ArticleSearchState> {
  if (!query) return { status: 'idle' };
  const page = pageNumberOf(rawPage, SEARCH_RESULTS_PER_PAGE);
  if (page === undefined) return notFound();
  try {
    const { items, total } = await searchArticlePage(
      query,
      { limit: SEARCH_RESULTS_PER_PAGE, offset: offsetOf(page, SEARCH_RESULTS_PER_PAGE) },
      options,
    );
    const position = listPosition(page, SEARCH_RESULTS_PER_PAGE, items.length, total);
    if (!position) return notFound();
    return { status: 'loaded', results: items, position };
  } catch (error) {
    // A failed search is only logged; the page shows no message.
    reportLoadFailure(options, 'Article search failed', error);
    return unavailable();
  }
}

/** The query as the page reads it from its address: trimmed. */
export function searchQueryOf(url: URL | URLSearchParams): string {
  const params = url instanceof URL ? url.searchParams : url;
  return (params.get('query') ?? '').trim();
}
