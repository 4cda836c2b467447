import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { ArticleInputSchema, ProjectInputSchema } from '@portfolio/contract';
import type { PublicationInput } from '@portfolio/shared/api-client';
import { publicationState } from '@portfolio/shared/format';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import {
  CANCEL_LABEL,
  PUBLISH_AT_HINT,
  PUBLISH_AT_LABEL,
  PUBLISH_LABEL,
  SAVE_AS_DRAFT_LABEL,
  SAVE_BUSY,
  SAVE_DRAFT_LABEL,
  SAVE_LABEL,
  SCHEDULE_LABEL,
  TITLE_LABEL,
  newOrEditTitle,
} from '../../texts';
import { adminErrorMessage } from '../session/errors';
import { TextField } from './TextField';
import styles from './admin.module.css';

/** What an editor knows of the item's publication (the item edited, or null for a new one). */
export interface EditedPublication {
  status?: string;
  publishedAt?: string | null;
  createdAt: string;
}

/** The API's limit on each kind's title. */
const TITLE_MAX_LENGTH = {
  article: ArticleInputSchema.properties.title.maxLength,
  project: ProjectInputSchema.properties.title.maxLength,
};

/** What the frame reads of the editor's values (useEditorValues): the title and the work kept. */
export interface FramedEditor {
  values: { title: string };
  set(patch: { title: string }): void;
  /** The unsaved work (useEditorWork): its offer to restore, and Cancel. */
  work: { offer: ReactNode; cancel(): void };
}

/** `<input type="datetime-local">` speaks local time without a zone: "2026-11-30T09:00". */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A planned or scheduled time is shown to be kept or changed; a past one is the API's to keep. */
function initialPublishAt(initial: EditedPublication | null): string {
  const at = initial?.publishedAt;
  return at && Date.parse(at) > Date.now() ? toLocalInput(at) : '';
}

/**
 * The frame of a create/edit form: heading (focused when it opens), the offer of work kept in
 * this browser, the item's title, the editor's own fields, the publication time and the buttons
 * that save it as a draft or publish it (docs/decisions/120), and Cancel (which asks before it
 * drops unsaved work). `onSubmit` gets the publication the admin chose; the editor adds its
 * fields.
 */
export function EditorFrame({
  kind,
  formId,
  initial,
  editor: { values, set, work },
  saving: { busy, error },
  onSubmit,
  children,
}: {
  kind: keyof typeof TITLE_MAX_LENGTH;
  formId: string;
  initial: EditedPublication | null;
  editor: FramedEditor;
  /** The save's state (useEditorSave). */
  saving: { busy: boolean; error: string | null };
  onSubmit(publication: PublicationInput): void;
  children: ReactNode;
}) {
  const heading = newOrEditTitle(kind, initial !== null);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [publishAt, setPublishAt] = useState(() => initialPublishAt(initial));
  const [chosen, setChosen] = useState<PublicationInput['status'] | null>(null);
  // "Later" and "live" are judged against when the editor opened (a render stays pure).
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    // Keyboard and screen-reader users land on the form they just opened.
    headingRef.current?.focus();
  }, []);

  const stood = initial && publicationState(initial, openedAt).kind;
  const wasPublished = stood === 'published' || stood === 'scheduled';
  const wasLive = stood === 'published';
  const time = publishAt ? new Date(publishAt) : null;
  const later = time !== null && time.getTime() > openedAt;
  const publishLabel = later ? SCHEDULE_LABEL : wasLive ? SAVE_LABEL : PUBLISH_LABEL;
  const draftLabel = wasPublished ? SAVE_AS_DRAFT_LABEL : SAVE_DRAFT_LABEL;

  const submit = (status: PublicationInput['status']) => {
    if (busy) return;
    setChosen(status);
    onSubmit({
      status,
      ...(time && !Number.isNaN(time.getTime()) && { publishedAt: time.toISOString() }),
    });
  };
  // Enter in a field saves as the item stands: a draft stays a draft, a published item stays so.
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(wasPublished ? 'published' : 'draft');
  };

  const draftButton = (
    <Button
      key="draft"
      type={wasPublished ? 'button' : 'submit'}
      variant={wasPublished ? 'secondary' : 'primary'}
      disabled={busy}
      onClick={(event) => {
        event.preventDefault();
        submit('draft');
      }}
    >
      {busy && chosen === 'draft' ? SAVE_BUSY : draftLabel}
    </Button>
  );
  const publishButton = (
    <Button
      key="publish"
      type={wasPublished ? 'submit' : 'button'}
      variant={wasPublished ? 'primary' : 'secondary'}
      disabled={busy}
      onClick={(event) => {
        event.preventDefault();
        submit('published');
      }}
    >
      {busy && chosen === 'published' ? SAVE_BUSY : publishLabel}
    </Button>
  );

  return (
    <form className={styles.editor} onSubmit={onFormSubmit} aria-busy={busy} aria-label={heading}>
      <h3 ref={headingRef} tabIndex={-1} className={styles.editorTitle}>
        {heading}
      </h3>
      {work.offer}
      <TextField
        formId={formId}
        name="title"
        label={TITLE_LABEL}
        required
        maxLength={TITLE_MAX_LENGTH[kind]}
        value={values.title}
        onChange={(title) => set({ title })}
      />
      {children}
      <div className={styles.field}>
        <label htmlFor={`${id}-publish-at`}>{PUBLISH_AT_LABEL}</label>
        <input
          id={`${id}-publish-at`}
          name="publishedAt"
          type="datetime-local"
          value={publishAt}
          aria-describedby={`${id}-publish-at-hint`}
          onChange={(event) => setPublishAt(event.target.value)}
        />
        <p id={`${id}-publish-at-hint`} className={styles.hint}>
          {PUBLISH_AT_HINT}
        </p>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className={styles.actions}>
        {wasPublished ? [publishButton, draftButton] : [draftButton, publishButton]}
        <Button variant="secondary" disabled={busy} onClick={work.cancel}>
          {CANCEL_LABEL}
        </Button>
      </div>
    </form>
  );
}

/**
 * An editor's save with its busy and error states: `save(input)` calls `onSave`, and a failure
 * shows `adminErrorMessage` of it, with `fallback` for an error that says nothing of its own.
 * `claim` takes the failures a field shows itself (true: not shown again with the buttons);
 * `onSaved` hears a save that went through.
 */
export function useEditorSave<Input>(
  onSave: (input: Input) => Promise<void>,
  fallback: string,
  claim?: (error: unknown) => boolean,
  /** After a save that went through (the unsaved work kept in the browser is then dropped). */
  onSaved?: () => void,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (input: Input): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await onSave(input);
      onSaved?.();
    } catch (caught) {
      if (!claim?.(caught)) setError(adminErrorMessage(caught, fallback));
      setBusy(false);
    }
  };
  return { busy, error, save };
}
