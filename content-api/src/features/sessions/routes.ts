// /sessions: Firebase session cookies for the site's server (docs/decisions/037). The site's
// server mints one at sign-in (POST /sessions with the user's ID token) and sets it as an
// httpOnly cookie on the site's own origin; on each page request that carries it, it asks who it
// belongs to (POST /sessions/verify). Both answers are for that one user and are never cached.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MintedSessionSchema,
  SessionCheckInputSchema,
  SessionIdentitySchema,
  SessionInputSchema,
} from '@portfolio/contract';
import type { FastifyReply } from 'fastify';
import type { RouteContext } from '../../app.js';
import { AUTH_MESSAGES, bearerToken, identityOf, isTokenRejection } from '../../auth/identity.js';
import type { SessionCookies, SessionIdentity } from '../../auth/session-cookies.js';
import { SESSION_LIFETIME_MS } from '../../auth/session-cookies.js';
import { HttpError } from '../../http/errors.js';

export const SESSION_MESSAGES = {
  signInAgain: 'Sign in again to start a session on this site.',
  ended: 'The session has ended. Please sign in again.',
} as const;

/**
 * A cookie is minted only from a recent sign-in (as Firebase advises, so a stolen ID token
 * cannot be stretched into a two-week session), or to renew a valid session of the same user.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export interface SessionRouteOptions extends RouteContext {
  sessionCookies: SessionCookies;
}

const sessionRoutes: FastifyPluginAsyncTypebox<SessionRouteOptions> = async (
  app,
  { auth, sessionCookies },
) => {
  /** A cookie firebase-admin refuses is the caller's problem (401); a failed check is not. */
  async function verify(reply: FastifyReply, cookie: string): Promise<SessionIdentity> {
    try {
      return await sessionCookies.verify(cookie);
    } catch (error) {
      if (isTokenRejection(error)) throw new HttpError(401, SESSION_MESSAGES.ended);
      reply.log.error({ err: error }, 'Session cookie could not be verified');
      throw new HttpError(503, AUTH_MESSAGES.unavailable);
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
      if (Date.now() / 1000 - signedInAt > RECENT_SIGN_IN_SECONDS) {
        const current = request.body.session;
        const renewing =
          current !== undefined && (await verify(reply, current)).uid === identity.uid;
        if (!renewing) throw new HttpError(401, SESSION_MESSAGES.signInAgain);
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
};

export default sessionRoutes;
