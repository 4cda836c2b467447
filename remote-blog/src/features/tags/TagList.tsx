// An article's tags (docs/decisions/132): a labelled list, each tag a link to its page. Shown on
// the cards and on the article page; nothing at all for an article without tags.
import { Link } from '@portfolio/shared/router';
import { TAGS_LABEL } from '../../texts';
import { tagPath } from '../articles/paths';
import styles from './TagList.module.css';

export interface TagListProps {
  tags: readonly string[] | undefined;
  className?: string;
}

export function TagList({ tags, className }: TagListProps) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className={[styles.tags, className ?? ''].join(' ')} aria-label={TAGS_LABEL}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagPath(tag)} className={styles.tag}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
