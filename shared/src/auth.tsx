// Auth state for the whole page: the shell provides it once, every remote reads the same context
// (this module is a federation singleton). The first render uses the session the Auth SDK
// persisted, so the navbar is right before the SDK has even loaded.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { User } from 'firebase/auth';
import {
  getAuthSdk,
  getFirebaseAuth,
  onAuthStart,
  persistedUserKey,
} from '@portfolio/shared/firebase';
import type { Role } from '@portfolio/shared/types';
import { endSiteSession, startSiteSession } from './site-session';

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
  /** True until the Auth SDK has confirmed a persisted session (false when there is none). */
  loading: boolean;
}

export interface AuthContextValue extends AuthState {
  signOut(): Promise<void>;
  /** A fresh ID token for API calls, or null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
}

/**
 * Who the site's server rendered the page for, from its session cookie (docs/decisions/037):
 * a user, null for a visitor without a session, undefined when the server could not tell.
 */
export interface ServerSession {
  user: AuthUser;
  role: Role;
  /** The cookie is old: the browser renews it once the Auth SDK confirms the same user. */
  renew?: boolean;
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

type Publisher = (user: User | null) => Promise<void>;

/** Every mounted AuthProvider (normally one: the shell's, or a standalone remote's). */
const publishers = new Set<Publisher>();

/**
 * Pushes the SDK's current user to every AuthProvider now. Call it after a change the SDK does
 * not announce (updateProfile changes the display name without a token event), and after a
 * sign-in before navigating, so the next page already sees the new user.
 */
export async function refreshAuthUser(): Promise<void> {
  const auth = await getFirebaseAuth();
  await Promise.all([...publishers].map((publish) => publish(auth.currentUser)));
}

function persistedState(): AuthState {
  const user = readPersistedUser();
  return { user, role: user ? 'user' : null, loading: user !== null };
}

const SIGNED_OUT: AuthState = { user: null, role: null, loading: false };

/** The state the server rendered: its session's user, or signed out (still to be confirmed). */
function serverState(session: ServerSession | null | undefined): AuthState {
  if (session) return { user: session.user, role: session.role, loading: false };
  return { ...SIGNED_OUT, loading: session === undefined };
}

/**
 * `hydrating`: the page's HTML was rendered on the server. The first render must match that
 * HTML, so it uses what the server knew (`session`, from the site's session cookie); this
 * browser's stored session is applied right after it when the server knew none.
 */
export function AuthProvider({
  children,
  hydrating = false,
  session,
}: {
  children: ReactNode;
  hydrating?: boolean;
  session?: ServerSession | null;
}) {
  const [state, setState] = useState<AuthState>(() =>
    hydrating || typeof window === 'undefined' ? serverState(session) : persistedState(),
  );
  // The user the server rendered the page for, checked against the SDK's first verdict below.
  const [rendered] = useState(() => (hydrating ? session : undefined));

  useEffect(() => {
    // Once, right after hydration: without a server session, this browser's stored one (if any).
    // No update when nothing changes: an update here would also commit whatever a transition
    // has suspended meanwhile (a page reloading its data would flash its loading state).
    if (!hydrating || rendered) return;
    const stored = persistedState();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, right after hydration
    setState((current) =>
      current.user === stored.user && current.loading === stored.loading ? current : stored,
    );
  }, [hydrating, rendered]);

  useEffect(() => {
    // Token events and refreshAuthUser() race; only the latest one may set the state.
    let latest = 0;
    // The server's session cookie and the SDK agree after the SDK's first verdict: a cookie left
    // behind by a sign-out it did not see is cleared, an old one renewed.
    let reconciled = !rendered;
    const reconcile = (user: User | null) => {
      if (reconciled || !rendered) return;
      reconciled = true;
      if (!user || user.uid !== rendered.user.uid) void endSiteSession();
      else if (rendered.renew) void startSiteSession(user);
    };
    const publish: Publisher = async (user) => {
      const call = ++latest;
      reconcile(user);
      if (!user) {
        // Unchanged stays the same object: no needless update (see the hydration effect above).
        setState((current) => (current.user || current.loading ? SIGNED_OUT : current));
        return;
      }
      let role: Role = 'user';
      try {
        role = roleFromClaims((await user.getIdTokenResult()).claims);
      } catch {
        // Token refresh failed (offline): show the user; the API still decides what they may do.
      }
      if (call === latest) setState({ user: toAuthUser(user), role, loading: false });
    };
    publishers.add(publish);

    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    let started = false;
    const start = async () => {
      if (started) return;
      started = true;
      try {
        const [auth, { onIdTokenChanged }] = await Promise.all([getFirebaseAuth(), getAuthSdk()]);
        if (cancelled) return;
        unsubscribe = onIdTokenChanged(auth, (user) => void publish(user));
      } catch (error) {
        // Auth provider unreachable: the site works signed out; auth pages report the error.
        console.error('Firebase Auth could not start', error);
        started = false;
        if (!cancelled) setState((previous) => ({ ...previous, loading: false }));
      }
    };
    // A visitor with a persisted session: confirm it after first paint, so the SDK never delays
    // the page. A visitor without one is signed out, and stays so until something asks for Auth
    // (a sign-in page) or another tab signs in: only then is the SDK loaded.
    const idle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const stopWaiting = onAuthStart(() => void start());
    if (rendered || readPersistedUser()) idle(() => void start());
    const onStorage = (event: StorageEvent) => {
      if (event.key === persistedUserKey() && event.newValue) void start();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      stopWaiting();
      window.removeEventListener('storage', onStorage);
      publishers.delete(publish);
      unsubscribe?.();
    };
  }, [rendered]);

  const signOut = useCallback(async () => {
    const [auth, { signOut: firebaseSignOut }] = await Promise.all([
      getFirebaseAuth(),
      getAuthSdk(),
    ]);
    await Promise.all([firebaseSignOut(auth), endSiteSession()]);
    await refreshAuthUser();
  }, []);

  const getIdToken = useCallback(async (forceRefresh = false) => {
    const auth = await getFirebaseAuth();
    // A page rendered for a signed-in user may ask before the SDK has restored the session.
    await auth.authStateReady();
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

/**
 * For the singleton proof: the context object itself, which must be the same in shell and remotes.
 */
export const authContextIdentity = AuthContext;
