import { useState } from 'react';
import { useNavigate } from '@portfolio/shared/router';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { useGoogleSignIn } from '../../features/google-chooser/use-google-sign-in';
import { AuthLayout } from '../../features/session/AuthLayout';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import {
  ADMIN_DASHBOARD_ROUTE,
  LOGIN_GOOGLE_BUSY,
  LOGIN_GOOGLE_ERROR,
  LOGIN_GOOGLE_LABEL,
  LOGIN_GOOGLE_TITLE,
  USER_DASHBOARD_ROUTE,
} from '../../texts';
import styles from './LoginGooglePage.module.css';

export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: LOGIN_GOOGLE_TITLE });

export default function LoginGooglePage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const google = useGoogleSignIn();

  const login = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const profile = await google.signIn();
      // The STORED role decides where a Google login lands (docs/product.md#accounts).
      navigate(profile.role === 'admin' ? ADMIN_DASHBOARD_ROUTE : USER_DASHBOARD_ROUTE);
    } catch (error) {
      // The page shows one fixed message here; the cause is still worth a log line.
      console.error('Google login failed', error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={LOGIN_GOOGLE_TITLE}>
      <Button
        className={styles.button}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void login()}
      >
        {busy ? LOGIN_GOOGLE_BUSY : LOGIN_GOOGLE_LABEL}
      </Button>
      {failed && <ErrorMessage>{LOGIN_GOOGLE_ERROR}</ErrorMessage>}
      {google.chooser}
    </AuthLayout>
  );
}
