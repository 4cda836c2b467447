import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** Error state: announced at once to screen readers. */
export function ErrorMessage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={[styles.error, className].filter(Boolean).join(' ')} role="alert">
      {children}
    </div>
  );
}
