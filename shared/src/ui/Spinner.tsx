import styles from './ui.module.css';

/** Loading state: announced politely to screen readers. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.spinner} role="status" aria-live="polite">
      {label}
    </div>
  );
}
