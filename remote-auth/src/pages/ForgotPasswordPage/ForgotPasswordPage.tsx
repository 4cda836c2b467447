// /forgot-password: "Forgot password?" on /signin leads here. Firebase sends its reset e-mail,
// whose link sets a new password and comes back to /signin. The answer is the same whether or
// not an account uses the address (docs/security.md: no e-mail enumeration).
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '@portfolio/shared/router';
import { sendPasswordReset } from '@portfolio/shared/auth-actions';
import { Button, ErrorMessage, useTypedBeforeHydration } from '@portfolio/shared/ui';
import type { PageHead } from '@portfolio/shared/head';
import { AuthLayout } from '../../features/session/AuthLayout';
import { providerMessage } from '../../features/session/errors';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import {
  BACK_TO_SIGN_IN,
  EMAIL_LABEL,
  RESET_BUSY,
  RESET_INTRO,
  RESET_SUBMIT,
  RESET_TITLE,
  SIGN_IN_ROUTE,
  resetSentText,
} from '../../texts';
// The form's look is the sign-in form's, its own stylesheet only what it adds.
import formStyles from '../../features/credentials/CredentialsForm.module.css';
import styles from './ForgotPasswordPage.module.css';

export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: RESET_TITLE });

type State =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'failed'; message: string };

export default function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  // An address typed before the page was live stays in the form's state.
  useTypedBeforeHydration(form, (typed) => {
    if (typed.email) setEmail(typed.email);
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      // The link comes back to this site's sign-in page.
      await sendPasswordReset(address, new URL(SIGN_IN_ROUTE, window.location.origin).href);
      setState({ kind: 'sent', email: address });
    } catch (caught) {
      setState({ kind: 'failed', message: providerMessage(caught) });
    }
  };

  return (
    <AuthLayout title={RESET_TITLE} intro={RESET_INTRO}>
      {state.kind === 'sent' ? (
        <p role="status" className={styles.sent}>
          {resetSentText(state.email)}
        </p>
      ) : (
        <form
          ref={form}
          method="post"
          className={formStyles.form}
          onSubmit={(event) => void submit(event)}
        >
          <div className={formStyles.field}>
            <label htmlFor={`${id}-email`}>{EMAIL_LABEL}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <Button
            type="submit"
            className={formStyles.submit}
            disabled={state.kind === 'sending'}
            aria-busy={state.kind === 'sending'}
          >
            {state.kind === 'sending' ? RESET_BUSY : RESET_SUBMIT}
          </Button>
          {state.kind === 'failed' && <ErrorMessage>{state.message}</ErrorMessage>}
        </form>
      )}
      <p className={styles.back}>
        <Link to={SIGN_IN_ROUTE}>{BACK_TO_SIGN_IN}</Link>
      </p>
    </AuthLayout>
  );
}
