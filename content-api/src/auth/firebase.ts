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

/** Firebase ID tokens live one hour; allow a little clock skew on every time check. */
export const MAX_TOKEN_LIFETIME_SECONDS = 3600;
export const CLOCK_SKEW_SECONDS = 300;

function rejection(message: string, code = 'auth/invalid-id-token'): Error {
  return Object.assign(new Error(message), { code });
}

interface TokenTimes {
  iat?: unknown;
  exp?: unknown;
  auth_time?: unknown;
}

/** What a token of one kind may claim about its times. */
interface TimeRules {
  /** An ID token's, or a session cookie's. */
  what: string;
  /** The `auth/…` code of a refusal, as firebase-admin's own for that kind. */
  code: string;
  maxLifetimeSeconds: number;
}

/** Whole seconds, as Firebase writes them (a forged fraction would reach the answers). */
const isTime = (value: unknown): value is number => Number.isSafeInteger(value);

function checkTimes(decoded: TokenTimes, nowSeconds: number, rules: TimeRules): void {
  const { iat, exp, auth_time: authTime } = decoded;
  if (!isTime(iat) || !isTime(exp) || !isTime(authTime)) {
    throw rejection(`The ${rules.what} lacks iat, exp or auth_time.`, rules.code);
  }
  if (exp - iat > rules.maxLifetimeSeconds + CLOCK_SKEW_SECONDS) {
    throw rejection(`The ${rules.what} lives longer than it can.`, rules.code);
  }
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS || authTime > nowSeconds + CLOCK_SKEW_SECONDS) {
    throw rejection(`The ${rules.what} was issued in the future.`, rules.code);
  }
  if (authTime > iat + CLOCK_SKEW_SECONDS) {
    throw rejection(`The ${rules.what} was issued before its sign-in happened.`, rules.code);
  }
}

/**
 * firebase-admin checks `exp` but not how long a token lives, nor whether it was issued in the
 * future. A real Firebase token lives an hour; anything else was minted by someone else (in
 * emulator mode, by anyone at all).
 */
export function checkTokenTimes(decoded: TokenTimes, nowSeconds = Date.now() / 1000): void {
  checkTimes(decoded, nowSeconds, {
    what: 'ID token',
    code: 'auth/invalid-id-token',
    maxLifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS,
  });
}

/**
 * The same checks for a session cookie (issue 23, finding 9): it lives at most `maxLifetime`
 * seconds (two weeks), and neither it nor its sign-in is in the future. In emulator mode a
 * cookie is unsigned, so these are all that bound what a forged one may claim.
 */
export function checkSessionCookieTimes(
  decoded: TokenTimes,
  maxLifetimeSeconds: number,
  nowSeconds = Date.now() / 1000,
): void {
  checkTimes(decoded, nowSeconds, {
    what: 'session cookie',
    code: 'auth/invalid-session-cookie',
    maxLifetimeSeconds,
  });
}

/** The part of firebase-admin's Auth that token verification uses (tests pass their own). */
export type TokenAuth = Pick<Auth, 'verifyIdToken' | 'getUser'>;

export interface VerifierOptions {
  /**
   * The Auth emulator is in use: its tokens are unsigned, so no claim in them can be believed.
   * The role is then read from the account itself (`getUser().customClaims`), which only the
   * server and the admin CLI can set. The API's start says which, from its settings
   * (FIREBASE_AUTH_EMULATOR_HOST, read once: docs/decisions/147). Unsaid, the role is read from
   * the account: right with the emulator and with a real project alike (one more read of the
   * account per claims period), where believing an unsigned token's claim never is.
   */
  emulator?: boolean;
  /** How long an account's claims are reused in emulator mode. */
  claimsTtlMs?: number;
}

const MAX_CACHED_ACCOUNTS = 1000;

/**
 * firebase-admin's verifyIdToken: signature against Google's published keys, `aud` = the
 * project, `iss`, `exp`, `sub`; then the token's lifetime (checkTokenTimes). Rejections carry
 * `auth/…` codes (see identity.ts). `getAuth` is for tests, which pass an app whose key fetches
 * are answered locally.
 */
export function createFirebaseVerifier(
  projectId: string,
  getAuth: () => Promise<TokenAuth> = () => getFirebaseAuth(projectId),
  options: VerifierOptions = {},
): VerifyIdToken {
  const emulator = options.emulator ?? true;
  const claimsTtlMs = options.claimsTtlMs ?? 30_000;
  const accounts = new Map<
    string,
    { expires: number; readAt: number; role: unknown; email?: string }
  >();

  /**
   * `issuedAt`: the token's `iat`. A token minted after the account was read (a new sign-in,
   * e.g. after `npm run admin -- grant`) reads it again, as a real project's next token would
   * carry the new claim (docs/decisions/125).
   */
  async function account(auth: TokenAuth, uid: string, issuedAt: number) {
    const cached = accounts.get(uid);
    if (cached && cached.expires > Date.now() && issuedAt < cached.readAt) return cached;
    // Unknown or disabled accounts reject with auth/user-not-found or are refused below.
    const user = await auth.getUser(uid);
    if (user.disabled) {
      throw Object.assign(new Error('The account is disabled.'), { code: 'auth/user-disabled' });
    }
    const entry = {
      expires: Date.now() + claimsTtlMs,
      readAt: Math.floor(Date.now() / 1000),
      role: user.customClaims?.role,
      ...(user.email && { email: user.email }),
    };
    accounts.delete(uid);
    accounts.set(uid, entry);
    // Oldest first: the map stays bounded whatever uids callers send.
    if (accounts.size > MAX_CACHED_ACCOUNTS) accounts.delete(accounts.keys().next().value ?? '');
    return entry;
  }

  return async (idToken) => {
    const auth = await getAuth();
    const decoded = await auth.verifyIdToken(idToken);
    checkTokenTimes(decoded);
    if (emulator) {
      const { role, email } = await account(auth, decoded.uid, decoded.iat);
      const identity: VerifiedIdentity = { uid: decoded.uid, role, authTime: decoded.auth_time };
      if (email) identity.email = email;
      if (decoded.email_verified !== undefined) identity.emailVerified = decoded.email_verified;
      return identity;
    }
    const identity: VerifiedIdentity = {
      uid: decoded.uid,
      role: decoded.role,
      authTime: decoded.auth_time,
    };
    if (decoded.email) identity.email = decoded.email;
    if (decoded.email_verified !== undefined) identity.emailVerified = decoded.email_verified;
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
