import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { sendContactMessage } from '@portfolio/shared/api-client';
import type { ContactResult } from '@portfolio/shared/api-client';
import { Button, Honeypot, useTypedBeforeHydration } from '@portfolio/shared/ui';
import {
  CONTACT_BUSY_LABEL,
  CONTACT_EMAIL_LABEL,
  CONTACT_MAX_LENGTH,
  CONTACT_MESSAGE_LABEL,
  CONTACT_NAME_LABEL,
  CONTACT_REQUIRED_ERROR,
  CONTACT_SUBMIT_LABEL,
} from '../../texts';
import styles from './ContactForm.module.css';

export interface ContactOutcome {
  kind: 'success' | 'error';
  text: string;
}

export interface ContactFormProps {
  /** Turns the API's answer into what the form says: the two forms differ here (docs/product.md#contact). */
  judge(result: ContactResult): ContactOutcome;
  /** Shown when the request throws (network down, timeout). */
  exceptionText: string;
  /** id of the heading that names the form. */
  labelledBy: string;
}

type Field = 'name' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'message'];
const EMPTY = { name: '', email: '', message: '', website: '' };

/**
 * The contact form of the home and contact pages: name, email and message, all required.
 * The inputs carry `required` and `type="email"`, but the form is `noValidate`, so an empty field
 * shows the site's own message instead of the browser's bubble.
 */
export function ContactForm({ judge, exceptionText, labelledBy }: ContactFormProps) {
  // Ids from the heading's, not useId: the form is an island on pages of islands, hydrated in a
  // root of its own, where useId would not give the ids it was rendered with (docs/decisions/148).
  const id = `${labelledBy}-form`;
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<readonly Field[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ContactOutcome | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const pending = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // What a visitor typed before the page was live stays in the form's state.
  useTypedBeforeHydration(form, (typed) =>
    setValues((previous) => ({
      ...previous,
      ...Object.fromEntries(Object.entries(typed).filter(([name]) => name in previous)),
    })),
  );

  useEffect(() => () => pending.current?.abort(), []);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((previous) => ({ ...previous, [name]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const empty = FIELDS.filter((field) => values[field].trim() === '');
    setMissing(empty);
    if (empty.length > 0) {
      setOutcome({ kind: 'error', text: CONTACT_REQUIRED_ERROR });
      inputs.current[empty[0]!]?.focus();
      return;
    }
    // Everything is filled in: let the browser explain what else is wrong (an e-mail address
    // without "@", say) rather than sending a message the server will refuse.
    const form = event.currentTarget;
    if (!form.checkValidity()) {
      setOutcome(null);
      form.reportValidity();
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setOutcome(null);
    try {
      const { website, ...contact } = values;
      const result = await sendContactMessage(website ? { ...contact, website } : contact, {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      const verdict = judge(result);
      setOutcome(verdict);
      if (verdict.kind === 'success') setValues(EMPTY);
    } catch {
      if (controller.signal.aborted) return;
      setOutcome({ kind: 'error', text: exceptionText });
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const statusId = `${id}-status`;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange,
    required: true,
    maxLength: CONTACT_MAX_LENGTH[field],
    'aria-invalid': missing.includes(field) || undefined,
    'aria-describedby': missing.includes(field) ? statusId : undefined,
    className: styles.input,
  });

  return (
    <form
      ref={form}
      method="post"
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>{CONTACT_NAME_LABEL}</label>
        <input
          {...fieldProps('name')}
          ref={(element) => {
            inputs.current.name = element;
          }}
          type="text"
          autoComplete="name"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{CONTACT_EMAIL_LABEL}</label>
        <input
          {...fieldProps('email')}
          ref={(element) => {
            inputs.current.email = element;
          }}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>{CONTACT_MESSAGE_LABEL}</label>
        <textarea
          {...fieldProps('message')}
          ref={(element) => {
            inputs.current.message = element;
          }}
          rows={6}
        />
      </div>
      <Honeypot
        id={`${id}-website`}
        value={values.website}
        onChange={(website) => setValues((previous) => ({ ...previous, website }))}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? CONTACT_BUSY_LABEL : CONTACT_SUBMIT_LABEL}
        </Button>
      </div>
      <div id={statusId} className={styles.status} aria-live="polite" aria-atomic="true">
        {outcome && (
          <p className={outcome.kind === 'success' ? styles.success : styles.error}>
            {outcome.text}
          </p>
        )}
      </div>
    </form>
  );
}
