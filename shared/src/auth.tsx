// Auth state for the whole page: the shell provides it once, every remote reads the same context
// (this module is a federation singleton). The first render uses the session the Auth SDK
// persisted, so the navbar is right before the SDK has even loaded.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { getFirebaseAuth, persistedUserKey } from '@portfolio/shared/firebase';
import type { Role } from '@portfolio/shared/types';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthState {
  user: AuthUser | null;
  /** From the ID token's `role` claim, which only the server can set. */
  role: Role | null;
  /** True until the Auth SDK has confirmed the session. */
  loading: boolean;
}

export interface AuthContextValue extends AuthState {
  signOut(): Promise<void>;
  /** A fresh ID token for API calls, or null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function toAuthUser(user: Pick<User, 'uid' | 'email' | 'displayName' | 'photoURL'>): AuthUser {
  return {
    uid: user.uid,
    email: user.email ?? null,
    displayName: user.displayName ?? null,
    photoURL: user.photoURL ?? null,
  };
}

export function readPersistedUser(): AuthUser | null {
  try {
    const raw = window.localStorage.getItem(persistedUserKey());
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { uid?: unknown }).uid === 'string'
    ) {
      return toAuthUser(parsed as User);
    }
  } catch {
    // No storage (private mode) or a corrupt entry: start signed out and let the SDK decide.
  }
  return null;
}

function roleFromClaims(claims: Record<string, unknown>): Role {
  return claims.role === 'admin' ? 'admin' : 'user';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => {
    const user = readPersistedUser();
    return { user, role: user ? 'user' : null, loading: true };
  });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const start = async () => {
      try {
        const auth = await getFirebaseAuth();
        const { onIdTokenChanged } = await import('firebase/auth');
        if (cancelled) return;
        unsubscribe = onIdTokenChanged(auth, (user) => {
          if (!user) {
            setState({ user: null, role: null, loading: false });
            return;
          }
          user
            .getIdTokenResult()
            .then((token) =>
              setState({
                user: toAuthUser(user),
                role: roleFromClaims(token.claims),
                loading: false,
              }),
            )
            .catch(() => setState({ user: toAuthUser(user), role: 'user', loading: false }));
        });
      } catch (error) {
        // Auth provider unreachable: the site works signed out; auth pages report the error.
        console.error('Firebase Auth could not start', error);
        if (!cancelled) setState((previous) => ({ ...previous, loading: false }));
      }
    };
    // Load the SDK after first paint, so it never delays the page.
    const idle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    idle(() => void start());
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const signOut = useCallback(async () => {
    const [auth, { signOut: firebaseSignOut }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ]);
    await firebaseSignOut(auth);
    setState({ user: null, role: null, loading: false });
  }, []);

  const getIdToken = useCallback(async (forceRefresh = false) => {
    const auth = await getFirebaseAuth();
    return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signOut, getIdToken }),
    [state, signOut, getIdToken],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value)
    throw new Error('useAuth() needs an <AuthProvider> above it (the shell provides one).');
  return value;
}

/** For the singleton proof: the context object itself, which must be the same in shell and remotes. */
export const authContextIdentity = AuthContext;
