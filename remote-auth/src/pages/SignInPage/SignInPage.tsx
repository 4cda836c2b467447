import { useState } from 'react';
import { Link } from '@portfolio/shared/router';
import { useAfterSignIn } from '../../features/session/after-sign-in';
import { signInWithEmail } from '@portfolio/shared/auth-actions';
import type { Credentials } from '@portfolio/shared/auth-actions';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { CredentialsForm } from '../../features/credentials/CredentialsForm';
import { useGoogleSignIn } from '../../features/google-chooser/use-google-sign-in';
import { AuthLayout } from '../../features/session/AuthLayout';
import { providerMessage } from '../../features/session/errors';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import {
  FORGOT_PASSWORD_LINK,
  FORGOT_PASSWORD_ROUTE,
  GOOGLE_SIGN_IN_BUSY,
  GOOGLE_SIGN_IN_LABEL,
  NO_ACCOUNT_TEXT,
  OR_SEPARATOR,
  SIGN_IN_BUSY,
  SIGN_IN_SUBMIT,
  SIGN_IN_TITLE,
  SIGN_UP_ROUTE,
  SIGN_UP_TITLE,
} from '../../texts';
import styles from './SignInPage.module.css';

type Busy = 'password' | 'google' | null;

export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: SIGN_IN_TITLE });

export default function SignInPage() {
  const afterSignIn = useAfterSignIn();
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const google = useGoogleSignIn();

  const run = async (which: Exclude<Busy, null>, action: () => Promise<unknown>) => {
    setBusy(which);
    setError(null);
    try {
      await action();
      afterSignIn.proceed();
    } catch (caught) {
      setError(providerMessage(caught));
      setBusy(null);
    }
  };

  return (
    <AuthLayout title={SIGN_IN_TITLE}>
      <CredentialsForm
        submitLabel={SIGN_IN_SUBMIT}
        busyLabel={SIGN_IN_BUSY}
        busy={busy === 'password'}
        disabled={busy === 'google'}
        passwordAutoComplete="current-password"
        onSubmit={(credentials: Credentials) =>
          void run('password', () => signInWithEmail(credentials))
        }
      />
      <p className={styles.forgot}>
        <Link to={FORGOT_PASSWORD_ROUTE}>{FORGOT_PASSWORD_LINK}</Link>
      </p>
      <p className={styles.separator}>
        <span>{OR_SEPARATOR}</span>
      </p>
      <Button
        variant="secondary"
        className={styles.google}
        disabled={busy !== null}
        aria-busy={busy === 'google'}
        onClick={() => void run('google', google.signIn)}
      >
        {busy === 'google' ? GOOGLE_SIGN_IN_BUSY : GOOGLE_SIGN_IN_LABEL}
      </Button>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {google.chooser}
      <p className={styles.switch}>
        {NO_ACCOUNT_TEXT} <Link to={afterSignIn.otherForm(SIGN_UP_ROUTE)}>{SIGN_UP_TITLE}</Link>
      </p>
    </AuthLayout>
  );
}
