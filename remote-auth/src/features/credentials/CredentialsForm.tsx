import { useId, useRef, useState } from 'react';
import { ProfileInputSchema } from '@portfolio/contract';
import type { FormEvent } from 'react';
import type { Credentials } from '@portfolio/shared/auth-actions';
import { Button, ErrorMessage, useTypedBeforeHydration } from '@portfolio/shared/ui';
import { CREDENTIALS_REQUIRED, EMAIL_LABEL, PASSWORD_LABEL, USERNAME_LABEL } from '../../texts';
import styles from './CredentialsForm.module.css';

export interface CredentialsFormProps {
  submitLabel: string;
  /** The label the button shows while this form's action runs (docs/product.md#accounts). */
  busyLabel: string;
  /** This form's action is running. */
  busy: boolean;
  /** Another action of the page is running (e.g. the Google button). */
  disabled?: boolean;
  passwordAutoComplete: 'new-password' | 'current-password';
  onSubmit(credentials: Credentials): void;
}

/** Username, email and password, all required. */
export function CredentialsForm({
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
  passwordAutoComplete,
  onSubmit,
}: CredentialsFormProps) {
  const id = useId();
  const [values, setValues] = useState<Credentials>({ username: '', email: '', password: '' });
  const form = useRef<HTMLFormElement>(null);
  // What a visitor typed before the page was live stays in the form's state.
  useTypedBeforeHydration(form, (typed) =>
    setValues((previous) => ({
      ...previous,
      ...Object.fromEntries(Object.entries(typed).filter(([name]) => name in previous)),
    })),
  );
  const [missing, setMissing] = useState(false);

  const change = (field: keyof Credentials) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    const credentials = {
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    // `required` stops empty fields in the browser; this also catches whitespace-only ones.
    if (!credentials.username || !credentials.email || !credentials.password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(credentials);
  };

  return (
    <form ref={form} method="post" className={styles.form} onSubmit={submit} aria-busy={busy}>
      <div className={styles.field}>
        <label htmlFor={`${id}-username`}>{USERNAME_LABEL}</label>
        <input
          id={`${id}-username`}
          name="username"
          type="text"
          autoComplete="username"
          required
          maxLength={ProfileInputSchema.properties.username.maxLength}
          value={values.username}
          onChange={change('username')}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{EMAIL_LABEL}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={change('email')}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`}>{PASSWORD_LABEL}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={passwordAutoComplete}
          required
          value={values.password}
          onChange={change('password')}
        />
      </div>
      {missing && <ErrorMessage>{CREDENTIALS_REQUIRED}</ErrorMessage>}
      <Button type="submit" disabled={busy || disabled} className={styles.submit}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
