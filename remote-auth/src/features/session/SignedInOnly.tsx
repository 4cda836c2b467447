import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, Navigate } from '@portfolio/shared/router';
import { useAuth } from '@portfolio/shared/auth';
import type { AuthUser } from '@portfolio/shared/auth';
import { Spinner } from '@portfolio/shared/ui';
import { SIGN_IN_ROUTE, SIGN_IN_TITLE, SIGNED_OUT_TEXT } from '../../texts';

/**
 * Renders its children for a signed-in user and sends a signed-out visitor to /signin. While the
 * SDK is still confirming a session it shows a spinner rather than redirecting a signed-in user.
 * A session that ends while the page is open (Logout in the navbar, which goes on to /) gets a
 * short notice instead of a redirect that would race the logout's own navigation.
 */
export function SignedInOnly({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { user, loading } = useAuth();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);
  if (user) return children(user);
  if (loading) return <Spinner />;
  if (wasSignedIn) {
    return (
      <p role="status">
        {SIGNED_OUT_TEXT} <Link to={SIGN_IN_ROUTE}>{SIGN_IN_TITLE}</Link>
      </p>
    );
  }
  return <Navigate to={SIGN_IN_ROUTE} replace />;
}
