// The site's session cookie (docs/decisions/037): a Firebase session cookie, so the pages this
// server renders already know who is signed in (Logout in the navbar, the name on /welcome, the
// dashboards answered with a redirect or a 403). The content API mints and verifies it, where
// the rules for trusting Firebase live; this server only keeps it in an httpOnly cookie.
//
// State-changing API calls keep sending ID tokens, never this cookie, so it opens nothing new
// to cross-site request forgery; the two endpoints below accept only same-origin requests.
import fastifyCookie from '@fastify/cookie';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  MessageSchema,
  MintedSessionSchema,
  SessionIdentitySchema,
  check,
} from '@portfolio/contract';
import { isLoopbackHost } from '@portfolio/platform/runtime-config';
import type { ServerSession } from '@portfolio/shared/auth';

export const SESSION_COOKIE = '__session';
/**
 * The one rule for "this request has a session cookie" (security round 4, finding F), which the
 * edge's bypass of its page cache uses too (deploy/edge): a cookie named exactly `__session`
 * (first in the header, or after a `;`; spaces and tabs allowed around the name and the `=`)
 * with a value that is not empty. `x__session=1`, `__session2=1` and `__session=` are none. The
 * value is the first such cookie's, up to the next `;`, spaces and tabs trimmed (as the cookie
 * parser reads it).
 */
export const SESSION_COOKIE_PATTERN = /(?:^|;)[ \t]*__session[ \t]*=[ \t]*([^; \t][^;]*)/;

