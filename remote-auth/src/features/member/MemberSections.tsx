// What a member keeps on the site, on their dashboard (docs/decisions/206, 207): their newsletter
// subscription (one click either way), their comments in every state with a link to each
// published one, a download of all their data as JSON, and the deletion of their account.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { commentPath } from '@portfolio/contract';
import {
  ApiError,
  exportMyData,
  getMyComments,
  getMySubscription,
  setMySubscription,
} from '@portfolio/shared/api-client';
import type { MemberSubscription, OwnComment } from '@portfolio/shared/api-client';
import { useAuth } from '@portfolio/shared/auth';
import { deleteMyAccount } from '@portfolio/shared/auth-actions';
import { formatPostDate } from '@portfolio/shared/format';
import { Button, ErrorMessage, Modal, Spinner } from '@portfolio/shared/ui';
import { saveTextFile } from '../admin/save-file';
import { providerMessage } from '../session/errors';
import {
  CANCEL_LABEL,
  DELETE_ACCOUNT_BUSY,
  DELETE_ACCOUNT_CONFIRM,
  DELETE_ACCOUNT_DIALOG,
  DELETE_ACCOUNT_LABEL,
  DELETE_ACCOUNT_WARNING,
  EXPORT_DATA_BUSY,
  EXPORT_DATA_LABEL,
  MEMBER_NEWSLETTER_HEADING,
  MEMBER_NEWSLETTER_LOADING,
  MEMBER_NEWSLETTER_NONE,
  MEMBER_SUBSCRIBE_LABEL,
  MEMBER_UNSUBSCRIBE_LABEL,
  MY_COMMENTS_EMPTY,
  MY_COMMENTS_HEADING,
  MY_COMMENTS_LOADING,
  MY_COMMENT_STATUS,
  MY_DATA_FILE,
  MY_DATA_HEADING,
  MY_DATA_TEXT,
  memberNewsletterConfirmed,
  memberNewsletterPending,
} from '../../texts';
import styles from './MemberSections.module.css';

/** The member's ID token, or an error saying they are signed out. */
function useToken() {
  const { getIdToken } = useAuth();
  return async () => {
    const token = await getIdToken();
    if (!token) throw new ApiError('You are not signed in.', 401);
    return token;
  };
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : providerMessage(error);

export function NewsletterSection() {
  const token = useToken();
  const [state, setState] = useState<MemberSubscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const answer = await getMySubscription({ token: await token() });
        if (active) setState(answer);
      } catch (caught) {
        if (active) setError(messageOf(caught));
      }
    })();
    return () => {
      active = false;
    };
    // Once per member: the dashboard is keyed by uid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = async (subscribed: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(await setMySubscription(subscribed, { token: await token() }));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  let summary = MEMBER_NEWSLETTER_NONE;
  if (state?.subscribed && state.email) {
    summary =
      state.status === 'confirmed'
        ? memberNewsletterConfirmed(state.email)
        : memberNewsletterPending(state.email);
  }
  return (
    <Section id="member-newsletter" heading={MEMBER_NEWSLETTER_HEADING}>
      {state === null && !error ? (
        <Spinner label={MEMBER_NEWSLETTER_LOADING} />
      ) : (
        <>
          {/* Where it stands, said again as it changes (subscribed, waiting, unsubscribed). */}
          <p role="status">{summary}</p>
          <div>
            <Button
              variant={state?.subscribed ? 'secondary' : 'primary'}
              disabled={busy || state === null}
              onClick={() => void change(!state?.subscribed)}
            >
              {state?.subscribed ? MEMBER_UNSUBSCRIBE_LABEL : MEMBER_SUBSCRIBE_LABEL}
            </Button>
          </div>
        </>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </Section>
  );
}

export function MyCommentsSection() {
  const token = useToken();
  const [comments, setComments] = useState<OwnComment[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const mine = await getMyComments({ token: await token() });
        if (active) setComments(mine);
      } catch (caught) {
        if (active) setError(messageOf(caught));
      }
    })();
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Section id="member-comments" heading={MY_COMMENTS_HEADING}>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {!error && comments === null && <Spinner label={MY_COMMENTS_LOADING} />}
      {comments?.length === 0 && <p>{MY_COMMENTS_EMPTY}</p>}
      {comments && comments.length > 0 && (
        <ul className={styles.comments}>
          {comments.map((comment) => (
            <li key={comment._id} className={styles.comment}>
              <p className={styles.meta}>
                {comment.status === 'approved' ? (
                  <a href={commentPath(comment.articleSlug, comment, comment.replyPage)}>
                    {comment.articleTitle}
                  </a>
                ) : (
                  <span>{comment.articleTitle}</span>
                )}{' '}
                · <time dateTime={comment.createdAt}>{formatPostDate(comment.createdAt)}</time> ·{' '}
                <span className={styles[comment.status]}>{MY_COMMENT_STATUS[comment.status]}</span>
              </p>
              {/* As written: the site shows it rendered on the article, here it is the text. */}
              <p className={styles.body}>{comment.body}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** `onDeleted` is told what the API said once the account is gone (the member is signed out). */
export function MyDataSection({ onDeleted }: { onDeleted(message: string): void }) {
  const token = useToken();
  const [exporting, setExporting] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setExporting(true);
    setError(null);
    try {
      saveTextFile(MY_DATA_FILE, await exportMyData({ token: await token() }), 'application/json');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setExporting(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      const { message } = await deleteMyAccount();
      onDeleted(message);
    } catch (caught) {
      setAsking(false);
      setError(messageOf(caught));
      setDeleting(false);
    }
  };

  return (
    <Section id="member-data" heading={MY_DATA_HEADING}>
      <p>{MY_DATA_TEXT}</p>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={exporting} onClick={() => void download()}>
          {exporting ? EXPORT_DATA_BUSY : EXPORT_DATA_LABEL}
        </Button>
        <Button variant="danger" onClick={() => setAsking(true)}>
          {DELETE_ACCOUNT_LABEL}
        </Button>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {asking && (
        <Modal label={DELETE_ACCOUNT_DIALOG} onClose={() => !deleting && setAsking(false)}>
          <h2 className={styles.dialogTitle}>{DELETE_ACCOUNT_DIALOG}</h2>
          <p>{DELETE_ACCOUNT_WARNING}</p>
          <div className={styles.actions}>
            <Button variant="danger" disabled={deleting} onClick={() => void remove()}>
              {deleting ? DELETE_ACCOUNT_BUSY : DELETE_ACCOUNT_CONFIRM}
            </Button>
            <Button variant="secondary" disabled={deleting} onClick={() => setAsking(false)}>
              {CANCEL_LABEL}
            </Button>
          </div>
        </Modal>
      )}
    </Section>
  );
}
