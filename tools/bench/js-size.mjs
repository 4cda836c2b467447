// JavaScript sizes, gzip -9, measured on the files themselves (so the figure does not depend on
// the server's choice of encoding). Used by npm run bench:bundle, by the budget check in npm test
// (e2e/bundle-budget.spec.ts) and by record-budgets.mjs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTES } from '@portfolio/platform/apps';
import { ROOT } from '../root.ts';

export const BUDGETS_FILE = path.join(ROOT, 'e2e', 'bundle-budgets.json');

/** After the network is quiet, a moment for scripts that start late (idle callbacks). */
const SETTLE_MS = 1500;

/**
 * The JavaScript a page loads at `url` until the network is quiet: each script and its size.
 * @param {import('playwright').Page} page a fresh page (empty cache)
 * @param {string} url
 * @returns {Promise<{ url: string, bytes: number }[]>}
 */
export async function scriptsLoaded(page, url) {
  /** @type {Promise<{ url: string, bytes: number }>[]} */
  const scripts = [];
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

/**
 * What each page costs on top of what is already on the page: an exposed page module's own
 * JavaScript (the files its remote's mf-manifest.json lists as its synchronous assets).
 */
/** @returns {Record<string, number>} gzip bytes per page, keyed "remote/Page" */
export function measurePageChunks() {
  /** @type {Record<string, number>} */
  const sizes = {};
  for (const remote of REMOTES) {
    const dist = path.join(ROOT, remote.dir, 'dist');
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build first`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
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
