// "Send as newsletter" on a published article (docs/decisions/206): asked first, with how many
// confirmed subscribers it goes to when the dashboard knows; the API's answer then goes to the
// list's status line, a refusal (no mail server: 503) stays in the question. On a draft or a
// scheduled article, "Send when published": the API sends it once it is public (the
// Subscribers tab lists it until then, with a way to cancel).
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
  SEND_WHEN_PUBLISHED_LABEL,
  confirmSendText,
  confirmSendWhenPublishedText,
  sendNewsletterLabel,
  sendWhenPublishedLabel,
} from './newsletter-texts';
import { useAdminToken } from './use-admin-token';
import styles from './admin.module.css';

export function SendNewsletter({
  article,
  published,
  confirmed,
  onSent,
}: {
  article: { _id: string; title: string };
  /** Public now: sent at once; else sent when it is published. */
  published: boolean;
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
      const { message } = await sendNewsletter(
        article._id,
        { token: await getToken() },
        { whenPublished: !published },
      );
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
        aria-label={(published ? sendNewsletterLabel : sendWhenPublishedLabel)(article.title)}
        onClick={() => setAsking(true)}
      >
        {published ? SEND_NEWSLETTER_LABEL : SEND_WHEN_PUBLISHED_LABEL}
      </Button>
      {asking && (
        <Modal label={CONFIRM_SEND_LABEL} onClose={close}>
          <p className={styles.confirmText}>
            {published
              ? confirmSendText(article.title, confirmed)
              : confirmSendWhenPublishedText(article.title)}
          </p>
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
