// Answers compressed as the client accepts. A cached answer comes with its compressed form
// already made (http/response-cache.ts), which @fastify/compress leaves alone.
import compress from '@fastify/compress';
import { apiPlugin } from './api-plugin.js';

export default apiPlugin(
  async (app) => {
    await app.register(compress);
  },
  { name: 'api-compression' },
);
