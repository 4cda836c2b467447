import { Button } from '@portfolio/shared/ui';
import {
  DISCARD_UNSAVED_LABEL,
  RECOVERED_LABEL,
  RESTORE_UNSAVED_LABEL,
  recoveredText,
} from './admin-texts';
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
