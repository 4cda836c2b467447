// Who is calling: Bearer Firebase ID token → verified identity → route guards.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

export type Role = 'user' | 'admin';

export interface VerifiedIdentity {
  uid: string;
  email?: string;
  /** Whether the sign-in provider verified `email` (the token's `email_verified`). */
  emailVerified?: boolean;
  /** The `role` custom claim, which only the server and the admin CLI can set. */
  role?: unknown;
  /** When the user last signed in (the token's `auth_time`, seconds since the epoch). */
  authTime?: number;
}

/**
 * Verifies an ID token or rejects. A token that is not acceptable must be rejected with an error
 * whose `code` starts with `auth/`, as firebase-admin's FirebaseAuthError does
 * (`auth/argument-error`, `auth/id-token-expired`, …); any other error means the check itself
 * failed. Injected so tests can run without Google's servers.
 */
export type VerifyIdToken = (idToken: string) => Promise<VerifiedIdentity>;

declare module 'fastify' {
  interface FastifyRequest {
    identity?: VerifiedIdentity;
  }
}

export const AUTH_MESSAGES = {
  missing: 'Authentication required: send an Authorization: Bearer <Firebase ID token> header.',
  invalid: 'Invalid or expired ID token.',
  forbidden: 'Admin role required.',
  unavailable: 'Sign-in cannot be checked right now. Please try again later.',
} as const;

/** Firebase ID tokens are about 1 KB; anything much longer is not one. */
export const MAX_ID_TOKEN_LENGTH = 8 * 1024;

/**
 * firebase-admin reports a failure to fetch Google's public keys with the same code as a bad
 * token (`auth/argument-error`); only its message tells them apart.
 */
const KEY_FETCH_FAILURE = /Error while making request|Error fetching public keys/;

/** firebase-admin's verdict on a bad token, as opposed to a failure to check it. */
export function isTokenRejection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !code.startsWith('auth/')) return false;
  return !(typeof message === 'string' && KEY_FETCH_FAILURE.test(message));
}

/** The role a verified token grants: admin only with the admin claim. */
export function roleOf(identity: VerifiedIdentity): Role {
  return identity.role === 'admin' ? 'admin' : 'user';
}

/** The token of an `Authorization: Bearer <token>` header; undefined for anything else. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/** Used as `onRequest` hooks, so a rejected caller's body is never even parsed. */
export type AuthGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthGuards {
  /** Any valid token. */
  requireUser: AuthGuard;
  /** A valid token with the admin claim. */
  requireAdmin: AuthGuard;
}

export function createAuthGuards(verifyIdToken: VerifyIdToken): AuthGuards {
  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<VerifiedIdentity> {
    // Answers for one caller (and their refusals) are never stored by any cache.
    reply.header('Cache-Control', 'private, no-store');
    const header = request.headers.authorization;
    const token = bearerToken(header);
    if (!token) throw new HttpError(401, AUTH_MESSAGES.missing);
    if (token.length > MAX_ID_TOKEN_LENGTH) throw new HttpError(401, AUTH_MESSAGES.invalid);
    let identity: VerifiedIdentity;
    try {
      identity = await verifyIdToken(token);
    } catch (error) {
      if (isTokenRejection(error)) {
        request.log.info({ code: (error as { code: string }).code }, 'ID token rejected');
        throw new HttpError(401, AUTH_MESSAGES.invalid);
      }
      // E.g. Google's signing keys could not be fetched: not the caller's fault, and telling
      // them to sign in again would not help.
      request.log.error({ err: error }, 'ID token could not be verified');
      throw new HttpError(503, AUTH_MESSAGES.unavailable);
    }
    request.identity = identity;
    return identity;
  }

  return {
    async requireUser(request: FastifyRequest, reply: FastifyReply) {
      await authenticate(request, reply);
    },
    async requireAdmin(request: FastifyRequest, reply: FastifyReply) {
      const identity = await authenticate(request, reply);
      if (roleOf(identity) !== 'admin') throw new HttpError(403, AUTH_MESSAGES.forbidden);
    },
  };
}

/** The identity a guard attached; only call from routes behind a guard. */
export function identityOf(request: FastifyRequest): VerifiedIdentity {
  if (!request.identity) throw new Error('identityOf() called on a route without an auth guard');
  return request.identity;
}
