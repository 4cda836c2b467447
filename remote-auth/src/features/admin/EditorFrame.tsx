import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { CANCEL_LABEL, SAVE_BUSY, SAVE_LABEL } from '../../texts';
import { adminErrorMessage } from '../session/errors';
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

/**
 * An editor's save with its busy and error states: `save(input)` calls `onSave`, and a failure
 * shows `adminErrorMessage` of it, with `fallback` for an error that says nothing of its own.
 */
export function useEditorSave<Input>(onSave: (input: Input) => Promise<void>, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (input: Input): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await onSave(input);
    } catch (caught) {
      setError(adminErrorMessage(caught, fallback));
      setBusy(false);
    }
  };
  return { busy, error, save };
}
