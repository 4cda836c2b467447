// /sessions: Firebase session cookies for the site's server (docs/decisions/037). The site's
// server mints one at sign-in (POST /sessions with the user's ID token) and sets it as an
// httpOnly cookie on the site's own origin; on each page request that carries it, it asks who it
// belongs to (POST /sessions/verify); at sign-out it ends it (POST /sessions/revoke), so a copy
// of the cookie stops working at once (docs/decisions/081). The answers are for that one user
// and are never cached.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MintedSessionSchema,
  SessionCheckInputSchema,
  SessionIdentitySchema,
  SessionInputSchema,
} from '@portfolio/contract';
import type { FastifyReply } from 'fastify';
import type { RouteContext } from '../../route-context.js';
import { AUTH_MESSAGES, bearerToken, identityOf, isTokenRejection } from '../../auth/identity.js';
import type { SessionCookies, SessionIdentity } from '../../auth/session-cookies.js';
import { SESSION_LIFETIME_MS } from '../../auth/session-cookies.js';
import { CLOCK_SKEW_SECONDS } from '../../auth/firebase.js';
import { HttpError } from '../../http/errors.js';
import { isSessionRevoked, revokeSession } from './repository.js';

export const SESSION_MESSAGES = {
  signInAgain: 'Sign in again to start a session on this site.',
  ended: 'The session has ended. Please sign in again.',
} as const;

/**
 * A cookie is minted only from a recent sign-in (as Firebase advises, so a stolen ID token
 * cannot be stretched into a two-week session), or to renew a valid session of the same user.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** How long a session replaced by a renewal stays good, for requests already under way. */
export const REPLACED_SESSION_GRACE_SECONDS = 60;

export interface SessionRouteOptions extends RouteContext {
  sessionCookies: SessionCookies;
}

/** When a cookie minted at `issuedAt` ends by itself at the latest (the cookie checks' bound). */
const latestExpiry = (issuedAt: number) =>
  issuedAt + SESSION_LIFETIME_MS / 1000 + CLOCK_SKEW_SECONDS;

const sessionRoutes: FastifyPluginAsyncTypebox<SessionRouteOptions> = async (
  app,
  { db, auth, sessionCookies },
) => {
  /**
   * Whose the cookie is, unless it was signed out of. A cookie firebase-admin refuses, or one
   * that was ended, is the caller's problem (401); a failed check is not.
   */
  async function verify(reply: FastifyReply, cookie: string): Promise<SessionIdentity> {
    let identity: SessionIdentity;
    try {
      identity = await sessionCookies.verify(cookie);
    } catch (error) {
      if (isTokenRejection(error)) throw new HttpError(401, SESSION_MESSAGES.ended);
      reply.log.error({ err: error }, 'Session cookie could not be verified');
      throw new HttpError(503, AUTH_MESSAGES.unavailable);
    }
    if (await isSessionRevoked(db, identity)) throw new HttpError(401, SESSION_MESSAGES.ended);
    return identity;
  }

  /** The session a cookie still opens, or undefined when it opens none (or cannot be told). */
  async function liveSession(reply: FastifyReply, cookie: string) {
    try {
      return await verify(reply, cookie);
    } catch {
      return undefined;
    }
  }

  app.post(
    '/sessions',
    {
      onRequest: auth.requireUser,
      config: { changesPublicContent: false },
      schema: { body: SessionInputSchema, response: { 201: MintedSessionSchema } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const signedInAt = identity.authTime ?? 0;
      const current = request.body.session;
      // The session this one replaces, which ends with it: a copy of an older cookie must not
      // outlive the newest one's sign-out.
      let replaced: SessionIdentity | undefined;
      if (Date.now() / 1000 - signedInAt > RECENT_SIGN_IN_SECONDS) {
        replaced = current === undefined ? undefined : await verify(reply, current);
        if (replaced?.uid !== identity.uid) throw new HttpError(401, SESSION_MESSAGES.signInAgain);
      } else if (current !== undefined) {
        replaced = await liveSession(reply, current);
      }
      // The guard above accepted this very token.
      const token = bearerToken(request.headers.authorization) ?? '';
      let session: string;
      try {
        session = await sessionCookies.create(token, SESSION_LIFETIME_MS);
      } catch (error) {
        if (isTokenRejection(error)) throw new HttpError(401, AUTH_MESSAGES.invalid);
        request.log.error({ err: error }, 'Session cookie could not be created');
        throw new HttpError(503, AUTH_MESSAGES.unavailable);
      }
      // A minute's grace: a page request the browser sent with the old cookie before the new
      // one arrived must not end the visitor's session (it would clear the new cookie).
      if (replaced) {
        await revokeSession(
          db,
          replaced,
          latestExpiry(replaced.issuedAt),
          REPLACED_SESSION_GRACE_SECONDS,
        );
      }
      return reply.code(201).send({ session, expiresIn: SESSION_LIFETIME_MS / 1000 });
    },
  );

  app.post(
    '/sessions/verify',
    {
      config: { changesPublicContent: false },
      schema: { body: SessionCheckInputSchema, response: { 200: SessionIdentitySchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return verify(reply, request.body.session);
    },
  );

  /**
   * Sign-out: the session ends here, for every copy of the cookie and on every instance. A
   * cookie that opens no session (ended, expired, forged) has nothing left to end: 204 too.
   */
  app.post(
    '/sessions/revoke',
    {
      config: { changesPublicContent: false },
      schema: { body: SessionCheckInputSchema },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      let identity: SessionIdentity;
      try {
        identity = await sessionCookies.verify(request.body.session);
      } catch (error) {
        if (isTokenRejection(error)) return reply.code(204).send();
        request.log.error({ err: error }, 'Session cookie could not be verified');
        throw new HttpError(503, AUTH_MESSAGES.unavailable);
      }
      await revokeSession(db, identity, latestExpiry(identity.issuedAt));
      return reply.code(204).send();
    },
  );
};

export default sessionRoutes;
