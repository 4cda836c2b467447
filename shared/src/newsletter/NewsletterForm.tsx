// The newsletter's sign-up form (docs/decisions/206): in the site's footer and after each article.
// An island where a page places it (docs/decisions/148): woken by the first focus or press, so the
// page ships no script before then; what was typed, and a press of Subscribe before the island was
// live, are kept (the island loader presses it again). The API answers every address alike, and
// the answer is what the visitor is told: to confirm from the mail it sent.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { NEWSLETTER_FORM } from '@portfolio/contract';
import { ApiError, subscribeToNewsletter } from '@portfolio/shared/api-client';
import { Button, Honeypot, useTypedBeforeHydration } from '@portfolio/shared/ui';
import styles from './NewsletterForm.module.css';

/** Said when the address is empty or not one, before anything is sent. */
export const NEWSLETTER_EMAIL_INVALID = 'Please enter a valid e-mail address.';
/** Said when the API could not be reached or did not say why. */
export const NEWSLETTER_FAILED = 'Your subscription could not be sent. Please try again.';

export interface NewsletterFormProps {
  /** A prefix for the form's ids, unique on the page (an island has no useId of its own). */
  idPrefix: string;
  /** The heading's level where the form stands (the footer's columns are h2s). */
  headingLevel?: 2 | 3;
}

const EMPTY = { email: '', website: '' };

/** What <input type=email> takes, roughly: something, an @, something with a dot. */
const looksLikeAnAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

export function NewsletterForm({ idPrefix, headingLevel = 2 }: NewsletterFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const pending = useRef<AbortController | null>(null);
  useTypedBeforeHydration(form, (typed) =>
    setValues((previous) => ({
      ...previous,
      ...Object.fromEntries(Object.entries(typed).filter(([name]) => name in previous)),
    })),
  );
  useEffect(() => () => pending.current?.abort(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const email = values.email.trim();
    if (!looksLikeAnAddress(email)) {
      setOutcome({ kind: 'error', text: NEWSLETTER_EMAIL_INVALID });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setOutcome(null);
    try {
      const message = await subscribeToNewsletter(
        { email, ...(values.website && { website: values.website }) },
        { signal: controller.signal },
      );
      if (controller.signal.aborted) return;
      setValues(EMPTY);
      setOutcome({ kind: 'success', text: message });
    } catch (error) {
      if (controller.signal.aborted) return;
      setOutcome({
        kind: 'error',
        text: error instanceof ApiError ? error.message : NEWSLETTER_FAILED,
      });
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${idPrefix}-heading`;
  const statusId = `${idPrefix}-status`;
  return (
    <section className={styles.newsletter} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        {NEWSLETTER_FORM.heading}
      </Heading>
      <p className={styles.lead}>{NEWSLETTER_FORM.lead}</p>
      <form ref={form} method="post" className={styles.form} noValidate onSubmit={onSubmit}>
        <label htmlFor={`${idPrefix}-email`} className={styles.label}>
          {NEWSLETTER_FORM.emailLabel}
        </label>
        <div className={styles.row}>
          <input
            id={`${idPrefix}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={(event) =>
              setValues((previous) => ({ ...previous, email: event.target.value }))
            }
            aria-describedby={statusId}
            className={styles.input}
          />
          <Button type="submit" disabled={busy}>
            {busy ? NEWSLETTER_FORM.sending : NEWSLETTER_FORM.submit}
          </Button>
        </div>
        <Honeypot
          id={`${idPrefix}-website`}
          value={values.website}
          onChange={(website) => setValues((previous) => ({ ...previous, website }))}
        />
        <div id={statusId} aria-live="polite" aria-atomic="true">
          {outcome && (
            <p className={outcome.kind === 'success' ? styles.success : styles.error}>
              {outcome.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
