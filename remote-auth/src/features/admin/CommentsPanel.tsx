// The dashboard's Comments tab (docs/decisions/200): members' comments, the pending first, 20 a
// page, filtered by state and searched; each approved, hidden or deleted, its member blocked or
// let back; and the owner's settings of what waits for approval. `onPending` hears how many
// wait, for the tab's name.
import { useCallback, useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { COMMENT_MAX_LINKS, DEFAULT_COMMENT_SETTINGS, commentPath } from '@portfolio/contract';
import type { CommentSettings, CommentStatus, ModeratedComment } from '@portfolio/contract';
import {
  actOnComments,
  getCommentSettings,
  getModerationPage,
  saveCommentSettings,
  setMemberBlocked,
} from '@portfolio/shared/api-client';
import { formatPostDate } from '@portfolio/shared/format';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { adminErrorMessage } from '../session/errors';
import {
  APPROVE_LABEL,
  BLOCKED_BADGE,
  BLOCK_LABEL,
  COMMENTS_LOAD_ERROR,
  COMMENTS_PAGES_LABEL,
  COMMENT_APPROVED,
  COMMENT_DELETED,
  COMMENT_FILTERS,
  COMMENT_FILTERS_LABEL,
  COMMENT_HIDDEN,
  COMMENT_SETTINGS_ERROR,
  COMMENT_SETTINGS_SAVED,
  COMMENT_SETTINGS_TITLE,
  COMMENT_UPDATE_ERROR,
  DELETED_MEMBER_BADGE,
  DELETED_MEMBER_CHOICES,
  DELETED_MEMBER_COMMENTS_LABEL,
  DELETE_COMMENT_LABEL,
  HIDE_LABEL,
  LINKS_BEFORE_REVIEW_LABEL,
  NO_COMMENTS_HERE,
  NO_COMMENT_MATCHES,
  NO_PENDING_COMMENTS,
  SAVE_COMMENT_SETTINGS,
  SEARCH_COMMENTS_LABEL,
  STATUS_LABELS,
  TAB_COMMENTS,
  UNBLOCK_LABEL,
  commentActionLabel,
  commentTitle,
  linkCount,
  memberBlocked,
  memberUnblocked,
  onArticle,
  pendingCount,
} from './comments-texts';
import { ConfirmDelete } from './ConfirmDelete';
import { ListLoadState, ListSearch, ToggleGroup } from './ListParts';
import { Pager } from './Pager';
import { useAdminToken } from './use-admin-token';
import { useFilteredPages } from './use-filtered-pages';
import type { PageQuery } from './use-filtered-pages';
import styles from './admin.module.css';
import panelStyles from './CommentsPanel.module.css';

export const COMMENTS_PER_PAGE = 20;

const articleHref = (comment: ModeratedComment) =>
  commentPath(comment.articleSlug, comment, comment.replyPage);

export function CommentsPanel({ onPending }: { onPending?(count: number | null): void }) {
  const id = useId();
  const getToken = useAdminToken();
  const load = useCallback(
    async (status: CommentStatus | undefined, page: PageQuery, options: { token: string }) => {
      const loaded = await getModerationPage({ ...page, ...(status && { status }) }, options);
      onPending?.(loaded.pending);
      return loaded;
    },
    [onPending],
  );
  const list = useFilteredPages('pending', COMMENTS_PER_PAGE, load);
  const { filter: status, query, loaded } = list;
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [deleting, setDeleting] = useState<ModeratedComment | null>(null);

  const run = async (comment: ModeratedComment, action: () => Promise<unknown>, done: string) => {
    setPending(comment._id);
    setError(null);
    setNotice('');
    try {
      await action();
      setNotice(done);
      // The comment may leave this list (approved out of the pending, say): read it again, or
      // the page before when it was the last of a later page.
      list.removed();
    } catch (caught) {
      setError(adminErrorMessage(caught, COMMENT_UPDATE_ERROR));
    } finally {
      setPending(null);
    }
  };
  const act = async (comment: ModeratedComment, action: 'approve' | 'hide' | 'delete') =>
    run(
      comment,
      async () => actOnComments([comment._id], action, { token: await getToken() }),
      action === 'approve'
        ? COMMENT_APPROVED
        : action === 'hide'
          ? COMMENT_HIDDEN
          : COMMENT_DELETED,
    );
  const block = (comment: ModeratedComment, blocked: boolean) =>
    comment.authorUid &&
    run(
      comment,
      async () => setMemberBlocked(comment.authorUid ?? '', blocked, { token: await getToken() }),
      blocked ? memberBlocked(comment.authorName) : memberUnblocked(comment.authorName),
    );

  const empty = query
    ? NO_COMMENT_MATCHES
    : status === 'pending'
      ? NO_PENDING_COMMENTS
      : NO_COMMENTS_HERE;

  return (
    <div className={styles.manager}>
      <div className={styles.managerHeader}>
        <h2 className={styles.managerHeading}>
          {TAB_COMMENTS}
          {loaded?.pending ? (
            <span className={styles.unreadCount}> {pendingCount(loaded.pending)}</span>
          ) : null}
        </h2>
      </div>
      <ToggleGroup
        label={COMMENT_FILTERS_LABEL}
        toggles={COMMENT_FILTERS}
        chosen={status}
        onChoose={list.setFilter}
      />
      <ListSearch
        id={`${id}-search`}
        label={SEARCH_COMMENTS_LABEL}
        value={list.typed}
        onChange={list.setTyped}
      />
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <ListLoadState state={list.state} loadError={COMMENTS_LOAD_ERROR} onRetry={list.reload} />
      {loaded &&
        (loaded.items.length === 0 ? (
          <p className={styles.muted}>{empty}</p>
        ) : (
          <ul className={styles.list}>
            {loaded.items.map((comment) => (
              <li key={comment._id} className={styles.message}>
                <div className={styles.messageMeta}>
                  <strong>{comment.authorName}</strong>
                  {comment.authorEmail && <span>{comment.authorEmail}</span>}
                  <a href={articleHref(comment)}>{onArticle(comment.articleTitle)}</a>
                  <time dateTime={comment.createdAt} className={styles.muted}>
                    {formatPostDate(comment.createdAt)}
                  </time>
                  <span className={styles.badge}>{STATUS_LABELS[comment.status]}</span>
                  {comment.links > 0 && (
                    <span className={styles.muted}>{linkCount(comment.links)}</span>
                  )}
                  {comment.authorBlocked && <span className={styles.badge}>{BLOCKED_BADGE}</span>}
                  {!comment.authorUid && (
                    <span className={styles.badge}>{DELETED_MEMBER_BADGE}</span>
                  )}
                </div>
                {/* The text as written: the owner reads what the member sent, markup and all. */}
                <p className={styles.messageText}>{comment.body}</p>
                <div className={styles.itemActions}>
                  {comment.status !== 'approved' && (
                    <Button
                      disabled={pending === comment._id}
                      aria-label={commentActionLabel(APPROVE_LABEL, comment.authorName)}
                      onClick={() => void act(comment, 'approve')}
                    >
                      {APPROVE_LABEL}
                    </Button>
                  )}
                  {comment.status !== 'hidden' && (
                    <Button
                      variant="secondary"
                      disabled={pending === comment._id}
                      aria-label={commentActionLabel(HIDE_LABEL, comment.authorName)}
                      onClick={() => void act(comment, 'hide')}
                    >
                      {HIDE_LABEL}
                    </Button>
                  )}
                  <Button
                    variant="danger"
                    disabled={pending === comment._id}
                    aria-label={commentActionLabel(DELETE_COMMENT_LABEL, comment.authorName)}
                    onClick={() => setDeleting(comment)}
                  >
                    {DELETE_COMMENT_LABEL}
                  </Button>
                  {comment.authorUid && (
                    <Button
                      variant="secondary"
                      disabled={pending === comment._id}
                      aria-label={commentActionLabel(
                        comment.authorBlocked ? UNBLOCK_LABEL : BLOCK_LABEL,
                        comment.authorName,
                      )}
                      onClick={() => void block(comment, !comment.authorBlocked)}
                    >
                      {comment.authorBlocked ? UNBLOCK_LABEL : BLOCK_LABEL}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
      {list.pager && <Pager label={COMMENTS_PAGES_LABEL} {...list.pager} />}
      <CommentSettingsForm />
      {deleting && (
        <ConfirmDelete
          title={commentTitle(deleting.authorName, deleting.body)}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await act(deleting, 'delete');
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}

/** What waits for approval, and what becomes of a deleted member's comments. */
function CommentSettingsForm() {
  const id = useId();
  const getToken = useAdminToken();
  const [settings, setSettings] = useState<CommentSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const loaded = await getCommentSettings({ token: await getToken() });
        if (active) setSettings(loaded);
      } catch {
        if (active) setSettings({ ...DEFAULT_COMMENT_SETTINGS });
      }
    })();
    return () => {
      active = false;
    };
  }, [getToken]);
  if (!settings) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      setSettings(await saveCommentSettings(settings, { token: await getToken() }));
      setOutcome({ kind: 'success', text: COMMENT_SETTINGS_SAVED });
    } catch (caught) {
      setOutcome({ kind: 'error', text: adminErrorMessage(caught, COMMENT_SETTINGS_ERROR) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.manager} onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{COMMENT_SETTINGS_TITLE}</h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-links`}>{LINKS_BEFORE_REVIEW_LABEL}</label>
        <input
          id={`${id}-links`}
          type="number"
          min={0}
          max={COMMENT_MAX_LINKS}
          value={settings.linksBeforeReview}
          onChange={(event) =>
            setSettings({
              ...settings,
              linksBeforeReview: Math.min(
                COMMENT_MAX_LINKS,
                Math.max(0, Math.trunc(Number(event.target.value) || 0)),
              ),
            })
          }
        />
      </div>
      <fieldset className={panelStyles.choices}>
        <legend>{DELETED_MEMBER_COMMENTS_LABEL}</legend>
        {DELETED_MEMBER_CHOICES.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name={`${id}-deleted`}
              value={choice.value}
              checked={settings.deletedMemberComments === choice.value}
              onChange={() => setSettings({ ...settings, deletedMemberComments: choice.value })}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={busy}>
          {SAVE_COMMENT_SETTINGS}
        </Button>
      </div>
      <p role="status" className={styles.notice}>
        {outcome?.kind === 'success' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'error' && <ErrorMessage>{outcome.text}</ErrorMessage>}
    </form>
  );
}
