import { useCallback, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { MediaItem } from '@portfolio/contract';
import type { PublicationInput } from '@portfolio/shared/api-client';
import {
  formatPostDate,
  formatPublicationTime,
  publicationLabel,
  publicationState,
} from '@portfolio/shared/format';
import type { PublicationState } from '@portfolio/shared/format';
import { Link } from '@portfolio/shared/router';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import {
  CANCEL_LABEL,
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
import { adminErrorMessage, loadErrorMessage } from '../session/errors';
import {
  ADMIN_PAGE_SIZE,
  CLEAR_FILTERS_LABEL,
  NO_MATCHES,
  TAGS_OF_ITEM,
  itemCount,
} from './admin-texts';
import { ConfirmDelete } from './ConfirmDelete';
import { ListFilters } from './ListFilters';
import { Pager } from './Pager';
import type { EditorProps } from './ProjectEditor';
import { confirmLeave } from './unsaved-work';
import { pageCount } from './list-page';
import { imagesDeletedNotice } from './media-texts';
import { UnusedImagesOffer, imagesOnlyShownBy } from './UnusedImagesOffer';
import type { AdminReadOptions, ListSource } from './list-page';
import { useAdminList } from './use-admin-list';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import styles from './admin.module.css';

interface ContentRecord {
  _id: string;
  title: string;
  createdAt: string;
  status?: string;
  publishedAt?: string | null;
  tags?: string[];
}

export interface ContentManagerProps<T extends ContentRecord, Input> {
  texts: {
    heading: string;
    newLabel: string;
    empty: string;
    loadError: string;
    saved: string;
    deleted: string;
    /** The search box's label. */
    search: string;
    /** The page navigation's name. */
    pages: string;
    /** The item count's noun. */
    kind: 'article' | 'project';
    /** While `loadOne` fetches the item to edit, and when it fails. */
    itemLoading?: string;
    itemLoadError?: string;
  };
  /** The list, paged and filtered (drafts and scheduled items too: an admin's token). */
  source: ListSource<T>;
  /**
   * The whole item for its editor, when a list's copy is not the item to edit (the articles':
   * their full text is read only when one is opened). Without it, the list's copy is edited.
   */
  loadOne?(id: string, options: AdminReadOptions): Promise<T>;
  create(input: Input, options: { token: string }): Promise<T>;
  update(id: string, input: Input, options: { token: string }): Promise<T>;
  /** Publishes, schedules or unpublishes (docs/decisions/120). */
  setPublication(id: string, input: PublicationInput, options: { token: string }): Promise<T>;
  remove(id: string, options: { token: string }): Promise<void>;
  /**
   * The stored images an item shows, asked before it is deleted: those nothing else shows are
   * then offered for deletion too (docs/decisions/142).
   */
  imagesOf?(id: string, options: { token: string }): Promise<MediaItem[]>;
  /** The item's page on the site, where an admin previews a draft. */
  pathOf(item: T): string;
  /**
   * More actions of an item, after its publication's (an article's "Send as newsletter"): given
   * the item, its publication state, and what tells the list's status line.
   */
  moreActions?(item: T, publication: PublicationState, notify: (text: string) => void): ReactNode;
  Editor: ComponentType<EditorProps<T, Input>>;
}

type Editing<T> = { item: T | null } | null;

/**
 * List, create, edit and delete one kind of content through the admin endpoints: a page at a
 * time (ADMIN_PAGE_SIZE), searched and filtered by status (and tag, when the source has tags).
 */
export function ContentManager<T extends ContentRecord, Input>({
  texts,
  source,
  loadOne,
  create,
  update,
  setPublication,
  remove,
  imagesOf,
  pathOf,
  moreActions,
  Editor,
}: ContentManagerProps<T, Input>) {
  const getToken = useAdminToken();
  const list = useAdminList(source, getToken);
  const { state, view, reload } = list;
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [notice, setNotice] = useState('');
  /** The item whose publication is changing, and what went wrong last. */
  const [publishing, setPublishing] = useState<string | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);
  /** Remounts the filters (their search box) when they are cleared. */
  const [cleared, setCleared] = useState(0);

  const save = useCallback(
    async (input: Input) => {
      const options = { token: await getToken() };
      const item = editing?.item;
      if (item) await update(item._id, input, options);
      else await create(input, options);
      setEditing(null);
      setNotice(texts.saved);
      // A new item is the newest: on the first page.
      reload(!item);
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

  /** What an item's further action tells (moreActions). */
  const notify = useCallback((text: string) => {
    setPublishError(null);
    setNotice(text);
  }, []);

  /** The deleted item's images nothing else shows, offered for deletion. */
  const [offer, setOffer] = useState<{ title: string; images: MediaItem[] } | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const options = { token: await getToken() };
    // Asked first: once deleted, the item no longer says what it showed. Without the answer
    // (an older API) nothing is offered, and the Media tab still lists what is left unused.
    const shown = imagesOf ? await imagesOf(deleting._id, options).catch(() => []) : [];
    await remove(deleting._id, options);
    const unused = imagesOnlyShownBy(texts.kind, deleting._id, shown);
    if (unused.length > 0) setOffer({ title: deleting.title, images: unused });
    setDeleting(null);
    setNotice(texts.deleted);
    reload();
  };

  const filtered = view.query !== '' || view.state !== null || view.tag !== null;
  const data = state.status === 'loaded' ? state.data : null;
  const pages = data ? pageCount(data.total, ADMIN_PAGE_SIZE) : null;
  const hasNext = data
    ? pages === null
      ? data.items.length === ADMIN_PAGE_SIZE
      : view.page + 1 < pages
    : false;

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
      {editing &&
        (editing.item && loadOne ? (
          <LoadedEditor
            key={editing.item._id}
            id={editing.item._id}
            load={loadOne}
            texts={texts}
            Editor={Editor}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Editor
            key={editing.item?._id ?? 'new'}
            initial={editing.item}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ))}
      <ListFilters
        key={cleared}
        searchLabel={texts.search}
        filters={view}
        tags={list.tags}
        onChange={list.filter}
      />
      {state.status === 'loading' && <Spinner label={LIST_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, texts.loadError)}{' '}
          <Button variant="secondary" onClick={() => reload()}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
      {publishError && <ErrorMessage>{publishError}</ErrorMessage>}
      {data && (
        // How many match, said when a search or a filter changes it.
        <p className={styles.muted} aria-live="polite" data-testid="list-total">
          {data.items.length === 0
            ? filtered
              ? NO_MATCHES
              : texts.empty
            : data.total !== null && itemCount(data.total, texts.kind)}
        </p>
      )}
      {data && data.items.length === 0 && filtered && (
        <p>
          <Button
            variant="secondary"
            onClick={() => {
              list.filter({ query: '', state: null, tag: null });
              setCleared((count) => count + 1);
            }}
          >
            {CLEAR_FILTERS_LABEL}
          </Button>
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className={styles.list} aria-busy={list.pending}>
          {data.items.map((item) => {
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
                  {item.tags && item.tags.length > 0 && (
                    <ul className={styles.chips} aria-label={TAGS_OF_ITEM}>
                      {item.tags.map((tag) => (
                        <li key={tag} className={styles.chip}>
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
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
                  {moreActions?.(item, publication, notify)}
                  <Button
                    variant="secondary"
                    aria-label={`${EDIT_LABEL} ${item.title}`}
                    onClick={() => {
                      // Another item's editor replaces this one: its unsaved work asks first.
                      if (!confirmLeave()) return;
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
      )}
      {data && (view.page > 0 || hasNext) && (
        <Pager
          label={texts.pages}
          page={view.page}
          pages={pages}
          hasNext={hasNext}
          onPage={list.goTo}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={deleting.title}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
      {offer && (
        <UnusedImagesOffer
          title={offer.title}
          images={offer.images}
          onDone={(count) => {
            setOffer(null);
            if (count > 0) setNotice(imagesDeletedNotice(count, texts.kind));
          }}
        />
      )}
    </div>
  );
}

/** Fetches the item to edit (its full text), then opens its editor. */
function LoadedEditor<T, Input>({
  id,
  load,
  texts,
  Editor,
  onSave,
  onCancel,
}: {
  id: string;
  load(id: string, options: AdminReadOptions): Promise<T>;
  texts: { itemLoading?: string; itemLoadError?: string; loadError: string };
  Editor: ComponentType<EditorProps<T, Input>>;
  onSave(input: Input): Promise<void>;
  onCancel(): void;
}) {
  const getToken = useAdminToken();
  const read = useCallback(
    async () => load(id, { token: await getToken(), includeDrafts: true }),
    [getToken, id, load],
  );
  const { state, reload } = useResource(read);
  if (state.status === 'loaded') {
    return <Editor initial={state.data} onSave={onSave} onCancel={onCancel} />;
  }
  if (state.status === 'loading') return <Spinner label={texts.itemLoading ?? LIST_LOADING} />;
  return (
    <ErrorMessage>
      {loadErrorMessage(state.error, texts.itemLoadError ?? texts.loadError)}{' '}
      <Button variant="secondary" onClick={reload}>
        {RETRY_LABEL}
      </Button>{' '}
      <Button variant="secondary" onClick={onCancel}>
        {CANCEL_LABEL}
      </Button>
    </ErrorMessage>
  );
}
