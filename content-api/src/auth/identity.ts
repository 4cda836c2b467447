// Who is calling: Bearer Firebase ID token → verified identity → route guards.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

export type Role = 'user' | 'admin';

export interface VerifiedIdentity {
  uid: string;
  email?: string;
  /** The `role` custom claim, which only the server and the admin CLI can set. */
  role?: unknown;
}

/** Verifies an ID token or rejects. Injected so tests can run without Firebase. */
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
} as const;

/** The role a verified token grants: admin only with the admin claim. */
export function roleOf(identity: VerifiedIdentity): Role {
  return identity.role === 'admin' ? 'admin' : 'user';
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
  async function authenticate(request: FastifyRequest): Promise<VerifiedIdentity> {
    const header = request.headers.authorization;
    const token = header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!token) throw new HttpError(401, AUTH_MESSAGES.missing);
    let identity: VerifiedIdentity;
    try {
      identity = await verifyIdToken(token);
    } catch (error) {
      request.log.info({ err: error }, 'ID token rejected');
      throw new HttpError(401, AUTH_MESSAGES.invalid);
    }
    request.identity = identity;
    return identity;
  }

  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      await authenticate(request);
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      const identity = await authenticate(request);
      if (roleOf(identity) !== 'admin') throw new HttpError(403, AUTH_MESSAGES.forbidden);
    },
  };
}

/** The identity a guard attached; only call from routes behind a guard. */
export function identityOf(request: FastifyRequest): VerifiedIdentity {
  if (!request.identity) throw new Error('identityOf() called on a route without an auth guard');
  return request.identity;
}
