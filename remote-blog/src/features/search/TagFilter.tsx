// The search page's tag filter (docs/decisions/132): a form that asks for the same search within
// one tag (`?tag=`, the first page of its results). A plain GET form, so it works before and
// without JavaScript; with it, the router goes there without a new document.
import { useId } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from '@portfolio/shared/router';
import { ALL_TAGS_LABEL, TAG_FILTER_LABEL, TAG_FILTER_SUBMIT } from '../../texts';
import { SEARCH_PATH, searchPagePath } from '../articles/paths';
import styles from './TagFilter.module.css';

export interface TagFilterProps {
  query: string;
  /** The tag in use; none: all tags. */
  tag: string | undefined;
  /** The tags to offer, in their order. */
  tags: readonly string[];
}

export function TagFilter({ query, tag, tags }: TagFilterProps) {
  const id = useId();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get('tag');
    void navigate(
      searchPagePath(query, 1, typeof chosen === 'string' && chosen ? chosen : undefined),
    );
  };
  return (
    <form method="get" action={SEARCH_PATH} className={styles.filter} onSubmit={submit}>
      <input type="hidden" name="query" value={query} />
      <label htmlFor={id} className={styles.label}>
        {TAG_FILTER_LABEL}
      </label>
      {/* Keyed on the tag in use, so a navigation to another one shows it chosen. */}
      <select key={tag ?? ''} id={id} name="tag" defaultValue={tag ?? ''} className={styles.select}>
        <option value="">{ALL_TAGS_LABEL}</option>
        {tags.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.submit}>
        {TAG_FILTER_SUBMIT}
      </button>
    </form>
  );
}
