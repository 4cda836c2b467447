import { useState } from 'react';
import { Button, ErrorMessage, Modal } from '@portfolio/shared/ui';
import {
  CANCEL_LABEL,
  CONFIRM_DELETE_LABEL,
  DELETE_BUSY,
  DELETE_LABEL,
  confirmDeleteText,
  DELETE_ERROR,
} from '../../texts';
import { adminErrorMessage } from '../session/errors';
import styles from './admin.module.css';

/** Asks before a delete; stays open with the reason when the delete fails. */
export function ConfirmDelete({
  title,
  onConfirm,
  onCancel,
}: {
  title: string;
  onConfirm(): Promise<void>;
  onCancel(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(adminErrorMessage(caught, DELETE_ERROR));
      setBusy(false);
    }
  };

  return (
    <Modal label={CONFIRM_DELETE_LABEL} onClose={onCancel}>
      <p className={styles.confirmText}>{confirmDeleteText(title)}</p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className={styles.actions}>
        <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? DELETE_BUSY : DELETE_LABEL}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {CANCEL_LABEL}
        </Button>
      </div>
    </Modal>
  );
}
