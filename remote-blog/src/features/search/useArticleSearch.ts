// Article search for the search page. Each new query aborts the call of the one before, so a
// slow answer to an old query can never replace the results of the current one.
import { useEffect, useState } from 'react';
import { searchArticles } from '@portfolio/shared/api-client';
import type { SearchResult } from '@portfolio/shared/types';

export type ArticleSearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; results: SearchResult[] };

type Settled = ({ status: 'failed' } | { status: 'loaded'; results: SearchResult[] }) & {
  query: string;
};

/** `query` must already be trimmed; an empty one searches nothing (spec section 5). */
export function useArticleSearch(query: string): ArticleSearchState {
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    searchArticles(query, { signal: controller.signal })
      .then((results) => {
        if (!controller.signal.aborted) setSettled({ query, status: 'loaded', results });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec section 8: a failed search is only logged; the page shows no message.
        console.error('Article search failed', error);
        setSettled({ query, status: 'failed' });
      });
    return () => controller.abort();
  }, [query]);

  if (!query) return { status: 'idle' };
  if (!settled || settled.query !== query) return { status: 'loading' };
  return settled;
}
