// The server's one log of failures of what it depends on (failure-log.ts, docs/decisions/115):
// the content API's calls, renders and remotes write through it, rate-limited.
import fp from 'fastify-plugin';
import { createFailureLog } from '../failure-log';
import type { FailureLog } from '../failure-log';

declare module 'fastify' {
  interface FastifyInstance {
    readonly failureLog: FailureLog;
  }
}

export interface FailureLogOptions {
  /** At most one line per kind of failure this often (tests shorten it). */
  intervalMs?: number;
}

export default fp<FailureLogOptions>(
  async (app, { intervalMs }) => {
    app.decorate('failureLog', createFailureLog(app.log, intervalMs ? { intervalMs } : {}));
  },
  { name: 'site-failure-log', fastify: '5.x' },
);
