// A stand-in for firebase-admin's verifyIdToken: tokens are readable strings made by tokenFor().
import type { VerifiedIdentity, VerifyIdToken } from '../auth/identity.js';

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
