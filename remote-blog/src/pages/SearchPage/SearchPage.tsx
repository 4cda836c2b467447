// /search-article?query=…&tag=…&page=…: article search results, ranked, SEARCH_RESULTS_PER_PAGE
// to a page, of the articles with a tag when one is chosen (docs/decisions/132). The query, the
// tag and the page come from the address, so a new search from the navbar while this page is open
// updates the results.
import { Suspense } from 'react';
import { useSearchParams } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { PageHead } from '@portfolio/shared/head';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import { Spinner } from '@portfolio/shared/ui';
import { searchPagePath } from '../../features/articles/paths';
import { Pagination } from '../../features/pagination/Pagination';
import { SearchResultItem } from '../../features/search/SearchResultItem';
import { TagFilter } from '../../features/search/TagFilter';
import { pageParamOf } from '../../features/pagination/page-numbers';
import { loadArticleSearch, searchQueryOf, searchTagOf } from '../../features/search/search-state';
import type { ArticleSearchState } from '../../features/search/search-state';
import {
  MORE_RESULTS_LABEL,
  NO_SUCH_PAGE_TEXT,
  NO_SUCH_PAGE_TITLE,
  PREVIOUS_RESULTS_LABEL,
  SEARCHING,
  SEARCH_EMPTY_HINT,
  SEARCH_PAGES_LABEL,
  SEARCH_TITLE,
  noResultsText,
  pagedTitle,
  searchSummary,
  taggedSearchSummary,
} from '../../texts';
import styles from './SearchPage.module.css';

export function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  return loadArticleSearch(searchQueryOf(url), pageParamOf(url), loaderRequestOptions(args), {
    tag: searchTagOf(url),
  });
}

/** Result lists change with the content: kept out of search engines (they index the articles). */
export const head: PageHead<typeof loader> = ({ data, url }) => {
  if (data?.status === 'not-found') return { title: NO_SUCH_PAGE_TITLE, noindex: true };
  const query = searchQueryOf(url.searchParams);
  if (!query) return { title: SEARCH_TITLE, noindex: true };
  const tag = searchTagOf(url.searchParams);
  const position = data?.status === 'loaded' ? data.position : undefined;
  const page = position?.page ?? 1;
  return {
    title: pagedTitle(`${SEARCH_TITLE}: ${query}`, page),
    // Its canonical URL stays the search page's (ADR 060): results are not for search engines.
    noindex: true,
    prev: page > 1 ? searchPagePath(query, page - 1, tag) : undefined,
    next: position?.hasNext ? searchPagePath(query, page + 1, tag) : undefined,
  };
};

export default function SearchPage() {
  const [params] = useSearchParams();
  // Empty or whitespace-only text searches nothing.
  const query = searchQueryOf(params);
  const tag = searchTagOf(params);

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{SEARCH_TITLE}</h1>
        <p className={styles.summary}>
          {!query
            ? SEARCH_EMPTY_HINT
            : tag
              ? taggedSearchSummary(query, tag)
              : searchSummary(query)}
        </p>
      </header>
      <Suspense fallback={<Spinner label={SEARCHING} />}>
        <SearchResults query={query} tag={tag} />
      </Suspense>
    </section>
  );
}

function SearchResults({ query, tag }: { query: string; tag: string | undefined }) {
  const search = usePageData<ArticleSearchState>();
  if (search.status === 'not-found') {
    return <p className={styles.noResults}>{NO_SUCH_PAGE_TEXT}</p>;
  }
  if (search.status !== 'loaded') return null;
  // Offered while there are tags (or one is in use), with or without results in it.
  const filter = search.tags.length > 0 && <TagFilter query={query} tag={tag} tags={search.tags} />;
  if (search.results.length === 0) {
    return (
      <>
        {filter}
        <p className={styles.noResults} role="status">
          {noResultsText(query)}
        </p>
      </>
    );
  }
  return (
    <>
      {filter}
      <ul className={styles.results}>
        {search.results.map((result) => (
          <li key={result._id}>
            <SearchResultItem result={result} />
          </li>
        ))}
      </ul>
      <Pagination
        position={search.position}
        label={SEARCH_PAGES_LABEL}
        previousLabel={PREVIOUS_RESULTS_LABEL}
        nextLabel={MORE_RESULTS_LABEL}
        href={(page) => searchPagePath(query, page, tag)}
      />
    </>
  );
}
