// A stand-in for firebase-admin's verifyIdToken: tokens are readable strings made by tokenFor().
import type { VerifiedIdentity, VerifyIdToken } from '../auth/identity.js';
import type { SessionCookies, SessionIdentity } from '../auth/session-cookies.js';

const PREFIX = 'test-token:';

/** An ID token the fake verifier accepts for this identity. */
export function tokenFor(identity: VerifiedIdentity): string {
  return PREFIX + Buffer.from(JSON.stringify(identity)).toString('base64url');
}

function rejected(): Error {
  return Object.assign(new Error('Not a test token.'), { code: 'auth/argument-error' });
}

export const fakeVerifyIdToken: VerifyIdToken = async (token) => {
  if (!token.startsWith(PREFIX)) throw rejected();
  let identity: unknown;
  try {
    identity = JSON.parse(Buffer.from(token.slice(PREFIX.length), 'base64url').toString());
  } catch {
    throw rejected();
  }
  const uid = (identity as { uid?: unknown } | null)?.uid;
  if (typeof uid !== 'string' || uid === '') throw rejected();
  return identity as VerifiedIdentity;
};

export const ADMIN = { uid: 'admin-uid', email: 'admin@example.com', role: 'admin' };
export const READER = { uid: 'reader-uid', email: 'reader@example.com' };

export const adminHeaders = { authorization: `Bearer ${tokenFor(ADMIN)}` };
export const readerHeaders = { authorization: `Bearer ${tokenFor(READER)}` };

const SESSION_PREFIX = 'test-session:';

export interface FakeSessionCookies extends SessionCookies {
  /** Ends every session of this user, as revoking their refresh tokens does. */
  revoke(uid: string): void;
  /** From now on every call fails as if Firebase could not be reached. */
  breakDown(): void;
}

/**
 * A stand-in for firebase-admin's session cookies: a cookie is the readable identity of the
 * fake ID token it was made from, with the time it was minted.
 */
export function createFakeSessionCookies(): FakeSessionCookies {
  const revokedAt = new Map<string, number>();
  let broken = false;
  const unreachable = () => new Error('connect ECONNREFUSED (fake Firebase)');
  return {
    async create(idToken) {
      if (broken) throw unreachable();
      const identity = await fakeVerifyIdToken(idToken);
      const minted = { ...identity, issuedAt: Math.floor(Date.now() / 1000) };
      return SESSION_PREFIX + Buffer.from(JSON.stringify(minted)).toString('base64url');
    },
    async verify(cookie): Promise<SessionIdentity> {
      if (broken) throw unreachable();
      if (!cookie.startsWith(SESSION_PREFIX)) throw rejected();
      let minted: VerifiedIdentity & { issuedAt: number; displayName?: string };
      try {
        minted = JSON.parse(
          Buffer.from(cookie.slice(SESSION_PREFIX.length), 'base64url').toString(),
        ) as typeof minted;
      } catch {
        throw rejected();
      }
      if (minted.issuedAt <= (revokedAt.get(minted.uid) ?? -1)) {
        throw Object.assign(new Error('revoked'), { code: 'auth/session-cookie-revoked' });
      }
      return {
        uid: minted.uid,
        email: minted.email ?? null,
        displayName: minted.displayName ?? null,
        photoURL: null,
        role: minted.role === 'admin' ? 'admin' : 'user',
        issuedAt: minted.issuedAt,
      };
    },
    revoke(uid) {
      revokedAt.set(uid, Date.now() / 1000);
    },
    breakDown() {
      broken = true;
    },
  };
}
