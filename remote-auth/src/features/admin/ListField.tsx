import type { ReactNode } from 'react';
import { Button } from '@portfolio/shared/ui';
import {
  addItemLabel,
  itemLegend,
  listCount,
  moveDownLabel,
  moveUpLabel,
  removeItemLabel,
} from './settings-texts';
import styles from './SettingsPanel.module.css';

export interface ListFieldProps<T> {
  /** The list's legend: "Profile links". */
  label: string;
  /** Its legend for screen readers only (a section's heading already says it). */
  hideLabel?: boolean;
  /** What one item is called: "Profile link" (its legend is "Profile link 2"). */
  item: string;
  items: readonly T[];
  /** The API's limit (the contract's maxItems). */
  max: number;
  /** A new, empty item. */
  blank(): T;
  onChange(items: T[]): void;
  /** The fields of one item; `update` changes some of its values. */
  children(item: T, update: (patch: Partial<T>) => void, position: number): ReactNode;
}

/**
 * A list the owner edits in place (certifications, positions, testimonials…): each item in its
 * own fieldset, with buttons that name it to move it up or down and to remove it, and one to
 * add an item while the list is under the API's limit.
 */
export function ListField<T>({
  label,
  hideLabel = false,
  item,
  items,
  max,
  blank,
  onChange,
  children,
}: ListFieldProps<T>) {
  const replace = (index: number, next: T) =>
    onChange(items.map((each, at) => (at === index ? next : each)));
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as T);
    onChange(next);
  };
  return (
    <fieldset className={styles.list}>
      <legend className={hideLabel ? 'visually-hidden' : undefined}>{label}</legend>
      {items.length > 0 && (
        <ol className={styles.items}>
          {items.map((value, index) => {
            const position = index + 1;
            return (
              <li key={index}>
                <fieldset className={styles.item}>
                  <legend>{itemLegend(item, position)}</legend>
                  {children(value, (patch) => replace(index, { ...value, ...patch }), position)}
                  <div className={styles.itemActions}>
                    <Button
                      variant="secondary"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <span aria-hidden="true">↑</span>
                      <span className="visually-hidden">{moveUpLabel(item, position)}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <span aria-hidden="true">↓</span>
                      <span className="visually-hidden">{moveDownLabel(item, position)}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => onChange(items.filter((_, at) => at !== index))}
                    >
                      {removeItemLabel(item, position)}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className={styles.listFoot}>
        <Button
          variant="secondary"
          disabled={items.length >= max}
          onClick={() => onChange([...items, blank()])}
        >
          {addItemLabel(item)}
        </Button>
        <p className={styles.hint}>{listCount(items.length, max)}</p>
      </div>
    </fieldset>
  );
}
