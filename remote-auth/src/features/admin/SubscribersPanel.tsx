// The dashboard's Subscribers tab (docs/decisions/206): the newsletter's addresses, the newest
// first, 50 a page, filtered by state and searched by address; each deleted after a question; the
// list as CSV, and a CSV file imported (215); and below it the newsletters sent, read again every
// few seconds while mails wait.
// `onConfirmed` hears how many are confirmed, for the tab's name and the articles' "Send as
// newsletter".
import { useCallback, useEffect, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { SUBSCRIBERS_PER_PAGE, SUBSCRIBER_IMPORT_MAX_BYTES } from '@portfolio/contract';
import type { Subscriber, SubscriberImport, SubscriberStatus } from '@portfolio/contract';
import {
  ApiError,
  cancelNewsletter,
  deleteSubscriber,
  getNewsletterSends,
  getSubscriberPage,
  getSubscribersCsv,
  importSubscribers,
} from '@portfolio/shared/api-client';
import { formatPostDate, formatPublicationTime } from '@portfolio/shared/format';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { adminErrorMessage, loadErrorMessage } from '../session/errors';
import { ConfirmDelete } from './ConfirmDelete';
import { ListLoadState, ListSearch, ToggleGroup } from './ListParts';
import {
  ARTICLE_LABEL,
  CANCEL_SEND_ERROR,
  CANCEL_SEND_LABEL,
  DELETE_SUBSCRIBER_LABEL,
  EXPORT_SUBSCRIBERS_ERROR,
  EXPORT_SUBSCRIBERS_LABEL,
  FAILED_LABEL,
  IMPORT_BUSY,
  IMPORT_ERROR,
  IMPORT_READ_ERROR,
  IMPORT_SUBSCRIBERS_HINT,
  IMPORT_SUBSCRIBERS_LABEL,
  IMPORT_TOO_LARGE,
  INVALID_LINES_LABEL,
  MEMBER_BADGE,
  NO_SENDS,
  NO_SUBSCRIBERS,
  NO_SUBSCRIBERS_HERE,
  NO_SUBSCRIBER_MATCHES,
  SEARCH_SUBSCRIBERS_LABEL,
  SENDS_HEADING,
  SENDS_LOAD_ERROR,
  SENDS_UPDATING,
  SENT_LABEL,
  SINCE_PREFIX,
  SUBSCRIBERS_FILE_NAME,
  SUBSCRIBERS_LOAD_ERROR,
  SUBSCRIBERS_PAGES_LABEL,
  SUBSCRIBERS_LIST_LABEL,
  WHEN_PUBLISHED,
  cancelSendLabel,
  SUBSCRIBER_DELETED,
  SUBSCRIBER_FILTERS,
  SUBSCRIBER_FILTERS_LABEL,
  SUBSCRIBER_STATUS_LABELS,
  TAB_SUBSCRIBERS,
  WAITING_LABEL,
  WHEN_LABEL,
  confirmedCount,
  deleteSubscriberLabel,
  importSummary,
  invalidLineText,
  moreInvalidLines,
} from './newsletter-texts';
import { Pager } from './Pager';
import { saveCsvFile } from './save-file';
import { useAdminToken } from './use-admin-token';
import { useFilteredPages } from './use-filtered-pages';
import type { PageQuery } from './use-filtered-pages';
import { useResource } from './use-resource';
import styles from './admin.module.css';
import panelStyles from './SubscribersPanel.module.css';

/** How often the newsletters sent are read again while any of their mails wait. */
export const SENDS_POLL_MS = 4000;

/** Since when an address is on the list: confirmed, or (still pending) when it was given. */
const sinceOf = (subscriber: Subscriber) => subscriber.confirmedAt ?? subscriber.createdAt;

export function SubscribersPanel({ onConfirmed }: { onConfirmed?(count: number | null): void }) {
  const id = useId();
  const getToken = useAdminToken();
  const load = useCallback(
    async (status: SubscriberStatus | undefined, page: PageQuery, options: { token: string }) => {
      const loaded = await getSubscriberPage({ ...page, ...(status && { status }) }, options);
      onConfirmed?.(loaded.confirmed);
      return loaded;
    },
    [onConfirmed],
  );
  const list = useFilteredPages(undefined, SUBSCRIBERS_PER_PAGE, load);
  const { filter: status, query, loaded } = list;
  const [notice, setNotice] = useState('');
  const [exportError, setExportError] = useState('');
  const [deleting, setDeleting] = useState<Subscriber | null>(null);

  const exportCsv = async () => {
    setExportError('');
    try {
      const csv = await getSubscribersCsv(
        { ...(status && { status }), query },
        { token: await getToken() },
      );
      saveCsvFile(SUBSCRIBERS_FILE_NAME, csv);
    } catch (error) {
      setExportError(loadErrorMessage(error, EXPORT_SUBSCRIBERS_ERROR));
    }
  };

  const remove = async (subscriber: Subscriber) => {
    await deleteSubscriber(subscriber._id, { token: await getToken() });
    setDeleting(null);
    setNotice(SUBSCRIBER_DELETED);
    list.removed();
  };

  const empty = query ? NO_SUBSCRIBER_MATCHES : status ? NO_SUBSCRIBERS_HERE : NO_SUBSCRIBERS;

  return (
    <div className={styles.manager}>
      <div className={styles.managerHeader}>
        <h2 className={styles.managerHeading}>
          {TAB_SUBSCRIBERS}
          {loaded?.confirmed != null && (
            <span className={styles.unreadCount}> {confirmedCount(loaded.confirmed)}</span>
          )}
        </h2>
        <Button variant="secondary" onClick={() => void exportCsv()}>
          {EXPORT_SUBSCRIBERS_LABEL}
        </Button>
      </div>
      {exportError && <ErrorMessage>{exportError}</ErrorMessage>}
      <ImportSubscribers onImported={list.reload} />
      <ToggleGroup
        label={SUBSCRIBER_FILTERS_LABEL}
        toggles={SUBSCRIBER_FILTERS}
        chosen={status}
        onChoose={list.setFilter}
      />
      <ListSearch
        id={`${id}-search`}
        label={SEARCH_SUBSCRIBERS_LABEL}
        value={list.typed}
        onChange={list.setTyped}
      />
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <ListLoadState state={list.state} loadError={SUBSCRIBERS_LOAD_ERROR} onRetry={list.reload} />
      {loaded &&
        (loaded.items.length === 0 ? (
          <p className={styles.muted}>{empty}</p>
        ) : (
          <ul className={panelStyles.subscribers} aria-label={SUBSCRIBERS_LIST_LABEL}>
            {loaded.items.map((subscriber) => (
              <li key={subscriber._id} className={panelStyles.subscriber}>
                <span className={panelStyles.who}>
                  <span className={panelStyles.address}>{subscriber.email}</span>
                  {subscriber.memberUid && (
                    <>
                      {' '}
                      <span className={styles.badge}>{MEMBER_BADGE}</span>
                    </>
                  )}
                </span>
                <span className={panelStyles.meta}>
                  <span className={`${styles.badge} ${panelStyles[subscriber.status]}`}>
                    {SUBSCRIBER_STATUS_LABELS[subscriber.status]}
                  </span>{' '}
                  <span className={styles.muted}>
                    {SINCE_PREFIX}{' '}
                    <time dateTime={sinceOf(subscriber)}>
                      {formatPostDate(sinceOf(subscriber))}
                    </time>
                  </span>
                </span>
                <Button
                  variant="danger"
                  className={panelStyles.delete}
                  aria-label={deleteSubscriberLabel(subscriber.email)}
                  onClick={() => {
                    setNotice('');
                    setDeleting(subscriber);
                  }}
                >
                  {DELETE_SUBSCRIBER_LABEL}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      {list.pager && <Pager label={SUBSCRIBERS_PAGES_LABEL} {...list.pager} />}
      <NewsletterSends />
      {deleting && (
        <ConfirmDelete
          title={deleting.email}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        />
      )}
    </div>
  );
}

/**
 * A file's text (UTF-8), or null when it cannot be read (gone from the disk, say). FileReader, not
 * Blob.text(): jsdom, which the tests run in, has none.
 */
function readText(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve(null);
    reader.readAsText(file);
  });
}

/**
 * "Import from CSV": the file chosen, read here and sent; then what the API made of it (added,
 * already there, the lines not valid), or why it refused the file (nobody added).
 */
function ImportSubscribers({ onImported }: { onImported(): void }) {
  const id = useId();
  const getToken = useAdminToken();
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<SubscriberImport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setResult(null);
    setError(null);
    setImporting(true);
    try {
      // Larger than the API takes: said at once, without sending it.
      const csv = file.size > SUBSCRIBER_IMPORT_MAX_BYTES ? undefined : await readText(file);
      if (csv === undefined) setError(IMPORT_TOO_LARGE);
      else if (csv === null) setError(IMPORT_READ_ERROR);
      else {
        setResult(await importSubscribers(csv, { token: await getToken() }));
        onImported();
      }
    } catch (caught) {
      // The API's refusal as it says it (why it cannot read the file); too large in plain words.
      setError(
        caught instanceof ApiError && caught.status === 413
          ? IMPORT_TOO_LARGE
          : adminErrorMessage(caught, IMPORT_ERROR),
      );
    } finally {
      setImporting(false);
      // The same file can be chosen again, once corrected.
      input.value = '';
    }
  };

  const unlisted = result ? result.invalidCount - result.invalid.length : 0;
  return (
    <div className={panelStyles.import}>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>{IMPORT_SUBSCRIBERS_LABEL}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className={styles.file}
          aria-describedby={`${id}-hint`}
          disabled={importing}
          onChange={(event) => void upload(event)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {IMPORT_SUBSCRIBERS_HINT}
        </p>
      </div>
      <p role="status" className={styles.notice}>
        {importing ? IMPORT_BUSY : result ? importSummary(result) : ''}
      </p>
      {result && result.invalid.length > 0 && (
        <ul className={panelStyles.invalidLines} aria-label={INVALID_LINES_LABEL}>
          {result.invalid.map((line) => (
            <li key={line.line}>{invalidLineText(line)}</li>
          ))}
        </ul>
      )}
      {unlisted > 0 && <p className={styles.muted}>{moreInvalidLines(unlisted)}</p>}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}

/** Each article sent, the latest first, with its mails sent, failed and waiting. */
function NewsletterSends() {
  const id = useId();
  const getToken = useAdminToken();
  const load = useCallback(async () => getNewsletterSends({ token: await getToken() }), [getToken]);
  const { state, reload } = useResource(load);
  const sends = state.status === 'loaded' ? state.data : null;
  const waiting = sends?.some((send) => send.waiting > 0) ?? false;
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  // A send that waits for its article's publication can still be called off.
  const cancel = async (articleId: string) => {
    setCancelling(articleId);
    setCancelError(null);
    try {
      await cancelNewsletter(articleId, { token: await getToken() });
      reload();
    } catch (caught) {
      setCancelError(adminErrorMessage(caught, CANCEL_SEND_ERROR));
    } finally {
      setCancelling(null);
    }
  };

  // While mails wait, read again a while after each answer; none waits, or the tab is left: no
  // more (a failed read shows its error and Retry instead).
  useEffect(() => {
    if (state.status !== 'loaded' || !state.data.some((send) => send.waiting > 0)) return;
    const timer = setTimeout(reload, SENDS_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, reload]);

  return (
    <section aria-labelledby={`${id}-heading`} className={panelStyles.sends}>
      <h3 id={`${id}-heading`}>{SENDS_HEADING}</h3>
      <ListLoadState state={state} loadError={SENDS_LOAD_ERROR} onRetry={reload} />
      {sends &&
        (sends.length === 0 ? (
          <p className={styles.muted}>{NO_SENDS}</p>
        ) : (
          <table className={panelStyles.table} aria-labelledby={`${id}-heading`}>
            <thead>
              <tr>
                <th scope="col">{ARTICLE_LABEL}</th>
                <th scope="col">{WHEN_LABEL}</th>
                <th scope="col" className={panelStyles.number}>
                  {SENT_LABEL}
                </th>
                <th scope="col" className={panelStyles.number}>
                  {FAILED_LABEL}
                </th>
                <th scope="col" className={panelStyles.number}>
                  {WAITING_LABEL}
                </th>
              </tr>
            </thead>
            <tbody>
              {sends.map((send) => (
                <tr key={send.articleId}>
                  <th scope="row">{send.articleTitle}</th>
                  <td>
                    {send.waitingForPublication ? (
                      WHEN_PUBLISHED
                    ) : (
                      <time dateTime={send.createdAt}>{formatPublicationTime(send.createdAt)}</time>
                    )}
                  </td>
                  <td className={panelStyles.number}>{send.sent}</td>
                  <td className={panelStyles.number}>{send.failed}</td>
                  <td className={panelStyles.number}>
                    {send.waitingForPublication ? (
                      <Button
                        variant="secondary"
                        aria-label={cancelSendLabel(send.articleTitle)}
                        disabled={cancelling !== null}
                        onClick={() => void cancel(send.articleId)}
                      >
                        {CANCEL_SEND_LABEL}
                      </Button>
                    ) : (
                      send.waiting
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {cancelError && <ErrorMessage>{cancelError}</ErrorMessage>}
      {waiting && <p className={styles.muted}>{SENDS_UPDATING}</p>}
    </section>
  );
}
