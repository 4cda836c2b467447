// The editors' Versions panel (docs/decisions/143): the saved versions the API keeps of the item
// (the last REVISIONS_KEPT), how the chosen one differs from what the editor holds (a line diff
// of the text, and the other fields that differ), and Restore, which puts the version into the
// editor's fields. Saving then stores it as the newest version; until then it is unsaved work
// like any other (kept in this browser, guarded on leaving).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RevisionSummary } from '@portfolio/contract';
import { getRevisions } from '@portfolio/shared/api-client';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { RETRY_LABEL } from '../../texts';
import { loadErrorMessage } from '../session/errors';
import { lineDiff } from './line-diff';
import type { DiffRow } from './line-diff';
import {
  ADDED_MARK,
  EMPTY_VALUE,
  FIELDS_DIFFER_LABEL,
  IN_EDITOR,
  IN_VERSION,
  LATEST_VERSION,
  NO_VERSIONS,
  ONLY_IN_EDITOR,
  ONLY_IN_VERSION,
  REMOVED_MARK,
  SAME_AS_EDITOR,
  TEXT_SAME,
  VERSIONS_HINT,
  VERSIONS_LABEL,
  VERSIONS_LIST_LABEL,
  VERSIONS_LOADING,
  VERSIONS_LOAD_ERROR,
  VERSION_LOADING,
  VERSION_LOAD_ERROR,
  compareHeading,
  compareLegend,
  diffLabel,
  restoreVersionConfirm,
  restoreVersionLabel,
  unchangedLines,
  versionDetails,
  versionName,
  versionRestored,
} from './revision-texts';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import styles from './VersionsPanel.module.css';

/** An editor's values: each field as the editor holds it, as text. */
type Values = Record<string, string>;

export interface VersionsPanelProps<V extends Values> {
  kind: 'articles' | 'projects';
  /** The item's id. */
  id: string;
  /** The values as stored: whether the editor holds unsaved changes a restore would replace. */
  saved: V;
  /** The values the editor holds now. */
  current: V;
  /** The field whose text is compared line by line (an article's content). */
  body: keyof V & string;
  /** Each field's label, in the order the editor shows them. */
  labels: Record<keyof V & string, string>;
  /** A saved version, as the editor's values. */
  read(number: number, options: { token: string }): Promise<V>;
  /** Puts a version's values into the editor's fields. */
  onRestore(values: V): void;
}

/** Closed at first: the versions are asked for when the owner opens it. */
export function VersionsPanel<V extends Values>(props: VersionsPanelProps<V>) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.versions}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="versions"
    >
      <summary className={styles.summary}>{VERSIONS_LABEL}</summary>
      {open && <VersionList {...props} />}
    </details>
  );
}