/** The session cookie's value in a Cookie header (SESSION_COOKIE_PATTERN), or undefined. */
export function sessionCookieOf(header: string | undefined): string | undefined {
  const value = header?.match(SESSION_COOKIE_PATTERN)?.[1]?.replace(/[ \t]+$/, '');
  if (!value?.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const SESSION_PATH = '/session';
/** A session older than this is renewed by the browser once the Auth SDK confirms the user. */
export const RENEW_AFTER_SECONDS = 24 * 60 * 60;
const MAX_ID_TOKEN_LENGTH = 8 * 1024;
/**
 * A Firebase ID token's shape: three base64url parts (the emulator's unsigned tokens have an
 * empty third). Anything else is refused before it reaches a header (docs/security.md).
 */
export const ID_TOKEN_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$';

export const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused.';
export const SESSION_UNCHECKED = 'Sign-in cannot be checked right now. Please try again later.';
export const SESSION_NOT_ENDED =
  'Signed out in this browser, but the session could not be ended on the server. Please sign out again later.';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Who a page request is for: a session, null without one (a cookie the API no longer
     * accepts is cleared), undefined when the API could not say in time (the page is then
     * rendered as before sessions existed, and the browser decides).
     */
    sessionOf(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<ServerSession | null | undefined>;
  }
}

export interface SessionOptions {
  /** The content API as this server calls it. */
  apiBase: string;
  /** The site's public origin (SITE_URL): the only Origin a sign-in or sign-out may come from. */
  siteOrigin: string;
  timeoutMs: number;
}

interface ApiAnswer {
  status: number;
  /** The parsed body, of any shape: read only through the contract's schemas. */
  json: unknown;
}

export default fp<SessionOptions>(
  async (app, { apiBase, siteOrigin, timeoutMs }) => {
    await app.register(fastifyCookie);

    /**
     * Only the site's own pages may set or clear the cookie: the Origin is the site's public
     * origin, or on a local run this very loopback host (scheme, host and port compared), and
     * where the browser says so, the request is same-origin.
     */
    function isSameOrigin(request: FastifyRequest): boolean {
      const { origin, host } = request.headers;
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') return false;
      if (typeof origin !== 'string') return false;
      return origin === siteOrigin || (isLoopbackHost(host) && origin === `http://${host}`);
    }

    const cookieOptions = (request: FastifyRequest, maxAge?: number): CookieSerializeOptions => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure everywhere but loopback, where a local run is plain http.
      secure: !isLoopbackHost(request.headers.host),
      ...(maxAge === undefined ? {} : { maxAge }),
    });

    /** POST to the content API; the answer's status and JSON body, or a thrown error. */
    async function callApi(
      path: string,
      body: unknown,
      headers: Record<string, string> = {},
    ): Promise<ApiAnswer> {
      const response = await app.apiFetch(`${apiBase}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const json: unknown = await response.json().catch(() => undefined);
      return { status: response.status, json };
    }

    const refuse = (reply: FastifyReply, status: number, message: string) =>
      reply.code(status).header('Cache-Control', 'no-store').send({ message });

    /** Before the body is read: another site's request is refused whatever it carries. */
    const sameOriginOnly = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isSameOrigin(request)) return refuse(reply, 403, CROSS_ORIGIN_REFUSED);
    };

    app.post<{ Body: { idToken: string } }>(
      SESSION_PATH,
      {
        onRequest: sameOriginOnly,
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['idToken'],
            properties: {
              idToken: {
                type: 'string',
                minLength: 1,
                maxLength: MAX_ID_TOKEN_LENGTH,
                pattern: ID_TOKEN_PATTERN,
              },
            },
          },
        },
      },
      async (request, reply) => {
        const current = sessionCookieOf(request.headers.cookie);
        let answer: ApiAnswer;
        try {
          answer = await callApi('/sessions', current ? { session: current } : {}, {
            Authorization: `Bearer ${request.body.idToken}`,
          });
        } catch (error) {
          request.log.warn({ err: error }, 'Session could not be started: content API unreachable');
          return refuse(reply, 503, SESSION_UNCHECKED);
        }
        if (answer.status === 201) {
          // The API's answer, checked against its contract: one of another shape is no answer,
          // as when the API cannot be reached.
          if (!check(MintedSessionSchema, answer.json)) {
            request.log.warn(
              'Session could not be started: the content API answered another shape',
            );
            return refuse(reply, 503, SESSION_UNCHECKED);
          }
        } else {
          // A 4xx is the API's refusal, passed on; any other status is no answer.
          if (answer.status < 400 || answer.status >= 500) {
            return refuse(reply, 503, SESSION_UNCHECKED);
          }
          const message = check(MessageSchema, answer.json)
            ? answer.json.message
            : 'Session refused.';
          return refuse(reply, answer.status, message);
        }
        const { session, expiresIn } = answer.json;
        return reply
          .setCookie(SESSION_COOKIE, session, cookieOptions(request, expiresIn))
          .header('Cache-Control', 'no-store')
          .code(204)
          .send();
      },
    );

    /**
     * Sign-out ends the session in the API (docs/decisions/081), so a copy of the cookie opens
     * nothing any more; the cookie is cleared here whatever the API says.
     */
    app.delete(SESSION_PATH, { onRequest: sameOriginOnly }, async (request, reply) => {
      const cookie = sessionCookieOf(request.headers.cookie);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      if (cookie) {
        let status: number;
        try {
          ({ status } = await callApi('/sessions/revoke', { session: cookie }));
        } catch (error) {
          request.log.warn({ err: error }, 'Session could not be ended: content API unreachable');
          return refuse(reply, 503, SESSION_NOT_ENDED);
        }
        // A 4xx: the cookie opens no session (malformed, ended, forged), so nothing is left open.
        if (status >= 500) {
          request.log.warn(`Session could not be ended: the content API answered ${status}`);
          return refuse(reply, 503, SESSION_NOT_ENDED);
        }
      }
      return reply.header('Cache-Control', 'no-store').code(204).send();
    });

    app.decorate('sessionOf', async (request: FastifyRequest, reply: FastifyReply) => {
      const cookie = sessionCookieOf(request.headers.cookie);
      if (!cookie) return null;
      let answer: ApiAnswer;
      try {
        answer = await callApi('/sessions/verify', { session: cookie });
      } catch (error) {
        request.log.warn({ err: error }, 'Session could not be checked: content API unreachable');
        return undefined;
      }
      if (answer.status === 200) {
        // The API's answer, checked against its contract: one of another shape is not a session.
        if (!check(SessionIdentitySchema, answer.json)) {
          request.log.warn('Session could not be checked: the content API answered another shape');
          return undefined;
        }
        const { uid, email, displayName, photoURL, role, issuedAt } = answer.json;
        return {
          user: { uid, email, displayName, photoURL },
          role: role === 'admin' ? 'admin' : 'user',
          ...(Date.now() / 1000 - issuedAt > RENEW_AFTER_SECONDS && { renew: true }),
        } satisfies ServerSession;
      }
      if (answer.status >= 400 && answer.status < 500) {
        reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
        return null;
      }
      return undefined;
    });
  },
  { name: 'site-session', fastify: '5.x', dependencies: ['site-caches'] },
);
