// Article search for the search page's route loader. The router aborts the loader of a query
// that was replaced by a newer one, so a slow answer to an old query never shows.
import { getTags, searchArticlePage } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { notFound, reportLoadFailure, unavailable } from '@portfolio/shared/page-data';
import type { NotFound, Unavailable } from '@portfolio/shared/page-data';
import type { SearchResult } from '@portfolio/shared/types';
import { listPosition, offsetOf, pageNumberOf } from '../pagination/page-numbers';
import type { ListPosition } from '../pagination/page-numbers';
import { isTag } from '../tags/tags';

/**
 * Results per page: ten, as the blog's pages (docs/decisions/134). Asked for as `limit=10`, so
 * an API of any version answers pages of ten; its default page stays 20 for older clients.
 */
export const SEARCH_RESULTS_PER_PAGE = 10;

export type ArticleSearchState =
  | { status: 'idle' }
  | Unavailable
  /** A page number past the last page, 0, negative or not a number. */
  | NotFound
  | {
      status: 'loaded';
      results: SearchResult[];
      position: ListPosition;
      /** The tags the filter offers (docs/decisions/132), most used first. */
      tags: string[];
    };

/** Which results a search shows: all, or those with a tag (docs/decisions/132). */
export interface SearchFilter {
  tag?: string;
}

/**
 * The tags the search's filter offers: the public articles' (GET /tags). Without them (the API
 * failed to say) the filter offers the tag in use only; the results do not wait on them.
 */
async function tagOptions(options: RequestOptions, tag: string | undefined): Promise<string[]> {
  const tags = await getTags(options).then(
    (counts) => counts.map((count) => count.tag),
    (): string[] => [],
  );
  return tag && !tags.includes(tag) ? [tag, ...tags] : tags;
}

/**
 * One page of a search's results, of the articles with `tag` when one is given. `query` must
 * already be trimmed; an empty one searches nothing (docs/product.md). `rawPage`: the page
 * number as the address gives it (null: the first). A `tag` no tag can have is not found.
 */
export async function loadArticleSearch(
  query: string,
  rawPage: string | null,
  options: RequestOptions = {},
  { tag }: SearchFilter = {},
): Promise<ArticleSearchState> {
  if (!query) return { status: 'idle' };
  const page = pageNumberOf(rawPage, SEARCH_RESULTS_PER_PAGE);
  if (page === undefined) return notFound();
  if (tag !== undefined && !isTag(tag)) return notFound();
  const tags = tagOptions(options, tag);
  try {
    const { items, total } = await searchArticlePage(
      query,
      { limit: SEARCH_RESULTS_PER_PAGE, offset: offsetOf(page, SEARCH_RESULTS_PER_PAGE), tag },
      options,
    );
    const position = listPosition(page, SEARCH_RESULTS_PER_PAGE, items.length, total);
    if (!position) return notFound();
    return { status: 'loaded', results: items, position, tags: await tags };
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

/** The tag the search is filtered on, as the address gives it: none when absent or empty. */
export function searchTagOf(url: URL | URLSearchParams): string | undefined {
  const params = url instanceof URL ? url.searchParams : url;
  return params.get('tag') || undefined;
}
