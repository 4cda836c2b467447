import { Button } from '@portfolio/shared/ui';
import { NEXT_PAGE_LABEL, PREVIOUS_PAGE_LABEL, pageOfPages } from './admin-texts';
import styles from './admin.module.css';

/**
 * Previous and next page of an admin list, and where it stands ("Page 2 of 3", said when it
 * changes). At either end the button stays focusable, marked aria-disabled, so the keyboard
 * is not thrown back to the top of the page.
 */
export function Pager({
  label,
  page,
  pages,
  hasNext,
  onPage,
}: {
  label: string;
  /** 0 first. */
  page: number;
  /** How many there are, or null when unknown. */
  pages: number | null;
  hasNext: boolean;
  onPage(page: number): void;
}) {
  const hasPrevious = page > 0;
  return (
    <nav aria-label={label} className={styles.pager}>
      <Button
        variant="secondary"
        aria-disabled={!hasPrevious}
        onClick={() => {
          if (hasPrevious) onPage(page - 1);
        }}
      >
        {PREVIOUS_PAGE_LABEL}
      </Button>
      <p className={styles.pageOf} aria-live="polite">
        {pageOfPages(page + 1, pages)}
      </p>
      <Button
        variant="secondary"
        aria-disabled={!hasNext}
        onClick={() => {
          if (hasNext) onPage(page + 1);
        }}
      >
        {NEXT_PAGE_LABEL}
      </Button>
    </nav>
  );
}
