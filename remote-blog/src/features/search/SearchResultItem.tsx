// One search result: title linking to the article, date, and the snippet with matches marked.
import { Link } from '@portfolio/shared/router';
import { formatPostDate } from '@portfolio/shared/format';
import type { SearchResult } from '@portfolio/shared/types';
import { NO_CONTENT } from '../../texts';
import { articleTitle } from '../articles/article-text';
import { articlePath } from '../articles/paths';
import { HighlightedText } from './HighlightedText';
import { buildSnippet, parseSnippetHtml } from './snippet';
import styles from './SearchResultItem.module.css';

export function SearchResultItem({ result, query }: { result: SearchResult; query: string }) {
  const segments = result.snippet
    ? parseSnippetHtml(result.snippet)
    : buildSnippet(result.content ?? '', query);
  const date = result.createdAt ? formatPostDate(result.createdAt) : '';
  return (
    <article className={styles.result}>
      <h2 className={styles.title}>
        <Link to={articlePath(result._id)}>{articleTitle(result.title)}</Link>
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
