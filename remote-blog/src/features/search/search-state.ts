// Article search for the search page's route loader. The router aborts the loader of a query
// that was replaced by a newer one, so a slow answer to an old query never shows.
import { searchArticles } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { reportLoadFailure, unavailable } from '@portfolio/shared/page-data';
import type { Unavailable } from '@portfolio/shared/page-data';
import type { SearchResult } from '@portfolio/shared/types';

export type ArticleSearchState =
  { status: 'idle' } | Unavailable | { status: 'loaded'; results: SearchResult[] };

/** `query` must already be trimmed; an empty one searches nothing (docs/product.md). */
export async function loadArticleSearch(
  query: string,
  options: RequestOptions = {},
): Promise<ArticleSearchState> {
  if (!query) return { status: 'idle' };
  try {
    return { status: 'loaded', results: await searchArticles(query, options) };
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
