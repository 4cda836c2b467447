// One search result: title linking to the article, date, and the snippet with matches marked.
import { Link } from '@portfolio/shared/router';
import { formatPostDate } from '@portfolio/shared/format';
import type { SearchResult } from '@portfolio/shared/types';
import { NO_CONTENT } from '../../texts';
import { articleTitle } from '../articles/article-text';
import { articleHref } from '../articles/paths';
import { HighlightedText } from './HighlightedText';
import { parseSnippetHtml } from './snippet';
import styles from './SearchResultItem.module.css';

export function SearchResultItem({ result }: { result: SearchResult }) {
  // The API builds every snippet from the article's plain text (docs/decisions/072); an empty
  // one means the article has no text.
  const segments = parseSnippetHtml(result.snippet);
  const date = result.createdAt ? formatPostDate(result.createdAt) : '';
  return (
    <article className={styles.result}>
      <h2 className={styles.title}>
        <Link to={articleHref(result)}>{articleTitle(result.title)}</Link>
      </h2>
      {date && (
        <time className={styles.date} dateTime={result.createdAt}>
          {date}
        </time>
      )}
      <p className={segments.length > 0 ? styles.snippet : styles.empty}>
        {segments.length > 0 ? <HighlightedText segments={segments} /> : NO_CONTENT}
      </p>
    </article>
  );
}
