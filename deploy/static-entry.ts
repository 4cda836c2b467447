// A remote's server in a package (tools/package.ts bundles this into static/serve.mjs, with no
// npm dependency): serves one folder of a remote's build with the cache rules every static host
// must keep (no-cache entry points, immutable hashed files: @portfolio/platform/static-server),
// bound to HOST:PORT. Any static host or CDN may serve the folder instead (docs/deployment.md).
//   node serve.mjs <folder>            HOST (127.0.0.1), PORT (8080), PUBLIC_HOSTS, …
// Its settings are read once, here, by their schema (StaticEntrySettingsSchema, docs/decisions/147):
// where it listens, and the static server's (the runtime config it serves, its host check).
import path from 'node:path';
import { SettingsError, loadSettingsFile, readSettings } from '@portfolio/platform/settings';
import { StaticEntrySettingsSchema, createStaticServer } from '@portfolio/platform/static-server';
import type { StaticEntrySettings } from '@portfolio/platform/static-server';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: node serve.mjs <folder of a remote build>');
  process.exit(2);
}
let settings: StaticEntrySettings;
try {
  loadSettingsFile(process.env);
  settings = readSettings(StaticEntrySettingsSchema, process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const root = path.resolve(folder);
const { HOST: host, PORT: port } = settings;
const server = createStaticServer({ root, settings }).listen(port, host, () => {
  console.log(`Serving ${root} on http://${host}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
