// The bench's ceiling: a bare Fastify app (no plugins, hooks or logger). The bench first stores
// an endpoint's answer with PUT /bodies/:name; GET or POST /ceiling/:name then sends those
// exact bytes from memory. What the content API does per request is measured against what
// Fastify alone does on this machine for the same answer. The same bytes, not just the same
// length: the load generator's own cost depends on what it parses.
//
//   PORT=4501 tsx tools/bench/api/ceiling-server.ts
import Fastify from 'fastify';

const CONTENT_TYPE = 'application/json; charset=utf-8';
/** Larger than any answer the bench stores (the 10,000-article list is about 18 MB). */
const MAX_BODY_BYTES = 256 * 1024 * 1024;
const bodies = new Map<string, Buffer>();

const app = Fastify({ bodyLimit: MAX_BODY_BYTES });
app.addContentTypeParser(
  'application/octet-stream',
  { parseAs: 'buffer' },
  (_request, body, done) => done(null, body),
);
app.put<{ Params: { name: string }; Body: Buffer }>('/bodies/:name', (request, reply) => {
  bodies.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.route<{ Params: { name: string } }>({
  method: ['GET', 'POST'],
  url: '/ceiling/:name',
  handler: (request, reply) => reply.type(CONTENT_TYPE).send(bodies.get(request.params.name)),
});
app.get('/health', () => ({ status: 'ok' }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
