// @ts-check
// Runs drizzle-kit with drizzle-orm resolved from this package.
// npm hoists drizzle-kit to the repo root but keeps drizzle-orm in content-api/node_modules (next to
// PGlite 0.5, which another workspace dependency pins differently), so drizzle-kit's own
// `import('drizzle-orm/...')` would fail. `require` calls are covered by NODE_PATH (see package.json).
// Usage: npm run db:generate -w @portfolio/content-api -- --name <migration-name>
import { register } from 'node:module';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const resolver = `
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(resolver)}`);
// bin.cjs is not in drizzle-kit's exports map: locate it beside the package's main entry.
const kitDir = path.dirname(require.resolve('drizzle-kit'));
await import(pathToFileURL(path.join(kitDir, 'bin.cjs')).href);
