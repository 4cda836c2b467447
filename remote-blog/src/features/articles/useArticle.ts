// One article with its neighbours, for the article page. A 404 is a state of its own, so the
// page can say "not found" instead of "try again later".
import { useEffect, useState } from 'react';
import { ApiError, getArticle } from '@portfolio/shared/api-client';
import type { ArticleDetail } from '@portfolio/shared/types';

export type ArticleState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'loaded'; article: ArticleDetail };

type Settled = Exclude<ArticleState, { status: 'loading' }> & { id: string };

export function useArticle(id: string): ArticleState {
  // The answer remembers which id it belongs to: a new id is "loading" until its own answer.
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getArticle(id, { signal: controller.signal })
      .then((article) => {
        if (!controller.signal.aborted) setSettled({ id, status: 'loaded', article });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setSettled({ id, status: 'not-found' });
          return;
        }
        console.error(`Could not load article ${id}`, error);
        setSettled({ id, status: 'error' });
      });
    return () => controller.abort();
  }, [id]);

  if (!settled || settled.id !== id) return { status: 'loading' };
  return settled;
}
