// A stand-in for firebase-admin's verifyIdToken: tokens are readable strings made by tokenFor().
import type { VerifiedIdentity, VerifyIdToken } from '../auth/identity.js';

const PREFIX = 'test-token:';

/** An ID token the fake verifier accepts for this identity. */
export function tokenFor(identity: VerifiedIdentity): string {
  return PREFIX + Buffer.from(JSON.stringify(identity)).toString('base64url');
}

export const fakeVerifyIdToken: VerifyIdToken = async (token) => {
  if (!token.startsWith(PREFIX)) throw new Error('auth/argument-error: not a test token');
  return JSON.parse(
    Buffer.from(token.slice(PREFIX.length), 'base64url').toString(),
  ) as VerifiedIdentity;
};

export const ADMIN = { uid: 'admin-uid', email: 'admin@example.com', role: 'admin' };
export const READER = { uid: 'reader-uid', email: 'reader@example.com' };

export const adminHeaders = { authorization: `Bearer ${tokenFor(ADMIN)}` };
export const readerHeaders = { authorization: `Bearer ${tokenFor(READER)}` };
