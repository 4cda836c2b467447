// The one Firebase app of the page. Every app reaches Firebase through these getters, and the
// SDK is imported lazily so it stays off the critical path of pages that never need it.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { getRuntimeConfig } from '@portfolio/shared/config';

let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
let firestorePromise: Promise<Firestore> | undefined;

/** Memoizes a lazy init, forgetting a failed attempt so that the next call tries again. */
function memo<T>(
  get: () => Promise<T> | undefined,
  set: (p: Promise<T> | undefined) => void,
  init: () => Promise<T>,
): Promise<T> {
  const existing = get();
  if (existing) return existing;
  const created = init().catch((error: unknown) => {
    set(undefined);
    throw error;
  });
  set(created);
  return created;
}

export function getFirebaseApp(): Promise<FirebaseApp> {
  return memo(
    () => appPromise,
    (p) => (appPromise = p),
    async () => {
      const { initializeApp, getApps, getApp } = await import('firebase/app');
      return getApps().length > 0 ? getApp() : initializeApp(getRuntimeConfig().firebase);
    },
  );
}

export function getFirebaseAuth(): Promise<Auth> {
  return memo(
    () => authPromise,
    (p) => (authPromise = p),
    async () => {
      const [app, sdk] = await Promise.all([getFirebaseApp(), import('firebase/auth')]);
      // Spec: auth persistence is local. initializeAuth (not getAuth) keeps unused resolvers out.
      const auth = sdk.initializeAuth(app, {
        persistence: [sdk.browserLocalPersistence],
        popupRedirectResolver: sdk.browserPopupRedirectResolver,
      });
      const emulatorUrl = getRuntimeConfig().authEmulatorUrl;
      if (emulatorUrl) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
      return auth;
    },
  );
}

export function getFirebaseFirestore(): Promise<Firestore> {
  return memo(
    () => firestorePromise,
    (p) => (firestorePromise = p),
    async () => {
      const [app, { getFirestore }] = await Promise.all([
        getFirebaseApp(),
        import('firebase/firestore'),
      ]);
      return getFirestore(app);
    },
  );
}

/** Storage key under which the Auth SDK persists the signed-in user (local persistence). */
export function persistedUserKey(): string {
  return `firebase:authUser:${getRuntimeConfig().firebase.apiKey}:[DEFAULT]`;
}
