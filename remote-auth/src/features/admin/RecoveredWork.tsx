import { useCallback, useState } from 'react';
import { Button } from '@portfolio/shared/ui';
import {
  DISCARD_UNSAVED_CONFIRM,
  DISCARD_UNSAVED_LABEL,
  RECOVERED_LABEL,
  RESTORE_UNSAVED_LABEL,
  recoveredText,
} from './admin-texts';
import { useUnsavedWork } from './unsaved-work';
import styles from './admin.module.css';

/** The offer of the changes this browser kept from an earlier session of the editor. */
export function RecoveredWork({
  at,
  onRestore,
  onDiscard,
}: {
  at: string;
  onRestore(): void;
  onDiscard(): void;
}) {
  return (
    <div role="region" aria-label={RECOVERED_LABEL} className={styles.recovered}>
      <p>{recoveredText(at)}</p>
      <div className={styles.itemActions}>
        <Button onClick={onRestore}>{RESTORE_UNSAVED_LABEL}</Button>
        <Button variant="secondary" onClick={onDiscard}>
          {DISCARD_UNSAVED_LABEL}
        </Button>
      </div>
    </div>
  );
}

/**
 * An editor's unsaved work (useUnsavedWork) with what every editor does with it: `cancel` asks
 * before throwing changes away, `offer` is the offer of an earlier session's work (or null),
 * `forget` is for after a save.
 */
export function useEditorWork<V>({
  key,
  saved,
  current,
  savedAt,
  restore,
  onCancel,
}: {
  key: string;
  saved: V;
  current: V;
  savedAt?: string;
  /** Puts kept values back into the editor's fields. */
  restore(values: V): void;
  onCancel(): void;
}) {
  const work = useUnsavedWork(key, saved, current, savedAt);
  const { recovered } = work;
  const cancel = () => {
    if (work.dirty && !window.confirm(DISCARD_UNSAVED_CONFIRM)) return;
    work.forget();
    onCancel();
  };
  const offer = recovered && (
    <RecoveredWork
      at={recovered.at}
      onRestore={() => {
        restore(recovered.values);
        work.dismissRecovered();
      }}
      onDiscard={work.forget}
    />
  );
  return { cancel, forget: work.forget, offer };
}

/**
 * An editor's fields as one record: the values it opened with, what the owner has typed, a way
 * to change some of them or put a whole record in (kept work, a saved version), and the unsaved
 * work kept in this browser (useEditorWork).
 */
export function useEditorValues<V extends object>({
  key,
  initial,
  savedAt,
  onCancel,
}: {
  key: string;
  initial: () => V;
  savedAt?: string;
  onCancel(): void;
}) {
  const [saved] = useState(initial);
  const [values, setValues] = useState(saved);
  const fill: (values: V) => void = setValues;
  const set = useCallback((patch: Partial<V>) => setValues((now) => ({ ...now, ...patch })), []);
  const work = useEditorWork({ key, saved, current: values, savedAt, restore: fill, onCancel });
  return { saved, values, set, fill, work };
}