function VersionList<V extends Values>(props: VersionsPanelProps<V>) {
  const { kind, id } = props;
  const getToken = useAdminToken();
  const load = useCallback(
    async () => getRevisions(kind, id, { token: await getToken() }),
    [getToken, id, kind],
  );
  const { state, reload } = useResource(load);
  const [chosen, setChosen] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const revisions: RevisionSummary[] = state.status === 'loaded' ? state.data : [];

  return (
    <div className={styles.body}>
      <p className={styles.hint}>{VERSIONS_HINT}</p>
      {state.status === 'loading' && <Spinner label={VERSIONS_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, VERSIONS_LOAD_ERROR)}{' '}
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
      {state.status === 'loaded' && revisions.length === 0 && <p>{NO_VERSIONS}</p>}
      {revisions.length > 0 && (
        <ul className={styles.list} aria-label={VERSIONS_LIST_LABEL}>
          {revisions.map((revision, index) => (
            <li key={revision.number}>
              <button
                type="button"
                className={styles.version}
                aria-pressed={chosen === revision.number}
                onClick={() => {
                  setChosen(revision.number);
                  setNotice('');
                }}
              >
                <span className={styles.versionName}>
                  {versionName(revision.number)}
                  {index === 0 && ` (${LATEST_VERSION})`}
                </span>
                <span className={styles.versionTitle}>{revision.title}</span>
                <span className={styles.versionDetails}>{versionDetails(revision)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen !== null && (
        <VersionCompare
          key={chosen}
          number={chosen}
          {...props}
          onRestore={(values) => {
            props.onRestore(values);
            setNotice(versionRestored(chosen));
          }}
        />
      )}
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </div>
  );
}

function VersionCompare<V extends Values>({
  number,
  saved,
  current,
  body,
  labels,
  read,
  onRestore,
}: VersionsPanelProps<V> & { number: number }) {
  const headingId = useId();
  const getToken = useAdminToken();
  // The editor passes a new `read` each render: the version is read once, by the first.
  const reader = useRef(read);
  const load = useCallback(
    async () => reader.current(number, { token: await getToken() }),
    [getToken, number],
  );
  const { state, reload } = useResource(load);
  const version = state.status === 'loaded' ? state.data : null;
  const [rows, setRows] = useState<DiffRow[] | null>(null);
  const editorText = current[body];

  useEffect(() => {
    if (!version) return undefined;
    let active = true;
    void lineDiff(version[body] ?? '', editorText ?? '').then((diff) => {
      if (active) setRows(diff);
    });
    return () => {
      active = false;
    };
  }, [body, editorText, version]);

  const fields = version
    ? (Object.keys(labels) as (keyof V & string)[]).filter(
        (field) => field !== body && version[field] !== current[field],
      )
    : [];

  const restore = () => {
    if (!version) return;
    const unsaved = Object.keys(saved).some((field) => saved[field] !== current[field]);
    if (unsaved && !window.confirm(restoreVersionConfirm(number))) return;
    onRestore(version);
  };

  return (
    <section className={styles.compare} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.compareHeading}>
        {compareHeading(number)}
      </h4>
      {state.status === 'loading' && <Spinner label={VERSION_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, VERSION_LOAD_ERROR)}{' '}
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
      {version && rows && rows.length === 0 && fields.length === 0 && <p>{SAME_AS_EDITOR}</p>}
      {version && rows && rows.length === 0 && fields.length > 0 && <p>{TEXT_SAME}</p>}
      {version && fields.length > 0 && (
        <dl className={styles.fields} aria-label={FIELDS_DIFFER_LABEL}>
          {fields.map((field) => (
            <div key={field} className={styles.field}>
              <dt>{labels[field]}</dt>
              <dd>
                <span className={styles.side}>{IN_VERSION}:</span> {version[field] || EMPTY_VALUE}
              </dd>
              <dd>
                <span className={styles.side}>{IN_EDITOR}:</span> {current[field] || EMPTY_VALUE}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {rows && rows.length > 0 && (
        <>
          <p className={styles.hint}>{compareLegend(number)}</p>
          <ol className={styles.diff} aria-label={diffLabel(labels[body])}>
            {rows.map((row, index) => (
              // Rows have no identity of their own; the list is made anew for every diff.
              <DiffLine key={index} row={row} />
            ))}
          </ol>
        </>
      )}
      {version && (
        <div className={styles.actions}>
          <Button onClick={restore}>{restoreVersionLabel(number)}</Button>
        </div>
      )}
    </section>
  );
}

function DiffLine({ row }: { row: DiffRow }) {
  if (row.kind === 'skipped') {
    return <li className={styles.skipped}>{unchangedLines(row.count)}</li>;
  }
  // An empty line still takes a line's height.
  const text = row.text === '' ? '\u00a0' : row.text;
  if (row.kind === 'same') {
    return (
      <li className={styles.same}>
        <span className={styles.mark} aria-hidden="true">
          {' '}
        </span>
        <span>{text}</span>
      </li>
    );
  }
  const removed = row.kind === 'removed';
  const Change = removed ? 'del' : 'ins';
  return (
    <li className={removed ? styles.removed : styles.added}>
      <span className={styles.mark} aria-hidden="true">
        {removed ? REMOVED_MARK : ADDED_MARK}
      </span>
      <Change>
        <span className="visually-hidden">{removed ? ONLY_IN_VERSION : ONLY_IN_EDITOR} </span>
        {text}
      </Change>
    </li>
  );
}
