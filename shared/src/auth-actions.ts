// What the auth pages do with Firebase Auth and the profile store. The SDK calls live here, in
// shared, because remotes never import firebase/* themselves (one SDK instance per page); every
// action ends by pushing the new user to the AuthProvider, so the navbar follows at once.
import type { User } from 'firebase/auth';
import * as authModule from '@portfolio/shared/auth';
import { getRuntimeConfig } from '@portfolio/shared/config';
import { getAuthSdk, getFirebaseAuth } from '@portfolio/shared/firebase';
import type { ProfileFields } from '@portfolio/shared/profile-store';
import { getProfileStore } from '@portfolio/shared/profile-store';
import type { UserProfile } from '@portfolio/shared/types';
import type { ChooseGoogleTestIdentity } from './emulator-google-sign-in';
import { deleteMyData } from '@portfolio/shared/api-client';
import type { MemberDeleted } from '@portfolio/shared/api-client';
import { endSiteSession, startSiteSession } from './site-session';

export interface Credentials {
  username: string;
  email: string;
  password: string;
}

export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
  constructor() {
    super('You are not signed in.');
  }
}

/**
 * Pushes the SDK's user to the AuthProvider. The auth module is a singleton the shell provides,
 * and a shell built before refreshAuthUser existed provides one without it: the navbar then
 * follows the SDK's own token events, a moment later, instead of failing the sign-in.
 */
async function refreshAuthUser(): Promise<void> {
  const refresh: unknown = (authModule as Partial<typeof authModule>).refreshAuthUser;
  if (typeof refresh === 'function') await (refresh as () => Promise<void>)();
}

async function firebaseAuth() {
  const [auth, sdk] = await Promise.all([getFirebaseAuth(), getAuthSdk()]);
  return { auth, sdk };
}

/** Sign-up: account, display name, then the profile { email, username, role: 'user' }. */
export async function signUpWithEmail({
  username,
  email,
  password,
}: Credentials): Promise<UserProfile> {
  const { auth, sdk } = await firebaseAuth();
  const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
  await sdk.updateProfile(user, { displayName: username });
  await Promise.all([refreshAuthUser(), startSiteSession(user)]);
  return getProfileStore().create(user, { email: user.email ?? email, username });
}

/**
 * Sign-in with local persistence (docs/product.md#accounts), then the display name becomes the
 * username.
 */
export async function signInWithEmail({ username, email, password }: Credentials): Promise<void> {
  const { auth, sdk } = await firebaseAuth();
  await sdk.setPersistence(auth, sdk.browserLocalPersistence);
  const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
  await sdk.updateProfile(user, { displayName: username });
  await Promise.all([refreshAuthUser(), startSiteSession(user)]);
}

/**
 * Sends Firebase's password reset e-mail to `email`; its link leads back to `continueUrl` (the
 * sign-in page) once the new password is set. An address no account uses is answered as one that
 * does, so the form never tells who has an account (with e-mail enumeration protection, as
 * docs/deployment.md asks, Firebase itself does not say).
 */
export async function sendPasswordReset(email: string, continueUrl: string): Promise<void> {
  const { auth, sdk } = await firebaseAuth();
  try {
    await sdk.sendPasswordResetEmail(auth, email, { url: continueUrl });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return;
    throw error;
  }
}

/** What a first-time Google user's profile stores (spec: role, name, email, photoURL). */
export function googleProfileFields(
  user: Pick<User, 'displayName' | 'email' | 'photoURL'>,
): ProfileFields {
  const fields: ProfileFields = {};
  if (user.displayName) fields.name = user.displayName;
  if (user.email) fields.email = user.email;
  // The API only stores http(s) photo URLs.
  if (user.photoURL && /^https?:\/\//.test(user.photoURL)) fields.photoURL = user.photoURL;
  return fields;
}

export type { ChooseGoogleTestIdentity, GoogleTestIdentity } from './emulator-google-sign-in';

/**
 * Google sign-in; returns the stored profile, creating it with role 'user' the first time.
 *
 * With a real Firebase project, Google's popup. No setPersistence() before it: the Auth instance
 * is created with local persistence, and any extra await between the click and the popup makes
 * popup blockers more likely to step in.
 *
 * With the Auth emulator (the runtime config's `authEmulatorUrl`), the popup cannot work offline
 * (it needs Google's script from apis.google.com), so `chooseTestIdentity` (a chooser the page
 * shows) picks the Google identity instead, and the emulator signs it in as Google would.
 */
export async function signInWithGoogle(
  chooseTestIdentity?: ChooseGoogleTestIdentity,
): Promise<UserProfile> {
  const { user } =
    getRuntimeConfig().authEmulatorUrl && chooseTestIdentity
      ? // Emulator-only code, in its own chunk: loaded only here.
        await import(
          /* webpackChunkName: "google-sign-in-emulator" */ './emulator-google-sign-in'
        ).then((emulator) => emulator.signInAsTestIdentity(firebaseAuth, chooseTestIdentity))
      : await signInWithGooglePopup();
  await Promise.all([refreshAuthUser(), startSiteSession(user)]);
  const store = getProfileStore();
  return (await store.get(user)) ?? store.create(user, googleProfileFields(user));
}

async function signInWithGooglePopup() {
  const { auth, sdk } = await firebaseAuth();
  return sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
}

async function currentUser(): Promise<User> {
  const { auth } = await firebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new NotSignedInError();
  return auth.currentUser;
}

/** The signed-in user's profile; written now (role 'user') if an earlier write never happened. */
export async function loadMyProfile(): Promise<UserProfile> {
  const user = await currentUser();
  const store = getProfileStore();
  const existing = await store.get(user);
  if (existing) return existing;
  const { email, photoURL } = googleProfileFields(user);
  return store.create(user, {
    email,
    photoURL,
    username: user.displayName ?? undefined,
  });
}

/** Saves a new username in the profile and as the display name. */
export async function updateUsername(username: string): Promise<UserProfile> {
  const user = await currentUser();
  const { sdk } = await firebaseAuth();
  const profile = await getProfileStore().update(user, { username });
  await sdk.updateProfile(user, { displayName: username });
  await Promise.all([refreshAuthUser(), startSiteSession(user)]);
  return profile;
}

/**
 * Deletes the member's account (docs/decisions/207): their data on the site first (the API asks
 * for a sign-in of the last 5 minutes, as Firebase does, and refuses with an ApiError saying so),
 * then the Firebase account, then the site's session. What the API did is returned.
 */
export async function deleteMyAccount(): Promise<MemberDeleted> {
  const { auth, sdk } = await firebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw new NotSignedInError();
  const deleted = await deleteMyData({ token: await user.getIdToken() });
  await sdk.deleteUser(user);
  await Promise.all([endSiteSession(), refreshAuthUser()]);
  return deleted;
}
