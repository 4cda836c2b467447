// A paged list's navigation: plain links (they work before and without JavaScript) to the
// previous and next pages and to numbered pages, the current one marked for assistive technology.
import { Link } from '@portfolio/shared/router';
import { pageNumberLabel } from '../../texts';
import type { ListPosition } from './page-numbers';
import { visiblePages } from './page-numbers';
import styles from './Pagination.module.css';

export interface PaginationProps {
  position: ListPosition;
  /** The navigation's accessible name. */
  label: string;
  /** The previous page's link text (newer articles, previous results). */
  previousLabel: string;
  /** The next page's link text. */
  nextLabel: string;
  /** The address of a page. */
  href(page: number): string;
}

export function Pagination({ position, label, previousLabel, nextLabel, href }: PaginationProps) {
  const { page, pageCount, hasNext } = position;
  if (page === 1 && !hasNext) return null;
  const numbers = pageCount === null ? [page] : visiblePages(page, pageCount);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul className={styles.pages}>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className={styles.step}>
              <span aria-hidden="true">← </span>
              {previousLabel}
            </Link>
          </li>
        )}
        {numbers.map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                className={styles.number}
                aria-current={n === page ? 'page' : undefined}
                aria-label={pageNumberLabel(n)}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {hasNext && (
          <li>
            <Link to={href(page + 1)} rel="next" className={styles.step}>
              {nextLabel}
              <span aria-hidden="true"> →</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
