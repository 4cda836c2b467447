// What the site's server answers when there is no page or the request is wrong: its own short
// texts, never an echo of the request (a URL, a header) and never a 5xx for a client's mistake.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const NOT_FOUND_TEXT = 'Not found';
export const METHOD_NOT_ALLOWED = 'Method not allowed';
export const BAD_REQUEST = 'Bad request';
export const SERVER_ERROR = 'Something went wrong on our side. Please try again later.';

/** A message for a client error of this status: fixed texts only. */
function clientMessage(status: number): string {
  if (status === 413) return 'Request body too large.';
  if (status === 415) return 'Unsupported content type.';
  if (status === 408) return 'Request timed out.';
  return BAD_REQUEST;
}

/**
 * A client's mistake: its status with a fixed text, never Fastify's, which may repeat what was
 * sent (a URL, a body's schema).
 */
function refuse(error: FastifyError, request: FastifyRequest, reply: FastifyReply, status: number) {
  request.log.info({ code: error.code, status }, 'Request refused');
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ message: clientMessage(status) });
}

/**
 * The router's own refusals (a malformed URL: FST_ERR_BAD_URL; a path parameter too long) skip
 * the error handler and the hooks: Fastify's `frameworkErrors` answers them here as the error
 * handler answers a client's mistake, the security headers included.
 */
export function answerRouterError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.server.applySecurityHeaders(reply);
  return refuse(error, request, reply, 400);
}

/**
 * A page's form sent by the browser itself: submitted before the page's script took it over
 * (the sign-in, contact and other forms say `method="post"` so that what was typed, a password
 * above all, never goes into a URL). The page's own path, to send the browser back to, where the
 * form is ready; none for anything else, or for a path a Location would read as another host.
 */
function formPostedBeforeItsScript(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST') return undefined;
  const type = request.headers['content-type'] ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return undefined;
  const { pathname } = new URL(request.url, 'http://site.invalid');
  return pathname.startsWith('//') ? undefined : pathname;
}

export default fp(
  async (app) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      // A URIError is a `%` that does not decode: only a request's URL has one (security round
      // 4, finding C: a malformed query reached a proxy's decoding and was a 500).
      const status =
        typeof error.statusCode === 'number' && error.statusCode >= 400
          ? error.statusCode
          : error instanceof URIError
            ? 400
            : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'Request failed');
        return reply.code(500).header('Cache-Control', 'no-store').send({ message: SERVER_ERROR });
      }
      return refuse(error, request, reply, status);
    });
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD')
        return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND_TEXT);
      const page = formPostedBeforeItsScript(request);
      if (page) return reply.code(303).header('Cache-Control', 'no-store').redirect(page, 303);
      return reply.code(405).header('Allow', 'GET, HEAD').send({ message: METHOD_NOT_ALLOWED });
    });
  },
  { name: 'site-errors', fastify: '5.x' },
);
