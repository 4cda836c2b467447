// Stand-ins for the Firebase SDK at its module boundary, for the front-end tests:
//   jest.mock('firebase/auth', () => jest.requireActual('<path>/tools/testing/firebaseMock').authSdk);
// The shared modules (firebase.ts, auth.tsx, auth-actions.ts, profile-store.ts) run for real.

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

export const authSdk = {
  initializeAuth: jest.fn(() => fakeAuth),
  connectAuthEmulator: jest.fn(),
  browserLocalPersistence: { type: 'LOCAL' },
  browserPopupRedirectResolver: {},
  onIdTokenChanged: jest.fn(),
  setPersistence: jest.fn(),
  createUserWithEmailAndPassword: jest.fn(),
  signInWithEmailAndPassword: jest.fn(),
  signInWithPopup: jest.fn(),
  GoogleAuthProvider: jest.fn(),
  updateProfile: jest.fn(),
  signOut: jest.fn(),
};

export const appSdk = {
  initializeApp: jest.fn(() => ({ name: '[DEFAULT]' })),
  getApps: jest.fn(() => []),
  getApp: jest.fn(),
};

/** Call in beforeEach: signed out, no listeners, the SDK's default behaviour. */
export function resetFirebaseMock(): void {
  listeners = [];
  setCurrentUser(null);
  jest.clearAllMocks();
  authSdk.onIdTokenChanged.mockImplementation((_auth: unknown, listener: Listener) => {
    listeners.push(listener);
    listener(fakeAuth.currentUser);
    return () => {
      listeners = listeners.filter((candidate) => candidate !== listener);
    };
  });
  authSdk.setPersistence.mockResolvedValue(undefined);
  authSdk.createUserWithEmailAndPassword.mockImplementation(
    async (_auth: unknown, email: string) => {
      const user = makeUser({ uid: 'new-uid', email, displayName: null });
      setCurrentUser(user);
      return { user };
    },
  );
  authSdk.signInWithEmailAndPassword.mockImplementation(async (_auth: unknown, email: string) => {
    const user = makeUser({ email });
    setCurrentUser(user);
    return { user };
  });
  authSdk.signInWithPopup.mockImplementation(async () => {
    const user = makeUser({
      uid: 'google-uid',
      email: 'grace@example.test',
      displayName: 'Grace',
      photoURL: 'https://photos.example.test/grace.png',
    });
    setCurrentUser(user);
    return { user };
  });
  // Like the SDK: changes the user object in place and announces nothing.
  authSdk.updateProfile.mockImplementation(
    async (user: FakeUser, profile: { displayName?: string }) => {
      if (profile.displayName !== undefined) user.displayName = profile.displayName;
    },
  );
  authSdk.signOut.mockImplementation(async () => setCurrentUser(null));
}

/** Makes the next call of `mock` wait (busy states stay visible) until release() is called. */
export function holdNextCall(mock: jest.Mock): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const implementation = mock.getMockImplementation();
  mock.mockImplementationOnce(async (...args: unknown[]) => {
    await gate;
    return implementation?.(...args);
  });
  return release;
}
