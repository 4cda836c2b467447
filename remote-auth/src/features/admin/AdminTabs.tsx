import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './admin.module.css';

export interface AdminTab {
  key: string;
  label: string;
  render(): ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected panel renders. */
export function AdminTabs({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: AdminTab[];
  selected: string;
  onSelect(key: string): void;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];

  /** The tab a key moves to from `index` (wrapping around), or null for other keys. */
  const targetOf = (key: string, index: number): number | null => {
    const last = tabs.length - 1;
    switch (key) {
      case 'ArrowRight':
        return index === last ? 0 : index + 1;
      case 'ArrowLeft':
        return index === 0 ? last : index - 1;
      case 'Home':
        return 0;
      case 'End':
        return last;
      default:
        return null;
    }
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = targetOf(event.key, index);
    const tab = target === null ? undefined : tabs[target];
    if (target === null || !tab) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current[target]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs}>
        {tabs.map((tab, index) => {
          const active = tab.key === current?.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${id}-panel-${current.key}`}
          aria-labelledby={`${id}-tab-${current.key}`}
          className={styles.panel}
        >
          {current.render()}
        </div>
      )}
    </>
  );
}
