// How long browsers and shared caches may keep each kind of file a build produces: hashed files
// for ever, the federation entry points never without asking (a redeploy changes them), the rest
// an hour. One rule for the site's server, the remotes' static server and the edge.
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A content hash in the name: `main.1b95b854.js`. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Files whose name stays while their content changes with each deploy. */
export const NO_CACHE_FILES: ReadonlySet<string> = new Set([
  'remoteEntry.js',
  'federation-runtime.js',
  // A remote's island scripts file (@portfolio/shared/island-protocol's ISLAND_SCRIPTS_FILE).
  'island-scripts.js',
  'mf-manifest.json',
  'mf-stats.json',
  'index.html',
  // A remote's route table (server/routes.json), which the site's server polls to see a deploy.
  'routes.json',
]);

export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (NO_CACHE_FILES.has(base)) return 'no-cache';
  if (HASHED.test(base)) return IMMUTABLE;
  return 'public, max-age=3600';
}
