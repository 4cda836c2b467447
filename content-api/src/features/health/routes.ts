// GET /health (docs/decisions/111): whether the database answers, and whether it takes writes.
//   200 { status: 'ok' }                                   reads and writes work
//   200 { status: 'degraded', writes: 'refused', reason }  reads work, writes are refused
//   503 { message }                                        the database does not answer
// Reads still work when writes do not, so a degraded API keeps its traffic (the site shows its
// content); a monitor alerts on `degraded`. Never cached; `reason` names the kind of failure only.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../route-context.js';
import { HttpError } from '../../http/errors.js';

export const DATABASE_UNAVAILABLE = 'Database unavailable.';

const healthRoutes: FastifyPluginAsync<RouteContext> = async (app, { store }) => {
  app.get(
    '/health',
    {
      // Load balancers probe instances by address; the answer holds nothing worth protecting.
      config: { anyHost: true },
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['status'],
            properties: {
              status: { type: 'string', enum: ['ok', 'degraded'] },
              writes: { type: 'string', enum: ['refused'] },
              reason: { type: 'string' },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const check = await store.check();
      if (check.reads === 'failed') {
        request.log.error(`health check: ${check.reason}`);
        throw new HttpError(503, DATABASE_UNAVAILABLE);
      }
      reply.header('Cache-Control', 'no-store');
      if (check.writes === 'ok') return { status: 'ok' };
      return { status: 'degraded', writes: 'refused', reason: check.reason };
    },
  );
};

export default healthRoutes;
