import { useEffect, useId, useState } from 'react';
import type { ContentState, TagCount } from '@portfolio/contract';
import {
  ALL_STATUSES,
  ALL_TAGS,
  FILTERS_LABEL,
  STATUS_CHOICES,
  STATUS_FILTER_LABEL,
  TAG_FILTER_LABEL,
  tagChoiceLabel,
} from './admin-texts';
import type { Filters } from './use-admin-list';
import styles from './admin.module.css';

/** How long the search waits after the last key before it asks (Enter asks at once). */
export const SEARCH_DELAY_MS = 300;

const STATES = new Set<string>(STATUS_CHOICES.map((choice) => choice.state));
const isState = (value: string): value is ContentState => STATES.has(value);

/**
 * A list's search box and its status and tag filters (the tag filter when `tags` are known).
 * They wrap onto as many rows as the width needs.
 */
export function ListFilters({
  searchLabel,
  filters,
  tags,
  onChange,
}: {
  searchLabel: string;
  filters: Filters;
  /** The tags to offer, most used first; undefined while they load; null: no tag filter. */
  tags: TagCount[] | null | undefined;
  onChange(changes: Partial<Filters>): void;
}) {
  const id = useId();
  const [text, setText] = useState(filters.query);

  useEffect(() => {
    const timer = setTimeout(() => onChange({ query: text.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  // The chosen tag stays offered even when no article has it any more.
  const offered =
    tags && filters.tag && !tags.some(({ tag }) => tag === filters.tag)
      ? [...tags, { tag: filters.tag, count: 0 }]
      : (tags ?? []);

  return (
    <form
      role="search"
      aria-label={FILTERS_LABEL}
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ query: text.trim() });
      }}
    >
      <div className={`${styles.field} ${styles.searchField}`}>
        <label htmlFor={`${id}-query`}>{searchLabel}</label>
        <input
          id={`${id}-query`}
          name="query"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-state`}>{STATUS_FILTER_LABEL}</label>
        <select
          id={`${id}-state`}
          name="state"
          value={filters.state ?? ''}
          onChange={(event) => {
            const { value } = event.target;
            onChange({ state: isState(value) ? value : null });
          }}
        >
          <option value="">{ALL_STATUSES}</option>
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.state} value={choice.state}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {tags !== null && (
        <div className={styles.field}>
          <label htmlFor={`${id}-tag`}>{TAG_FILTER_LABEL}</label>
          <select
            id={`${id}-tag`}
            name="tag"
            value={filters.tag ?? ''}
            // Kept in its place while the tags load, so the row does not jump.
            disabled={tags === undefined}
            onChange={(event) => onChange({ tag: event.target.value || null })}
          >
            <option value="">{ALL_TAGS}</option>
            {offered.map(({ tag, count }) => (
              <option key={tag} value={tag}>
                {tagChoiceLabel(tag, count)}
              </option>
            ))}
          </select>
        </div>
      )}
    </form>
  );
}
