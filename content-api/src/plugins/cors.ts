// Which origins' pages may call the API from a browser (CORS_ORIGINS), and what they may send
// and read.
import cors from '@fastify/cors';
import { TOTAL_COUNT_HEADER, UNREAD_COUNT_HEADER } from '@portfolio/contract';
import { apiPlugin } from './api-plugin.js';

export interface CorsPluginOptions {
  /** `*` among them: any origin. */
  origins: string[];
}

export default apiPlugin<CorsPluginOptions>(
  async (app, { origins }) => {
    await app.register(cors, {
      origin: origins.includes('*') ? true : origins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      // How many items a paged list has in all (GET /articles, GET /search).
      exposedHeaders: ['ETag', TOTAL_COUNT_HEADER, UNREAD_COUNT_HEADER],
      maxAge: 600,
    });
  },
  { name: 'api-cors' },
);
