// /search-article?query=…: article search results. The query comes from the address, so a new
// search from the navbar while this page is open updates the results.
import { useSearchParams } from '@portfolio/shared/router';
import { Spinner } from '@portfolio/shared/ui';
import { useDocumentMeta } from '../../features/document-meta/useDocumentMeta';
import { SearchResultItem } from '../../features/search/SearchResultItem';
import { useArticleSearch } from '../../features/search/useArticleSearch';
import {
  SEARCHING,
  SEARCH_EMPTY_HINT,
  SEARCH_TITLE,
  noResultsText,
  searchSummary,
} from '../../texts';
import styles from './SearchPage.module.css';

export default function SearchPage() {
  const [params] = useSearchParams();
  // Spec section 5: empty or whitespace-only text does nothing.
  const query = (params.get('query') ?? '').trim();
  const search = useArticleSearch(query);
  useDocumentMeta({ title: query ? `${SEARCH_TITLE}: ${query}` : SEARCH_TITLE });

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{SEARCH_TITLE}</h1>
        <p className={styles.summary}>{query ? searchSummary(query) : SEARCH_EMPTY_HINT}</p>
      </header>
      {search.status === 'loading' && <Spinner label={SEARCHING} />}
      {search.status === 'loaded' &&
        (search.results.length === 0 ? (
          <p className={styles.noResults} role="status">
            {noResultsText(query)}
          </p>
        ) : (
          <ul className={styles.results}>
            {search.results.map((result) => (
              <li key={result._id}>
                <SearchResultItem result={result} query={query} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
