// npm run bench:ssr's own site server: the shell's server exactly as `npm start` runs it (its
// render cache on), plus the ceiling on the very same server. `PUT /__bench/bodies/:name`
// stores a page's bytes and `GET /__bench/ceiling/:name` answers them from memory, through the
// same host check, security headers and compression hook as a page. Bench code: it adds routes
// to this process's server only, never to the shell.
//
//   SHELL_PORT=3610 (plus the stack's ports) tsx --conditions=@portfolio/source tools/bench/ssr-site.ts
import path from 'node:path';
import { buildSiteServer } from '@portfolio/shell/server/app';
import { siteServerOptionsFrom } from '@portfolio/shell/server/options';
import { ROOT } from '../root';

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const bodies = new Map<string, Buffer>();

const app = await buildSiteServer(
  siteServerOptionsFrom(process.env, path.join(ROOT, 'shell', 'dist')),
);
app.addContentTypeParser(
  'application/octet-stream',
  { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
  (_request, body, done) => done(null, body),
);
app.put<{ Params: { name: string }; Body: Buffer }>('/__bench/bodies/:name', (request, reply) => {
  bodies.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/__bench/ceiling/:name', (request, reply) =>
  reply.type('text/html; charset=utf-8').send(bodies.get(request.params.name)),
);

await app.listen({ host: '127.0.0.1', port: Number(process.env.SHELL_PORT) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
