// JavaScript sizes, gzip -9, measured on the files themselves (so the figure does not depend on
// the server's choice of encoding). Used by npm run bench:bundle, by the budget check in npm test
// (e2e/bundle-budget.spec.ts) and by record-budgets.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright';
import { REMOTES } from '@portfolio/platform/apps';
import { ROOT } from '../root';

export const BUDGETS_FILE = path.join(ROOT, 'e2e', 'bundle-budgets.json');

/** After the network is quiet, a moment for scripts that start late (idle callbacks). */
const SETTLE_MS = 1500;

export interface ScriptSize {
  url: string;
  bytes: number;
}

/**
 * The JavaScript a page loads at `url` until the network is quiet: each script and its size.
 * `page` is a fresh page (empty cache).
 */
export async function scriptsLoaded(page: Page, url: string): Promise<ScriptSize[]> {
  const scripts: Promise<ScriptSize>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: response.url(), bytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => ({ url: response.url(), bytes: 0 })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  return Promise.all(scripts);
}

/** What of a remote's mf-manifest.json this reads: each exposed module's synchronous files. */
interface FederationManifest {
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

/**
 * What each page costs on top of what is already on the page: an exposed page module's own
 * JavaScript (the files its remote's mf-manifest.json lists as its synchronous assets), in gzip
 * bytes per page, keyed "remote/Page".
 */
export function measurePageChunks(): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const remote of REMOTES) {
    const dist = path.join(ROOT, remote.dir, 'dist');
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build first`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as FederationManifest;
    for (const expose of manifest.exposes) {
      if (expose.name === 'Diagnostics') continue;
      sizes[`${remote.name}/${expose.name}`] = expose.assets.js.sync.reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
        0,
      );
    }
  }
  return sizes;
}

// `tsx tools/bench/js-size.ts`: each page's size now, against its budget (measures the build
// there is; nothing is written).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as {
    pages: Record<string, number>;
  };
  for (const [page, bytes] of Object.entries(measurePageChunks())) {
    const budget = budgets.pages[page];
    console.log(
      `${page.padEnd(32)} ${bytes} B, budget ${budget ?? '(none)'} B${budget !== undefined && bytes > budget ? ' OVER' : ''}`,
    );
  }
}
