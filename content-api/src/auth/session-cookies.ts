// Firebase session cookies (docs/decisions/037): what lets the site's server know who is signed
// in when it renders a page. The site's server never talks to Firebase itself: it asks this API
// to mint a cookie from an ID token at sign-in, and to verify one on each signed-in request, so
// the rules for trusting Firebase (emulator mode, revocation) live in one place.
import type { Auth } from 'firebase-admin/auth';
import { checkSessionCookieTimes, getFirebaseAuth } from './firebase.js';
import type { SessionIdentity } from '@portfolio/contract';
import type { Role } from './identity.js';

/** Who a valid session cookie belongs to, as the site's server renders them (the contract's). */
export type { SessionIdentity };

/**
 * Mints and verifies session cookies. A cookie or ID token that is not acceptable rejects with
 * an error whose `code` starts with `auth/`, as firebase-admin's errors do (see identity.ts);
 * any other error means the check itself failed. Injected so tests run without Google.
 */
export interface SessionCookies {
  create(idToken: string, expiresInMs: number): Promise<string>;
  verify(sessionCookie: string): Promise<SessionIdentity>;
}

/** Firebase allows 5 minutes to 2 weeks; the site renews an active visitor's cookie daily. */
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionAuth = Pick<Auth, 'createSessionCookie' | 'verifySessionCookie' | 'getUser'>;

const roleOf = (claim: unknown): Role => (claim === 'admin' ? 'admin' : 'user');
const stringOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * `emulator`: the Auth emulator signs nothing, so a cookie's claims cannot be believed; the
 * account itself is read instead (its custom claims are set only by the server and the admin
 * CLI), as the API's ID token verifier does. The API's start says whether the emulator is in
 * use, from its settings (docs/decisions/147); unsaid, the account is read, which is right either
 * way.
 */
export function createFirebaseSessionCookies(
  projectId: string,
  getAuth: () => Promise<SessionAuth> = () => getFirebaseAuth(projectId),
  { emulator = true }: { emulator?: boolean } = {},
): SessionCookies {
  return {
    async create(idToken, expiresInMs) {
      return (await getAuth()).createSessionCookie(idToken, { expiresIn: expiresInMs });
    },
    async verify(sessionCookie) {
      const auth = await getAuth();
      // checkRevoked: a sign-out everywhere, a password change or a disabled account ends it.
      const decoded = await auth.verifySessionCookie(sessionCookie, true);
      // firebase-admin checks `exp` only; in emulator mode the cookie is unsigned, so without
      // these a forged one could claim any time (issue 23, finding 9).
      checkSessionCookieTimes(decoded, SESSION_LIFETIME_MS / 1000);
      if (emulator) {
        const user = await auth.getUser(decoded.uid);
        return {
          uid: user.uid,
          email: stringOrNull(user.email),
          displayName: stringOrNull(user.displayName),
          photoURL: stringOrNull(user.photoURL),
          role: roleOf(user.customClaims?.role),
          issuedAt: decoded.iat,
        };
      }
      return {
        uid: decoded.uid,
        email: stringOrNull(decoded.email),
        displayName: stringOrNull(decoded.name),
        photoURL: stringOrNull(decoded.picture),
        role: roleOf(decoded.role),
        issuedAt: decoded.iat,
      };
    },
  };
}
