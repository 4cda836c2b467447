import { useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import { formatPostDate } from '@portfolio/shared/format';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { DELETE_LABEL, EDIT_LABEL, LIST_LOADING, RETRY_LABEL } from '../../texts';
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
  /** Public list call (no token needed). Must be stable. */
  load(): Promise<T[]>;
  create(input: Input, options: { token: string }): Promise<T>;
  update(id: string, input: Input, options: { token: string }): Promise<T>;
  remove(id: string, options: { token: string }): Promise<void>;
  Editor: ComponentType<EditorProps<T, Input>>;
}

type Editing<T> = { item: T | null } | null;

/** List, create, edit and delete one kind of content through the admin endpoints. */
export function ContentManager<T extends ContentRecord, Input>({
  texts,
  load,
  create,
  update,
  remove,
  Editor,
}: ContentManagerProps<T, Input>) {
  const getToken = useAdminToken();
  const { state, reload } = useResource(load);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [notice, setNotice] = useState('');

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
      {state.status === 'loaded' &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>{texts.empty}</p>
        ) : (
          <ul className={styles.list}>
            {state.data.map((item) => (
              <li key={item._id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{item.title}</span>
                  <time dateTime={item.createdAt} className={styles.muted}>
                    {formatPostDate(item.createdAt)}
                  </time>
                </div>
                <div className={styles.itemActions}>
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
            ))}
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
