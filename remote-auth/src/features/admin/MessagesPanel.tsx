import { useCallback, useId, useState } from 'react';
import {
  actOnContactMessages,
  deleteContactMessage,
  getContactMessagePage,
  updateContactMessage,
} from '@portfolio/shared/api-client';
import type { ContactBulkAction } from '@portfolio/shared/api-client';
import type { MessageBox } from '@portfolio/contract';
import { formatPostDate } from '@portfolio/shared/format';
import type { StoredContactMessage } from '@portfolio/shared/types';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import {
  DELETE_LABEL,
  MARK_READ_LABEL,
  MARK_UNREAD_LABEL,
  MESSAGES_LOAD_ERROR,
  NO_MESSAGES,
  READ_STATUS,
  TAB_MESSAGES,
  UNREAD_STATUS,
  MESSAGE_UPDATE_ERROR,
} from '../../texts';
import { adminErrorMessage } from '../session/errors';
import {
  ARCHIVE_BOX_LABEL,
  ARCHIVE_LABEL,
  ARCHIVE_SELECTED_LABEL,
  DELETE_SELECTED_LABEL,
  INBOX_LABEL,
  MARK_SELECTED_READ_LABEL,
  MESSAGES_PAGES_LABEL,
  MESSAGE_BOXES_LABEL,
  MOVE_SELECTED_TO_INBOX_LABEL,
  MOVE_TO_INBOX_LABEL,
  NO_ARCHIVED_MESSAGES,
  NO_MESSAGE_MATCHES,
  SEARCH_MESSAGES_LABEL,
  SELECTED_ACTIONS_LABEL,
  SELECT_PAGE_LABEL,
  bulkNotice,
  messageTitle,
  selectMessageLabel,
  selectedCount,
  selectedMessagesTitle,
  unreadCount,
} from './admin-texts';
import { ConfirmDelete } from './ConfirmDelete';
import { ListLoadState, ListSearch, ToggleGroup } from './ListParts';
import type { Toggle } from './ListParts';
import { NotificationSettingsSection } from './NotificationSettingsForm';
import { Pager } from './Pager';
import { useAdminToken } from './use-admin-token';
import { useFilteredPages } from './use-filtered-pages';
import type { PageQuery } from './use-filtered-pages';
import styles from './admin.module.css';
import inboxStyles from './MessagesPanel.module.css';

/** Messages a page shows. */
export const MESSAGES_PER_PAGE = 20;

/**
 * A mailto: link to exactly this address. Valid addresses may contain `?`, `&`, `=` and `%`,
 * which would otherwise start a query and add hidden headers (`bcc=`, `subject=`) to the reply.
 */
function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

const BOXES: readonly Toggle<MessageBox>[] = [
  { value: 'inbox', label: INBOX_LABEL },
  { value: 'archive', label: ARCHIVE_BOX_LABEL },
];

/**
 * Contact messages (GET /api/contact, admin only), 20 a page, in the inbox or the archive,
 * searched: each can be marked read or unread, archived (or brought back) and deleted, and so can
 * several selected at once (POST /api/contact/bulk, docs/decisions/144). `onUnread` hears how many
 * of the inbox wait unread, for the tab's name.
 */
