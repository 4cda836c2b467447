// Stand-in for 'firebase/auth' in every Jest test (jest.config.js maps the module here). The
// shared modules (firebase.ts, auth.tsx, auth-actions.ts, profile-store.ts) run for real on top
// of it. Out of the box it behaves like the SDK with nobody signed in; a test changes who is
// signed in with setCurrentUser() and any function's answer with jest's mock API
// (`authSdk.signInWithPopup.mockRejectedValueOnce(…)`, see ./index.ts).
import { persistedUserKey } from '@portfolio/shared/firebase';

export interface FakeUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  getIdToken: jest.Mock<Promise<string>, [boolean?]>;
  getIdTokenResult: jest.Mock<Promise<{ claims: Record<string, unknown> }>, []>;
}

export function makeUser(
  overrides: Partial<Omit<FakeUser, 'getIdTokenResult'>> & {
    role?: 'admin' | 'user';
  } = {},
): FakeUser {
  const { role, ...fields } = overrides;
  const uid = fields.uid ?? 'uid-1';
  return {
    uid,
    email: 'ada@example.test',
    displayName: 'Ada',
    photoURL: null,
    getIdToken: jest.fn(async () => `token-${uid}`),
    getIdTokenResult: jest.fn(async () => ({ claims: role ? { role } : {} })),
    ...fields,
  };
}

type Listener = (user: FakeUser | null) => void;
let listeners: Listener[] = [];

export const fakeAuth = {
  currentUser: null as FakeUser | null,
  authStateReady: jest.fn(async () => undefined),
};

/**
 * Changes the signed-in user and tells token listeners, as the SDK would; like the SDK with local
 * persistence, it keeps the user in localStorage, where the AuthProvider looks for a session.
 */
export function setCurrentUser(user: FakeUser | null): void {
  fakeAuth.currentUser = user;
  if (user) {
    const { uid, email, displayName, photoURL } = user;
    window.localStorage.setItem(
      persistedUserKey(),
      JSON.stringify({ uid, email, displayName, photoURL }),
    );
  } else {
    window.localStorage.removeItem(persistedUserKey());
  }
  for (const listener of listeners) listener(user);
}

export class FakeFirebaseError extends Error {
  constructor(
    readonly code: string,
    message = `Firebase: Error (${code}).`,
  ) {
    super(message);
    this.name = 'FirebaseError';
  }
}

// The SDK's functions the site uses (shared/src/firebase-sdk/auth.ts).
export const initializeAuth = jest.fn((_app?: unknown, _deps?: unknown) => fakeAuth);
export const connectAuthEmulator = jest.fn();
export const browserLocalPersistence = { type: 'LOCAL' };
export const browserPopupRedirectResolver = {};
export const onIdTokenChanged = jest.fn();
export const setPersistence = jest.fn();
export const createUserWithEmailAndPassword = jest.fn();
export const signInWithEmailAndPassword = jest.fn();
export const signInWithPopup = jest.fn();
export const signInWithCredential = jest.fn();
/** The SDK's class, with its static credential() (the ID token is what the stand-in keeps). */
export const GoogleAuthProvider = Object.assign(jest.fn(), {
  credential: jest.fn((idToken: string | null) => ({ providerId: 'google.com', idToken })),
});
export const updateProfile = jest.fn();
export const signOut = jest.fn();
export const deleteUser = jest.fn();
/** Resolves, as the SDK does for any well-formed address (the stand-in sends nothing). */
export const sendPasswordResetEmail = jest.fn();

/** The SDK's default behaviour: set when the module loads and again by resetAuth(). */
function behaveLikeTheSdk(): void {
  onIdTokenChanged.mockImplementation((_auth: unknown, listener: Listener) => {
    listeners.push(listener);
    listener(fakeAuth.currentUser);
    return () => {
      listeners = listeners.filter((candidate) => candidate !== listener);
    };
  });
  setPersistence.mockResolvedValue(undefined);
  sendPasswordResetEmail.mockResolvedValue(undefined);
  createUserWithEmailAndPassword.mockImplementation(async (_auth: unknown, email: string) => {
    const user = makeUser({ uid: 'new-uid', email, displayName: null });
    setCurrentUser(user);
    return { user };
  });
  signInWithEmailAndPassword.mockImplementation(async (_auth: unknown, email: string) => {
    const user = makeUser({ email });
    setCurrentUser(user);
    return { user };
  });
  signInWithPopup.mockImplementation(async () => {
    const user = makeUser({
      uid: 'google-uid',
      email: 'grace@example.test',
      displayName: 'Grace',
      photoURL: 'https://photos.example.test/grace.png',
    });
    setCurrentUser(user);
    return { user };
  });
  // Like the Auth emulator with a Google ID token that is the JSON of its claims: the user is
  // the one those claims describe.
  signInWithCredential.mockImplementation(
    async (_auth: unknown, credential: { idToken?: string | null }) => {
      const claims = JSON.parse(credential.idToken ?? '{}') as Record<string, unknown>;
      const text = (key: string) => (typeof claims[key] === 'string' ? claims[key] : null);
      const user = makeUser({
        uid: `google-${text('sub') ?? 'unknown'}`,
        email: text('email'),
        displayName: text('name'),
        photoURL: text('picture'),
      });
      setCurrentUser(user);
      return { user };
    },
  );
  GoogleAuthProvider.credential.mockImplementation((idToken: string | null) => ({
    providerId: 'google.com',
    idToken,
  }));
  // Like the SDK: changes the user object in place and announces nothing.
  updateProfile.mockImplementation(async (user: FakeUser, profile: { displayName?: string }) => {
    if (profile.displayName !== undefined) user.displayName = profile.displayName;
  });
  signOut.mockImplementation(async () => setCurrentUser(null));
  deleteUser.mockImplementation(async () => setCurrentUser(null));
}

behaveLikeTheSdk();

/** Signed out, no listeners, every mock's calls cleared, the SDK's default behaviour. */
export function resetAuth(): void {
  listeners = [];
  setCurrentUser(null);
  jest.clearAllMocks();
  behaveLikeTheSdk();
}
