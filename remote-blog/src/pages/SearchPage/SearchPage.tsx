// /search-article?query=…: article search results. The query comes from the address, so a new
// search from the navbar while this page is open updates the results.
import { Suspense } from 'react';
import { useSearchParams } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { PageHead } from '@portfolio/shared/head';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import { Spinner } from '@portfolio/shared/ui';
import { SearchResultItem } from '../../features/search/SearchResultItem';
import { loadArticleSearch, searchQueryOf } from '../../features/search/search-state';
import type { ArticleSearchState } from '../../features/search/search-state';
import {
  SEARCHING,
  SEARCH_EMPTY_HINT,
  SEARCH_TITLE,
  noResultsText,
  searchSummary,
} from '../../texts';
import styles from './SearchPage.module.css';

export function loader(args: LoaderFunctionArgs) {
  return loadArticleSearch(searchQueryOf(new URL(args.request.url)), loaderRequestOptions(args));
}

/** Result lists change with the content: kept out of search engines (they index the articles). */
export const head: PageHead<typeof loader> = ({ url }) => {
  const query = searchQueryOf(url.searchParams);
  return { title: query ? `${SEARCH_TITLE}: ${query}` : SEARCH_TITLE, noindex: true };
};

export default function SearchPage() {
  const [params] = useSearchParams();
  // Empty or whitespace-only text searches nothing.
  const query = searchQueryOf(params);

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{SEARCH_TITLE}</h1>
        <p className={styles.summary}>{query ? searchSummary(query) : SEARCH_EMPTY_HINT}</p>
      </header>
      <Suspense fallback={<Spinner label={SEARCHING} />}>
        <SearchResults query={query} />
      </Suspense>
    </section>
  );
}

function SearchResults({ query }: { query: string }) {
  const search = usePageData<ArticleSearchState>();
  if (search.status !== 'loaded') return null;
  if (search.results.length === 0) {
    return (
      <p className={styles.noResults} role="status">
        {noResultsText(query)}
      </p>
    );
  }
  return (
    <ul className={styles.results}>
      {search.results.map((result) => (
        <li key={result._id}>
          <SearchResultItem result={result} />
        </li>
      ))}
    </ul>
  );
}
