// /runtime-config.json: the config a page the server did not render reads at boot (the data
// block carries it otherwise). The same for every request: built once.
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@portfolio/contract';

export interface RuntimeConfigRouteOptions {
  config: RuntimeConfig;
}

export default fp<RuntimeConfigRouteOptions>(
  async (app, { config }) => {
    const body = JSON.stringify(config);
    app.get('/runtime-config.json', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(body),
    );
  },
  { name: 'site-runtime-config', fastify: '5.x' },
);
