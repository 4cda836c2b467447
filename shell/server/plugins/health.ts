// Health of the site's server, for an orchestrator or a load balancer (docs/deployment.md):
//   GET /healthz  alive: the process answers (restart it when this fails);
//   GET /readyz   ready: the server is warm (it rendered a whole page of each remote, with the
//                 site settings: warm-up.ts, docs/decisions/117), every remote answered its last
//                 poll and the content API answers its health check (send it no traffic while
//                 this fails); names the remotes that did not answer.
// Neither is cached, and neither says more than its status and which part is down.
import fp from 'fastify-plugin';

export interface HealthOptions {
  /** The content API as this server calls it. */
  apiBase: string;
  /** How long the API's health check may take. */
  timeoutMs?: number;
}

export default fp<HealthOptions>(
  async (app, { apiBase, timeoutMs = 1000 }) => {
    app.get('/healthz', async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
    );
    app.get('/readyz', async (_request, reply) => {
      const remotes = app.renderer.remotes.allReachable();
      const remotesDown = remotes ? [] : app.renderer.remotes.unreachable();
      let api = false;
      try {
        const response = await fetch(`${apiBase}/health`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        api = response.ok;
      } catch {
        api = false;
      }
      const warm = app.warmUp.done;
      const ready = warm && remotes && api;
      return reply
        .code(ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({
          status: ready ? 'ready' : warm ? 'degraded' : 'warming',
          warm,
          remotes,
          api,
          ...(remotesDown.length > 0 ? { remotesDown } : {}),
        });
    });
  },
  { name: 'site-health', fastify: '5.x', dependencies: ['site-renderer', 'site-warm-up'] },
);