export function MessagesPanel({ onUnread }: { onUnread?(count: number | null): void }) {
  const id = useId();
  const getToken = useAdminToken();
  const load = useCallback(
    async (box: MessageBox, page: PageQuery, options: { token: string }) => {
      const loaded = await getContactMessagePage({ ...page, box }, options);
      onUnread?.(loaded.unread);
      return loaded;
    },
    [onUnread],
  );
  const list = useFilteredPages('inbox', MESSAGES_PER_PAGE, load);
  const { filter: box, query, page, loaded } = list;
  // A message marked read or unread changes in place (and the count with it); archived or
  // deleted, it leaves the box: the page is read again.
  const [overrides, setOverrides] = useState<Record<string, StoredContactMessage>>({});
  const [unreadChange, setUnreadChange] = useState(0);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StoredContactMessage | null>(null);
  /** The messages selected on the page shown (another page, box or search: none). */
  const shown = `${box}\n${page}\n${query}`;
  const [selection, setSelection] = useState<{ shown: string; ids: string[] }>({
    shown,
    ids: [],
  });
  const selected = selection.shown === shown ? selection.ids : [];
  const select = (ids: string[]) => setSelection({ shown, ids });
  const [deletingSelected, setDeletingSelected] = useState(false);
  const [notice, setNotice] = useState('');
  const unread = loaded?.unread == null ? null : loaded.unread + unreadChange;

  /** The page read again: `leaving` messages left the box, the others changed in place. */
  const reloadPage = (leaving: number) => {
    setOverrides({});
    setUnreadChange(0);
    if (leaving > 0) list.removed(leaving);
    else list.reload();
  };

  const update = async (
    message: StoredContactMessage,
    next: { read: boolean; archived?: boolean },
  ) => {
    setPending(message._id);
    setError(null);
    try {
      const updated = await updateContactMessage(message._id, next, { token: await getToken() });
      if (next.archived === undefined) {
        setOverrides((current) => ({ ...current, [updated._id]: updated }));
        const inInbox = !updated.archived;
        if (inInbox && updated.read !== message.read) {
          const change = updated.read ? -1 : 1;
          setUnreadChange((current) => current + change);
          if (unread !== null) onUnread?.(unread + change);
        }
      } else reloadPage(1);
    } catch (caught) {
      setError(adminErrorMessage(caught, MESSAGE_UPDATE_ERROR));
    } finally {
      setPending(null);
    }
  };

  /** One action on every selected message; they leave the box (or change in place: reloaded). */
  const act = async (action: Exclude<ContactBulkAction, 'unread'>) => {
    const ids = selected;
    setPending('selected');
    setError(null);
    setNotice('');
    try {
      const count = await actOnContactMessages(ids, action, { token: await getToken() });
      select([]);
      setNotice(bulkNotice(action, count));
      reloadPage(action === 'read' ? 0 : ids.length);
    } catch (caught) {
      setError(adminErrorMessage(caught, MESSAGE_UPDATE_ERROR));
      throw caught;
    } finally {
      setPending(null);
    }
  };

  return (
    <div className={styles.manager}>
      <div className={styles.managerHeader}>
        <h2 className={styles.managerHeading}>
          {TAB_MESSAGES}
          {loaded?.unread ? (
            <span className={styles.unreadCount}> {unreadCount(loaded.unread)}</span>
          ) : null}
        </h2>
      </div>
      <ToggleGroup
        label={MESSAGE_BOXES_LABEL}
        toggles={BOXES}
        chosen={box}
        onChoose={list.setFilter}
      />
      <ListSearch
        id={`${id}-search`}
        label={SEARCH_MESSAGES_LABEL}
        value={list.typed}
        onChange={list.setTyped}
        className={inboxStyles.search}
      />
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <ListLoadState state={list.state} loadError={MESSAGES_LOAD_ERROR} onRetry={list.reload} />
      {loaded && loaded.items.length > 0 && (
        <div role="group" aria-label={SELECTED_ACTIONS_LABEL} className={inboxStyles.selection}>
          <label className={inboxStyles.check}>
            <input
              type="checkbox"
              checked={selected.length === loaded.items.length}
              ref={(element) => {
                if (element) {
                  element.indeterminate =
                    selected.length > 0 && selected.length < loaded.items.length;
                }
              }}
              onChange={(event) =>
                select(event.target.checked ? loaded.items.map((message) => message._id) : [])
              }
            />
            {SELECT_PAGE_LABEL}
          </label>
          {selected.length > 0 && (
            <>
              <span className={styles.muted}>{selectedCount(selected.length)}</span>
              {box === 'inbox' && (
                <Button
                  variant="secondary"
                  disabled={pending !== null}
                  onClick={() => void act('read').catch(() => undefined)}
                >
                  {MARK_SELECTED_READ_LABEL}
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={pending !== null}
                onClick={() =>
                  void act(box === 'inbox' ? 'archive' : 'unarchive').catch(() => undefined)
                }
              >
                {box === 'inbox' ? ARCHIVE_SELECTED_LABEL : MOVE_SELECTED_TO_INBOX_LABEL}
              </Button>
              <Button
                variant="danger"
                disabled={pending !== null}
                onClick={() => setDeletingSelected(true)}
              >
                {DELETE_SELECTED_LABEL}
              </Button>
            </>
          )}
        </div>
      )}
      {loaded &&
        (loaded.items.length === 0 ? (
          <p className={styles.muted}>
            {query ? NO_MESSAGE_MATCHES : box === 'inbox' ? NO_MESSAGES : NO_ARCHIVED_MESSAGES}
          </p>
        ) : (
          <ul className={styles.list}>
            {loaded.items.map((original) => {
              const message = overrides[original._id] ?? original;
              return (
                <li
                  key={message._id}
                  className={[styles.message, message.read ? '' : styles.unread].join(' ')}
                >
                  <div className={styles.messageMeta}>
                    <input
                      type="checkbox"
                      className={inboxStyles.messageCheck}
                      aria-label={selectMessageLabel(message.name)}
                      checked={selected.includes(message._id)}
                      onChange={(event) =>
                        select(
                          event.target.checked
                            ? [...selected, message._id]
                            : selected.filter((one) => one !== message._id),
                        )
                      }
                    />
                    <strong>{message.name}</strong>
                    <a href={mailtoHref(message.email)}>{message.email}</a>
                    <time dateTime={message.createdAt} className={styles.muted}>
                      {formatPostDate(message.createdAt)}
                    </time>
                    <span className={styles.badge}>
                      {message.read ? READ_STATUS : UNREAD_STATUS}
                    </span>
                  </div>
                  <p className={styles.messageText}>{message.message}</p>
                  <div className={styles.itemActions}>
                    <Button
                      variant="secondary"
                      disabled={pending === message._id}
                      aria-label={`${message.read ? MARK_UNREAD_LABEL : MARK_READ_LABEL}: ${message.name}`}
                      onClick={() => void update(message, { read: !message.read })}
                    >
                      {message.read ? MARK_UNREAD_LABEL : MARK_READ_LABEL}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={pending === message._id}
                      aria-label={`${message.archived ? MOVE_TO_INBOX_LABEL : ARCHIVE_LABEL}: ${message.name}`}
                      // Archiving is done with a message: it counts as read.
                      onClick={() =>
                        void update(
                          message,
                          message.archived
                            ? { read: message.read, archived: false }
                            : { read: true, archived: true },
                        )
                      }
                    >
                      {message.archived ? MOVE_TO_INBOX_LABEL : ARCHIVE_LABEL}
                    </Button>
                    <Button
                      variant="danger"
                      disabled={pending === message._id}
                      aria-label={`${DELETE_LABEL}: ${message.name}`}
                      onClick={() => setDeleting(message)}
                    >
                      {DELETE_LABEL}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
      {list.pager && <Pager label={MESSAGES_PAGES_LABEL} {...list.pager} />}
      <NotificationSettingsSection />
      {deletingSelected && (
        <ConfirmDelete
          title={selectedMessagesTitle(selected.length)}
          onCancel={() => setDeletingSelected(false)}
          onConfirm={async () => {
            await act('delete');
            setDeletingSelected(false);
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={messageTitle(deleting.name, deleting.message)}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteContactMessage(deleting._id, { token: await getToken() });
            setDeleting(null);
            reloadPage(1);
          }}
        />
      )}
    </div>
  );
}
