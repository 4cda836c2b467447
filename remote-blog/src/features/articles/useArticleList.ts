// The article list of both list pages (/blog and /articles/:id): one call, three states.
import { useEffect, useState } from 'react';
import { getArticles } from '@portfolio/shared/api-client';
import type { Article } from '@portfolio/shared/types';
import { sortNewestFirst } from './article-text';

export type ArticleListState =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; articles: Article[] };

export function useArticleList(): ArticleListState {
  const [state, setState] = useState<ArticleListState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getArticles({}, { signal: controller.signal })
      .then((articles) => {
        if (!controller.signal.aborted) {
          setState({ status: 'loaded', articles: sortNewestFirst(articles) });
        }
      })
      .catch((error: unknown) => {
        // Leaving the page aborts the call: that is not a failure to report.
        if (controller.signal.aborted) return;
        console.error('Could not load the articles', error);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  return state;
}
