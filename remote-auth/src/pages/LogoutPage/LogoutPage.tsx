import { useState } from 'react';
import { useNavigate } from '@portfolio/shared/router';
import { useAuth } from '@portfolio/shared/auth';
import { Button, ErrorMessage } from '@portfolio/shared/ui';
import { AuthLayout } from '../../features/session/AuthLayout';
import { providerMessage } from '../../features/session/errors';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import { LOGOUT_INTRO, LOGOUT_LABEL, LOGOUT_TITLE } from '../../texts';
import styles from './LogoutPage.module.css';

export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: LOGOUT_TITLE });

export default function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const logout = async () => {
    setBusy(true);
    setError(null);
    try {
      await signOut();
      // Logout signs the user out and goes to / (docs/product.md#accounts).
      navigate('/');
    } catch (caught) {
      setError(providerMessage(caught));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={LOGOUT_TITLE} intro={LOGOUT_INTRO}>
      <Button
        className={styles.button}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void logout()}
      >
        {LOGOUT_LABEL}
      </Button>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </AuthLayout>
  );
}
