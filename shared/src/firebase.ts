// The one Firebase app of the page. Every app reaches Firebase through these getters, and the
// SDK is imported lazily so it stays off the critical path of pages that never need it. The SDK
// itself is not a federation share: it is bundled inside this singleton module (see
// ./firebase-sdk), so it is tree-shaken to what the site uses, and whoever loads it through
// getAuthSdk()/getFirestoreSdk() gets the same instance.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore/lite';
import { getRuntimeConfig } from '@portfolio/shared/config';
import type * as AuthSdkModule from './firebase-sdk/auth';
import type * as FirestoreSdkModule from './firebase-sdk/firestore';

export type AuthSdk = typeof AuthSdkModule;
export type FirestoreSdk = typeof FirestoreSdkModule;

let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
let firestorePromise: Promise<Firestore> | undefined;
const authStartListeners = new Set<() => void>();

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

/** The Firebase Auth functions the site uses (one SDK instance per page). */
export function getAuthSdk(): Promise<AuthSdk> {
  return import('./firebase-sdk/auth');
}

/** The Firestore functions the profile store uses. */
export function getFirestoreSdk(): Promise<FirestoreSdk> {
  return import('./firebase-sdk/firestore');
}

export function getFirebaseApp(): Promise<FirebaseApp> {
  return memo(
    () => appPromise,
    (p) => (appPromise = p),
    async () => {
      const { initializeApp, getApps, getApp } = await import('./firebase-sdk/app');
      return getApps().length > 0 ? getApp() : initializeApp(getRuntimeConfig().firebase);
    },
  );
}

/** How many Firebase apps this page's SDK holds (the federation diagnostics expect one). */
export async function firebaseAppCount(): Promise<number> {
  const { getApps } = await import('./firebase-sdk/app');
  return getApps().length;
}

/**
 * Calls `listener` once Firebase Auth is first asked for (now, if it already was). The
 * AuthProvider uses it to follow the session without loading the SDK for visitors who have none.
 */
export function onAuthStart(listener: () => void): () => void {
  if (authPromise) {
    listener();
    return () => {};
  }
  authStartListeners.add(listener);
  return () => authStartListeners.delete(listener);
}

export function getFirebaseAuth(): Promise<Auth> {
  const auth = memo(
    () => authPromise,
    (p) => (authPromise = p),
    async () => {
      const [app, sdk] = await Promise.all([getFirebaseApp(), getAuthSdk()]);
      // Auth persistence is local (docs/product.md#accounts). initializeAuth (not getAuth) keeps unused resolvers out.
      const auth = sdk.initializeAuth(app, {
        persistence: [sdk.browserLocalPersistence],
        popupRedirectResolver: sdk.browserPopupRedirectResolver,
      });
      const emulatorUrl = getRuntimeConfig().authEmulatorUrl;
      if (emulatorUrl) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
      return auth;
    },
  );
  const listeners = [...authStartListeners];
  authStartListeners.clear();
  for (const listener of listeners) listener();
  return auth;
}

export function getFirebaseFirestore(): Promise<Firestore> {
  return memo(
    () => firestorePromise,
    (p) => (firestorePromise = p),
    async () => {
      const [app, { getFirestore }] = await Promise.all([getFirebaseApp(), getFirestoreSdk()]);
      return getFirestore(app);
    },
  );
}

/** Storage key under which the Auth SDK persists the signed-in user (local persistence). */
export function persistedUserKey(): string {
  return `firebase:authUser:${getRuntimeConfig().firebase.apiKey}:[DEFAULT]`;
}
