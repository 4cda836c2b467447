import { useCallback, useState } from 'react';
import { getContactMessages, markContactMessageRead } from '@portfolio/shared/api-client';
import { formatPostDate } from '@portfolio/shared/format';
import type { StoredContactMessage } from '@portfolio/shared/types';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import {
  LIST_LOADING,
  MARK_READ_LABEL,
  MARK_UNREAD_LABEL,
  MESSAGES_LOAD_ERROR,
  NO_MESSAGES,
  READ_STATUS,
  RETRY_LABEL,
  TAB_MESSAGES,
  UNREAD_STATUS,
  MESSAGE_UPDATE_ERROR,
} from '../../texts';
import { adminErrorMessage, loadErrorMessage } from '../session/errors';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import styles from './admin.module.css';

/**
 * A mailto: link to exactly this address. Valid addresses may contain `?`, `&`, `=` and `%`,
 * which would otherwise start a query and add hidden headers (`bcc=`, `subject=`) to the reply.
 */
function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/** Contact messages (GET /api/contact, admin only), each can be marked read or unread. */
export function MessagesPanel() {
  const getToken = useAdminToken();
  const load = useCallback(async () => getContactMessages({ token: await getToken() }), [getToken]);
  const { state, reload } = useResource(load);
  // Local edits over the loaded list, so a toggle shows at once without a reload.
  const [overrides, setOverrides] = useState<Record<string, StoredContactMessage>>({});
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (message: StoredContactMessage) => {
    setPending(message._id);
    setError(null);
    try {
      const updated = await markContactMessageRead(message._id, !message.read, {
        token: await getToken(),
      });
      setOverrides((current) => ({ ...current, [updated._id]: updated }));
    } catch (caught) {
      setError(adminErrorMessage(caught, MESSAGE_UPDATE_ERROR));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className={styles.manager}>
      <div className={styles.managerHeader}>
        <h2 className={styles.managerHeading}>{TAB_MESSAGES}</h2>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {state.status === 'loading' && <Spinner label={LIST_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, MESSAGES_LOAD_ERROR)}{' '}
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
      {state.status === 'loaded' &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>{NO_MESSAGES}</p>
        ) : (
          <ul className={styles.list}>
            {state.data.map((original) => {
              const message = overrides[original._id] ?? original;
              return (
                <li
                  key={message._id}
                  className={[styles.message, message.read ? '' : styles.unread].join(' ')}
                >
                  <div className={styles.messageMeta}>
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
                  <div>
                    <Button
                      variant="secondary"
                      disabled={pending === message._id}
                      aria-label={`${message.read ? MARK_UNREAD_LABEL : MARK_READ_LABEL}: ${message.name}`}
                      onClick={() => void toggle(message)}
                    >
                      {message.read ? MARK_UNREAD_LABEL : MARK_READ_LABEL}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
    </div>
  );
}
