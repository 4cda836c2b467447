// firebase-admin, initialised once per process and loaded lazily (it is heavy, and tests
// inject a fake verifier instead).
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { VerifiedIdentity, VerifyIdToken } from './identity.js';

let appPromise: Promise<App> | undefined;

/** The Auth client. Talks to the emulator when FIREBASE_AUTH_EMULATOR_HOST is set. */
export async function getFirebaseAuth(projectId: string): Promise<Auth> {
  appPromise ??= (async () => {
    const { getApps, initializeApp } = await import('firebase-admin/app');
    return getApps()[0] ?? initializeApp({ projectId });
  })();
  const { getAuth } = await import('firebase-admin/auth');
  return getAuth(await appPromise);
}

/**
 * firebase-admin's verifyIdToken: signature against Google's published keys, `aud` = the
 * project, `iss`, `exp`, `sub`. Its rejections carry `auth/…` codes (see identity.ts). `getAuth`
 * is for tests, which pass an app whose key fetches are answered locally.
 */
export function createFirebaseVerifier(
  projectId: string,
  getAuth: () => Promise<Pick<Auth, 'verifyIdToken'>> = () => getFirebaseAuth(projectId),
): VerifyIdToken {
  return async (idToken) => {
    const auth = await getAuth();
    const decoded = await auth.verifyIdToken(idToken);
    const identity: VerifiedIdentity = { uid: decoded.uid, role: decoded.role };
    if (decoded.email) identity.email = decoded.email;
    return identity;
  };
}

/** The part of firebase-admin's Auth that account management uses (tests pass a fake). */
export type AccountAdmin = Pick<
  Auth,
  'getUserByEmail' | 'createUser' | 'updateUser' | 'setCustomUserClaims'
>;

/** Sets the `role` claim, keeping any other custom claims. Returns the user's uid. */
export async function setRoleClaim(
  auth: AccountAdmin,
  email: string,
  role: 'user' | 'admin',
): Promise<{ uid: string; email: string }> {
  const user = await auth.getUserByEmail(email);
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), role });
  return { uid: user.uid, email: user.email ?? email };
}
