// GET /health: 200 when the database answers, 503 otherwise. Never cached.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';

const healthRoutes: FastifyPluginAsync<RouteContext> = async (app, { db }) => {
  app.get(
    '/health',
    {
      // Load balancers probe instances by address; the answer holds nothing worth protecting.
      config: { anyHost: true },
      schema: {
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        throw new HttpError(503, 'Database unavailable.');
      }
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' };
    },
  );
};

export default healthRoutes;
