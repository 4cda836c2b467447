// A remote's server in a package (tools/package.ts bundles this into static/serve.mjs, with no
// npm dependency): serves one folder of a remote's build with the cache rules every static host
// must keep (no-cache entry points, immutable hashed files: @portfolio/platform/static-server),
// bound to HOST:PORT. Any static host or CDN may serve the folder instead (docs/deployment.md).
//   node serve.mjs <folder>            HOST (127.0.0.1), PORT (8080), PUBLIC_HOSTS
import path from 'node:path';
import { loadSettingsFile, portFromEnv } from '@portfolio/platform/settings';
import { createStaticServer } from '@portfolio/platform/static-server';

loadSettingsFile();
const folder = process.argv[2];
if (!folder) {
  console.error('Usage: node serve.mjs <folder of a remote build>');
  process.exit(2);
}
const root = path.resolve(folder);
const host = process.env.HOST || '127.0.0.1';
const port = portFromEnv('PORT', 8080);
const server = createStaticServer({ root }).listen(port, host, () => {
  console.log(`Serving ${root} on http://${host}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
