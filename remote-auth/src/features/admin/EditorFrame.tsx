import { useEffect, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { CANCEL_LABEL, SAVE_BUSY, SAVE_LABEL } from '../../texts';
import styles from './admin.module.css';

/** The frame of a create/edit form: heading (focused when it opens), fields, Save and Cancel. */
export function EditorFrame({
  title,
  busy,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  busy: boolean;
  error: string | null;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Keyboard and screen-reader users land on the form they just opened.
    heading.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };

  return (
    <form className={styles.editor} onSubmit={submit} aria-busy={busy} aria-label={title}>
      <h3 ref={heading} tabIndex={-1} className={styles.editorTitle}>
        {title}
      </h3>
      {children}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? SAVE_BUSY : SAVE_LABEL}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {CANCEL_LABEL}
        </Button>
      </div>
    </form>
  );
}

/** Runs an editor's save with its busy and error states. */
export async function runSave(
  save: () => Promise<void>,
  setBusy: (busy: boolean) => void,
  setError: (error: string | null) => void,
  describe: (error: unknown) => string,
): Promise<void> {
  setBusy(true);
  setError(null);
  try {
    await save();
  } catch (caught) {
    setError(describe(caught));
    setBusy(false);
  }
}
