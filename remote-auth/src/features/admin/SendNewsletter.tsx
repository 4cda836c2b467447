// "Send as newsletter" on a published article (docs/decisions/206): asked first, with how many
// confirmed subscribers it goes to when the dashboard knows; the API's answer then goes to the
// list's status line, a refusal (a draft: 409, no mail server: 503) stays in the question.
import { useState } from 'react';
import { sendNewsletter } from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Modal } from '@portfolio/shared/ui';
import { CANCEL_LABEL } from '../../texts';
import { adminErrorMessage } from '../session/errors';
import {
  CONFIRM_SEND_LABEL,
  SEND_BUSY,
  SEND_ERROR,
  SEND_LABEL,
  SEND_NEWSLETTER_LABEL,
  SEND_ONCE_NOTE,
  confirmSendText,
  sendNewsletterLabel,
} from './newsletter-texts';
import { useAdminToken } from './use-admin-token';
import styles from './admin.module.css';

export function SendNewsletter({
  article,
  confirmed,
  onSent,
}: {
  article: { _id: string; title: string };
  /** The confirmed subscribers, or null when unknown. */
  confirmed: number | null;
  /** The API's message once the article is queued. */
  onSent(message: string): void;
}) {
  const getToken = useAdminToken();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setAsking(false);
    setError(null);
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const { message } = await sendNewsletter(article._id, { token: await getToken() });
      close();
      onSent(message);
    } catch (caught) {
      setError(adminErrorMessage(caught, SEND_ERROR));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        aria-label={sendNewsletterLabel(article.title)}
        onClick={() => setAsking(true)}
      >
        {SEND_NEWSLETTER_LABEL}
      </Button>
      {asking && (
        <Modal label={CONFIRM_SEND_LABEL} onClose={close}>
          <p className={styles.confirmText}>{confirmSendText(article.title, confirmed)}</p>
          <p className={`${styles.confirmText} ${styles.muted}`}>{SEND_ONCE_NOTE}</p>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <div className={styles.actions}>
            <Button disabled={busy} onClick={() => void send()}>
              {busy ? SEND_BUSY : SEND_LABEL}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={close}>
              {CANCEL_LABEL}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
