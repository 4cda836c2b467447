// The site's session cookie (docs/decisions/037): a Firebase session cookie, so the pages this
// server renders already know who is signed in (Logout in the navbar, the name on /welcome, the
// dashboards answered with a redirect or a 403). The content API mints and verifies it, where
// the rules for trusting Firebase live; this server only keeps it in an httpOnly cookie.
//
// State-changing API calls keep sending ID tokens, never this cookie, so it opens nothing new
// to cross-site request forgery; the two endpoints below accept only same-origin requests.
import fastifyCookie from '@fastify/cookie';
import { isLoopbackHost } from '../tools/runtime-config.mjs';

export const SESSION_COOKIE = '__session';
export const SESSION_PATH = '/session';
/** A session older than this is renewed by the browser once the Auth SDK confirms the user. */
export const RENEW_AFTER_SECONDS = 24 * 60 * 60;
const MAX_ID_TOKEN_LENGTH = 8 * 1024;

/**
 * Only the site's own pages may set or clear the cookie: the Origin is this very host (browsers
 * send it on every POST and DELETE), and where the browser says so, the request is same-origin.
 */
function isSameOrigin(request) {
  const { origin, host } = request.headers;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  try {
    return typeof origin === 'string' && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function cookieOptions(request, maxAge) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure everywhere but loopback, where a local run is plain http.
    secure: !isLoopbackHost(request.headers.host),
    maxAge,
  };
}

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ apiBase: string, timeoutMs: number }} options
 */
export async function registerSiteSession(app, { apiBase, timeoutMs }) {
  await app.register(fastifyCookie);

  /** POST to the content API; the answer's status and JSON body, or a thrown error. */
  async function callApi(path, body, headers = {}) {
    const response = await fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = await response.json().catch(() => ({}));
    return { status: response.status, json };
  }

  const refuse = (reply, status, message) =>
    reply.code(status).header('Cache-Control', 'no-store').send({ message });

  app.post(
    SESSION_PATH,
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idToken'],
          properties: { idToken: { type: 'string', minLength: 1, maxLength: MAX_ID_TOKEN_LENGTH } },
        },
      },
    },
    async (request, reply) => {
      if (!isSameOrigin(request)) return refuse(reply, 403, 'Cross-origin request refused.');
      const current = request.cookies[SESSION_COOKIE];
      let answer;
      try {
        answer = await callApi('/sessions', current ? { session: current } : {}, {
          Authorization: `Bearer ${request.body.idToken}`,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'Session could not be started: content API unreachable');
        return refuse(reply, 503, 'Sign-in cannot be checked right now. Please try again later.');
      }
      if (answer.status !== 201) {
        const message =
          typeof answer.json.message === 'string' ? answer.json.message : 'Session refused.';
        return refuse(reply, answer.status >= 500 ? 503 : answer.status, message);
      }
      return reply
        .setCookie(
          SESSION_COOKIE,
          answer.json.session,
          cookieOptions(request, answer.json.expiresIn),
        )
        .header('Cache-Control', 'no-store')
        .code(204)
        .send();
    },
  );

  app.delete(SESSION_PATH, async (request, reply) => {
    if (!isSameOrigin(request)) return refuse(reply, 403, 'Cross-origin request refused.');
    return reply
      .clearCookie(SESSION_COOKIE, cookieOptions(request, undefined))
      .header('Cache-Control', 'no-store')
      .code(204)
      .send();
  });

  /**
   * Who a page request is for: a session ({ user, role, renew? }), null without one (a cookie
   * the API no longer accepts is cleared), undefined when the API could not say in time (the
   * page is then rendered as before sessions existed, and the browser decides).
   * @returns {Promise<import('../shared/src/auth').ServerSession | null | undefined>}
   */
  async function sessionOf(request, reply) {
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return null;
    let answer;
    try {
      answer = await callApi('/sessions/verify', { session: cookie });
    } catch (error) {
      request.log.warn({ err: error }, 'Session could not be checked: content API unreachable');
      return undefined;
    }
    if (answer.status === 200) {
      const { uid, email, displayName, photoURL, role, issuedAt } = answer.json;
      return {
        user: { uid, email, displayName, photoURL },
        role: role === 'admin' ? 'admin' : 'user',
        ...(Date.now() / 1000 - issuedAt > RENEW_AFTER_SECONDS && { renew: true }),
      };
    }
    if (answer.status >= 400 && answer.status < 500) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request, undefined));
      return null;
    }
    return undefined;
  }

  return { sessionOf };
}
