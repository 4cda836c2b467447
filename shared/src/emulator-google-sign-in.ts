// Google sign-in on the Firebase Auth emulator (docs/decisions/124): Google's popup needs Google's
// own script (apis.google.com), which an offline machine cannot load, so a chooser the page shows
// picks the Google identity and the emulator signs it in with the credential it accepts. Loaded
// by signInWithGoogle() only when the runtime config names an emulator.
import type { Auth } from 'firebase/auth';
import type { AuthSdk } from '@portfolio/shared/firebase';

/** A Google identity the emulator signs in without Google: what the chooser returns. */
export interface GoogleTestIdentity {
  name: string;
  email: string;
  /** An http(s) address; the profile keeps no other kind. */
  photoURL?: string;
}

/** Asks the visitor which test identity to sign in as; rejects when they close the chooser. */
export type ChooseGoogleTestIdentity = () => Promise<GoogleTestIdentity>;

/**
 * The Google ID token the Auth emulator accepts: the JSON of its claims, unsigned
 * (firebase-tools' signInWithIdp parses it; Google's real service checks a signature and refuses
 * it). The address is the `sub`, so one address is always the same Google account.
 */
function emulatorGoogleIdToken({ name, email, photoURL }: GoogleTestIdentity): string {
  const address = email.trim().toLowerCase();
  return JSON.stringify({
    sub: address,
    email: address,
    email_verified: true,
    name: name.trim(),
    ...(photoURL ? { picture: photoURL } : {}),
  });
}

/** Opens the chooser at once (the SDK loads meanwhile), then signs the chosen identity in. */
export async function signInAsTestIdentity(
  firebaseAuth: () => Promise<{ auth: Auth; sdk: AuthSdk }>,
  chooseTestIdentity: ChooseGoogleTestIdentity,
) {
  const [{ auth, sdk }, identity] = await Promise.all([firebaseAuth(), chooseTestIdentity()]);
  const credential = sdk.GoogleAuthProvider.credential(emulatorGoogleIdToken(identity));
  return sdk.signInWithCredential(auth, credential);
}
