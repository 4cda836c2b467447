import { useState } from 'react';
import { Link } from '@portfolio/shared/router';
import { useAfterSignIn } from '../../features/session/after-sign-in';
import { signUpWithEmail } from '@portfolio/shared/auth-actions';
import type { Credentials } from '@portfolio/shared/auth-actions';
import { ErrorMessage } from '@portfolio/shared/ui';
import { CredentialsForm } from '../../features/credentials/CredentialsForm';
import { AuthLayout } from '../../features/session/AuthLayout';
import { providerMessage } from '../../features/session/errors';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import {
  HAVE_ACCOUNT_TEXT,
  SIGN_IN_ROUTE,
  SIGN_IN_TITLE,
  SIGN_UP_BUSY,
  SIGN_UP_INTRO,
  SIGN_UP_SUBMIT,
  SIGN_UP_TITLE,
} from '../../texts';
import styles from './SignUpPage.module.css';

export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: SIGN_UP_TITLE });

export default function SignUpPage() {
  const afterSignIn = useAfterSignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signUp = async (credentials: Credentials) => {
    setBusy(true);
    setError(null);
    try {
      await signUpWithEmail(credentials);
      afterSignIn.proceed();
    } catch (caught) {
      setError(providerMessage(caught));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={SIGN_UP_TITLE} intro={SIGN_UP_INTRO}>
      <CredentialsForm
        submitLabel={SIGN_UP_SUBMIT}
        busyLabel={SIGN_UP_BUSY}
        busy={busy}
        passwordAutoComplete="new-password"
        onSubmit={(credentials) => void signUp(credentials)}
      />
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <p className={styles.switch}>
        {HAVE_ACCOUNT_TEXT} <Link to={afterSignIn.otherForm(SIGN_IN_ROUTE)}>{SIGN_IN_TITLE}</Link>
      </p>
    </AuthLayout>
  );
}
