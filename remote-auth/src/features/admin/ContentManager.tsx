import { useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import type { PublicationInput } from '@portfolio/shared/api-client';
import {
  formatPostDate,
  formatPublicationTime,
  publicationLabel,
  publicationState,
} from '@portfolio/shared/format';
import { Link } from '@portfolio/shared/router';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import {
  DELETE_LABEL,
  EDIT_LABEL,
  LIST_LOADING,
  PREVIEW_LABEL,
  PUBLICATION_ERROR,
  PUBLISH_LABEL,
  PUBLISH_NOW_LABEL,
  RETRY_LABEL,
  UNPUBLISH_LABEL,
  VIEW_LABEL,
  publishedNotice,
  scheduledNotice,
  unpublishedNotice,
} from '../../texts';
import { adminErrorMessage } from '../session/errors';
import { loadErrorMessage } from '../session/errors';
import { ConfirmDelete } from './ConfirmDelete';
import type { EditorProps } from './ProjectEditor';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import styles from './admin.module.css';

interface ContentRecord {
  _id: string;
  title: string;
  createdAt: string;
  status?: string;
  publishedAt?: string | null;
}

export interface ContentManagerProps<T extends ContentRecord, Input> {
  texts: {
    heading: string;
    newLabel: string;
    empty: string;
    loadError: string;
    saved: string;
    deleted: string;
  };
  /** The list with drafts and scheduled items (an admin's token). Must be stable. */
  load(options: { token: string; includeDrafts: true }): Promise<T[]>;
  create(input: Input, options: { token: string }): Promise<T>;
  update(id: string, input: Input, options: { token: string }): Promise<T>;
  /** Publishes, schedules or unpublishes (docs/decisions/120). */
  setPublication(id: string, input: PublicationInput, options: { token: string }): Promise<T>;
  remove(id: string, options: { token: string }): Promise<void>;
  /** The item's page on the site, where an admin previews a draft. */
  pathOf(item: T): string;
  Editor: ComponentType<EditorProps<T, Input>>;
}

type Editing<T> = { item: T | null } | null;

/** List, create, edit and delete one kind of content through the admin endpoints. */
export function ContentManager<T extends ContentRecord, Input>({
  texts,
  load,
  create,
  update,
  setPublication,
  remove,
  pathOf,
  Editor,
}: ContentManagerProps<T, Input>) {
  const getToken = useAdminToken();
  const loadAll = useCallback(
    async () => load({ token: await getToken(), includeDrafts: true }),
    [getToken, load],
  );
  const { state, reload } = useResource(loadAll);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [notice, setNotice] = useState('');
  /** The item whose publication is changing, and what went wrong last. */
  const [publishing, setPublishing] = useState<string | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);

  const save = useCallback(
    async (input: Input) => {
      const options = { token: await getToken() };
      const item = editing?.item;
      if (item) await update(item._id, input, options);
      else await create(input, options);
      setEditing(null);
      setNotice(texts.saved);
      reload();
    },
    [create, editing, getToken, reload, texts.saved, update],
  );

  const publish = async (item: T, input: PublicationInput) => {
    setNotice('');
    setPublishError(null);
    setPublishing(item._id);
    try {
      const saved = await setPublication(item._id, input, { token: await getToken() });
      const now = publicationState(saved);
      setNotice(
        now.kind === 'draft'
          ? unpublishedNotice(saved.title)
          : now.kind === 'scheduled'
            ? scheduledNotice(saved.title, formatPublicationTime(now.at))
            : publishedNotice(saved.title),
      );
      reload();
    } catch (error) {
      setPublishError(adminErrorMessage(error, PUBLICATION_ERROR));
    } finally {
      setPublishing(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove(deleting._id, { token: await getToken() });
    setDeleting(null);
    setNotice(texts.deleted);
    reload();
  };

  return (
    <div className={styles.manager}>
      <div className={styles.managerHeader}>
        <h2 className={styles.managerHeading}>{texts.heading}</h2>
        {!editing && (
          <Button
            onClick={() => {
              setNotice('');
              setEditing({ item: null });
            }}
          >
            {texts.newLabel}
          </Button>
        )}
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      </div>
      {editing && (
        <Editor
          key={editing.item?._id ?? 'new'}
          initial={editing.item}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {state.status === 'loading' && <Spinner label={LIST_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, texts.loadError)}{' '}
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
      {publishError && <ErrorMessage>{publishError}</ErrorMessage>}
      {state.status === 'loaded' &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>{texts.empty}</p>
        ) : (
          <ul className={styles.list}>
            {state.data.map((item) => {
              const publication = publicationState(item);
              const busy = publishing === item._id;
              return (
                <li key={item._id} className={styles.item}>
                  <div className={styles.itemText}>
                    <span className={styles.itemTitle}>{item.title}</span>
                    <span className={styles.itemMeta}>
                      <span
                        className={`${styles.badge} ${styles[publication.kind]}`}
                        data-testid="publication-status"
                      >
                        {publicationLabel(publication)}
                      </span>
                      <time dateTime={item.createdAt} className={styles.muted}>
                        {formatPostDate(item.createdAt)}
                      </time>
                    </span>
                  </div>
                  <div className={styles.itemActions}>
                    <Link
                      className={styles.itemLink}
                      to={pathOf(item)}
                      aria-label={`${publication.kind === 'published' ? VIEW_LABEL : PREVIEW_LABEL} ${item.title}`}
                    >
                      {publication.kind === 'published' ? VIEW_LABEL : PREVIEW_LABEL}
                    </Link>
                    {publication.kind !== 'published' && (
                      <Button
                        aria-label={`${publication.kind === 'draft' ? PUBLISH_LABEL : PUBLISH_NOW_LABEL} ${item.title}`}
                        disabled={busy}
                        onClick={() => void publish(item, { status: 'published' })}
                      >
                        {publication.kind === 'draft' ? PUBLISH_LABEL : PUBLISH_NOW_LABEL}
                      </Button>
                    )}
                    {publication.kind !== 'draft' && (
                      <Button
                        variant="secondary"
                        aria-label={`${UNPUBLISH_LABEL} ${item.title}`}
                        disabled={busy}
                        onClick={() => void publish(item, { status: 'draft' })}
                      >
                        {UNPUBLISH_LABEL}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      aria-label={`${EDIT_LABEL} ${item.title}`}
                      onClick={() => {
                        setNotice('');
                        setEditing({ item });
                      }}
                    >
                      {EDIT_LABEL}
                    </Button>
                    <Button
                      variant="danger"
                      aria-label={`${DELETE_LABEL} ${item.title}`}
                      onClick={() => {
                        setNotice('');
                        setDeleting(item);
                      }}
                    >
                      {DELETE_LABEL}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
      {deleting && (
        <ConfirmDelete
          title={deleting.title}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
