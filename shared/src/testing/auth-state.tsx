// For the AuthProvider's tests: its state as text, and a wait past the first idle callback.
import { act, render, screen } from '@testing-library/react';
import { AuthProvider, useAuth } from '@portfolio/shared/auth';

function AuthStateProbe() {
  const { user, loading } = useAuth();
  return <p data-testid="auth-state">{`${user?.displayName ?? 'signed out'}|${loading}`}</p>;
}

/** Renders an AuthProvider with a probe of its state (see authState()). */
export function renderAuthState() {
  return render(
    <AuthProvider>
      <AuthStateProbe />
    </AuthProvider>,
  );
}

/** "<display name or 'signed out'>|<loading>" */
export const authState = () => screen.getByTestId('auth-state').textContent;

/** Lets the provider's idle callback (a timer in jsdom) and what it started run. */
export const afterIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
