// npm run bench:ssr's own site server: the shell's server exactly as `npm start` runs it (its
// render cache on), plus the ceiling on the very same server. `PUT /__bench/bodies/:name`
// stores a page's bytes and `GET /__bench/ceiling/:name` answers them from memory, through the
// same host check, security headers and compression hook as a page. Bench code: it adds routes
// to this process's server only, never to the shell.
//
//   SHELL_PORT=3610 (plus the stack's ports) node tools/bench/ssr-site.mjs
import path from 'node:path';
import { buildSiteServer } from '../../shell/server/app.ts';
import { siteServerOptionsFrom } from '../../shell/server/options.ts';
import { ROOT } from '../root.ts';

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const bodies = new Map();

const app = await buildSiteServer(
  siteServerOptionsFrom(process.env, path.join(ROOT, 'shell', 'dist')),
);
app.addContentTypeParser(
  'application/octet-stream',
  { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
  (_request, body, done) => done(null, body),
);
app.put('/__bench/bodies/:name', (request, reply) => {
  bodies.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.get('/__bench/ceiling/:name', (request, reply) =>
  reply.type('text/html; charset=utf-8').send(bodies.get(request.params.name)),
);

await app.listen({ host: '127.0.0.1', port: Number(process.env.SHELL_PORT) });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => app.close().then(() => process.exit(0)));
}
