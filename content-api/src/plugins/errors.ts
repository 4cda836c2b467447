// Every error leaves the API as `{ message }` with its status (http/errors.ts): the error
// handler, the 404, plugins' plain-text refusals made JSON, and the router's own refusals.
// A request the store refused (full, read-only, down) is a 503, and health says so for a while.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { registerErrorHandlers } from '../http/errors.js';
import { setSecurityHeaders } from '../http/security-headers.js';
import { closeIfBodyPending } from '../http/time-limits.js';
import { apiPlugin } from './api-plugin.js';

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed URL.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long.',
};

/**
 * Fastify's `frameworkErrors` (given when the app is made). Bad path input is a client error like
 * any other: 400, never the router's 414. Router errors skip the hooks, so the security headers
 * are set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  setSecurityHeaders(request, reply);
  closeIfBodyPending(request, reply);
  reply.code(400).send({ message: FRAMEWORK_ERROR_MESSAGES[error.code] ?? error.message });
}

export default apiPlugin(
  async (app) => {
    const store = app.storeHealth;
    registerErrorHandlers(app, { onStoreFailure: (failure) => store.refused(failure) });
  },
  { name: 'api-errors', dependencies: ['api-store-health'] },
);
