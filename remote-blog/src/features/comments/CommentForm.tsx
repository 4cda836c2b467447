// The comment form (docs/decisions/200), an island on the article page (docs/decisions/148): woken
// by the first focus or press, so the page ships no script before then; what was typed, and a
// press of "Post comment" before the island was live, are kept (the island loader presses it
// again). A visitor is asked to sign in or sign up, and comes back here once signed in.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  COMMENTS_ANCHOR,
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  commentAnchor,
  commentsHref,
} from '@portfolio/contract';
import { ApiError, postComment } from '@portfolio/shared/api-client';
import { useAuth } from '@portfolio/shared/auth';
import { SIGN_IN_PATH, SIGN_UP_PATH, returningTo } from '@portfolio/shared/return-to';
import { Button, Honeypot, useTypedBeforeHydration } from '@portfolio/shared/ui';
import {
  COMMENT_FAILED,
  COMMENT_FIELD_LABEL,
  COMMENT_FORMAT_HINT,
  NOTIFY_REPLIES_LABEL,
  POSTING_COMMENT_LABEL,
  POST_COMMENT_LABEL,
  POST_REPLY_LABEL,
  REPLY_FIELD_LABEL,
  SEE_COMMENT_LABEL,
  SIGN_IN_LINK_TEXT,
  SIGN_IN_TO_COMMENT_REST,
  SIGN_UP_LINK_TEXT,
} from '../../texts';
import { replyAnchor } from './comment-states';
import styles from './Comments.module.css';

export interface CommentFormProps {
  /** The article's id or slug, as the API takes it. */
  articleId: string;
  /** The article's address: where a visitor comes back to after signing in. */
  articlePath: string;
  /** The thread answered; none for a new thread. */
  parentId?: string;
  /** A prefix for the form's ids, unique on the page (the island has no useId of its own). */
  idPrefix: string;
}

interface Outcome {
  kind: 'success' | 'error';
  text: string;
  /** The comment, when it is published: a link to it. */
  commentId?: string;
}

const EMPTY = { body: '', website: '' };

export function CommentForm({ articleId, articlePath, parentId, idPrefix }: CommentFormProps) {
  const { user, loading, getIdToken } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [notify, setNotify] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const pending = useRef<AbortController | null>(null);
  useTypedBeforeHydration(form, (typed) =>
    setValues((previous) => ({
      ...previous,
      ...Object.fromEntries(Object.entries(typed).filter(([name]) => name in previous)),
    })),
  );
  useEffect(() => () => pending.current?.abort(), []);

  // A reply's thread is read alone (its replies shown): the form's links go back to it.
  const at = (anchor: string) =>
    commentsHref(articlePath, { order: 'newest', page: 1, thread: parentId ?? null }, anchor);

  if (!user && !loading) {
    const back = at(parentId ? replyAnchor(parentId) : COMMENTS_ANCHOR);
    return (
      <p className={styles.invitation}>
        <a href={returningTo(SIGN_IN_PATH, back)}>{SIGN_IN_LINK_TEXT}</a> or{' '}
        <a href={returningTo(SIGN_UP_PATH, back)}>{SIGN_UP_LINK_TEXT}</a>
        {SIGN_IN_TO_COMMENT_REST}
      </p>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = values.body.trim();
    if (!body) {
      setOutcome({ kind: 'error', text: COMMENT_FAILED });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setOutcome(null);
    try {
      const token = await getIdToken();
      if (!token) throw new ApiError(COMMENT_MESSAGES.signInToComment, 401);
      const answer = await postComment(
        articleId,
        {
          body,
          ...(parentId && { parentId }),
          ...(notify && { notifyReplies: true }),
          ...(values.website && { website: values.website }),
        },
        { token, signal: controller.signal },
      );
      if (controller.signal.aborted) return;
      setValues(EMPTY);
      setOutcome({
        kind: 'success',
        text: answer.message,
        ...(answer.comment?.status === 'approved' && { commentId: answer.comment._id }),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setOutcome({
        kind: 'error',
        text: error instanceof ApiError ? error.message : COMMENT_FAILED,
      });
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const statusId = `${idPrefix}-status`;
  const hintId = `${idPrefix}-hint`;
  return (
    <form ref={form} method="post" className={styles.form} noValidate onSubmit={onSubmit}>
      <label htmlFor={`${idPrefix}-body`}>
        {parentId ? REPLY_FIELD_LABEL : COMMENT_FIELD_LABEL}
      </label>
      <textarea
        id={`${idPrefix}-body`}
        name="body"
        rows={parentId ? 3 : 5}
        required
        maxLength={COMMENT_MAX_LENGTH}
        value={values.body}
        onChange={(event) => setValues((previous) => ({ ...previous, body: event.target.value }))}
        aria-describedby={`${hintId} ${statusId}`}
        className={styles.input}
      />
      <p id={hintId} className={styles.hint}>
        {COMMENT_FORMAT_HINT}
      </p>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          name="notifyReplies"
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />{' '}
        {NOTIFY_REPLIES_LABEL}
      </label>
      <Honeypot
        id={`${idPrefix}-website`}
        value={values.website}
        onChange={(website) => setValues((previous) => ({ ...previous, website }))}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? POSTING_COMMENT_LABEL : parentId ? POST_REPLY_LABEL : POST_COMMENT_LABEL}
        </Button>
      </div>
      <div id={statusId} aria-live="polite" aria-atomic="true">
        {outcome && (
          <p className={outcome.kind === 'success' ? styles.success : styles.error}>
            {outcome.text}
            {outcome.commentId && (
              <>
                {' '}
                <a href={at(commentAnchor(outcome.commentId))}>{SEE_COMMENT_LABEL}</a>
              </>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
