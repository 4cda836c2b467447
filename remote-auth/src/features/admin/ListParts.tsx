// Parts the dashboard's searched, paged lists share (useFilteredPages: the inbox, the comments,
// the subscribers, the media): the buttons that choose what a list (or the Insights tab) shows,
// the search field, and what shows while a page loads or when it could not be loaded (with a way
// to try again).
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { LIST_LOADING, RETRY_LABEL } from '../../texts';
import { loadErrorMessage } from '../session/errors';
import type { ResourceState } from './use-resource';
import styles from './admin.module.css';

/** One choice of a ToggleGroup. */
export interface Toggle<T> {
  value: T;
  label: string;
}

/** Buttons of which the one chosen is pressed: a list's filter or box, the range shown. */
export function ToggleGroup<T>({
  label,
  toggles,
  chosen,
  onChoose,
}: {
  /** The group's name, as assistive technology announces it. */
  label: string;
  toggles: readonly Toggle<T>[];
  chosen: T;
  onChoose(value: T): void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.boxes}>
      {toggles.map((toggle) => (
        <Button
          key={toggle.label}
          variant={toggle.value === chosen ? 'primary' : 'secondary'}
          aria-pressed={toggle.value === chosen}
          onClick={() => onChoose(toggle.value)}
        >
          {toggle.label}
        </Button>
      ))}
    </div>
  );
}

/** The list's search: what is typed, searched once typing settles (useFilteredPages). */
export function ListSearch({
  id,
  label,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A spinner while the page loads; the reason and Retry when it could not be loaded. */
export function ListLoadState<T>({
  state,
  loadError,
  onRetry,
}: {
  state: ResourceState<T>;
  /** What the list says when it could not be loaded for another reason than the session's. */
  loadError: string;
  onRetry(): void;
}) {
  if (state.status === 'loading') return <Spinner label={LIST_LOADING} />;
  if (state.status !== 'error') return null;
  return (
    <ErrorMessage>
      {loadErrorMessage(state.error, loadError)}{' '}
      <Button variant="secondary" onClick={onRetry}>
        {RETRY_LABEL}
      </Button>
    </ErrorMessage>
  );
}
