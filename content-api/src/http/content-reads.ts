// Reads of projects and articles: public ones through the response cache, and an admin's
// `?include=drafts` (docs/decisions/120), which sees drafts and scheduled items too and never
// goes through a cache shared between callers: not the API's, not the site's (its answers carry
// credentials and `Cache-Control: private, no-store`), not a browser's or a proxy's.
import { INCLUDE_DRAFTS } from '@portfolio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuards } from '../auth/identity.js';
import type { ContentReadOptions } from '../db/content-queries.js';
import type { ResponseCache } from './response-cache.js';
import { JsonWithHeaders, replyWithCachedJson } from './response-cache.js';

function wantsDrafts(request: FastifyRequest): boolean {
  return (request.query as { include?: string } | undefined)?.include === INCLUDE_DRAFTS;
}

/**
 * A `preHandler` (after validation, so the query is checked): `?include=drafts` needs an admin's
 * ID token (401 without a valid one, 403 for another role); public reads need nothing.
 */
export function adminForDrafts(auth: AuthGuards) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (wantsDrafts(request)) await auth.requireAdmin(request, reply);
  };
}

/**
 * Answers a read with `load`: the admin's view (drafts included) straight from the database,
 * the public one through the response cache.
 */
export function replyWithContent(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: (options: ContentReadOptions) => Promise<unknown>,
): Promise<unknown> | undefined {
  // The guard already set `Cache-Control: private, no-store` (auth/identity.ts).
  if (wantsDrafts(request)) {
    return load({ drafts: true }).then((loaded) => {
      if (!(loaded instanceof JsonWithHeaders)) return loaded;
      reply.headers(loaded.headers);
      return loaded.body;
    });
  }
  return replyWithCachedJson(cache, request, reply, () => load({}));
}
