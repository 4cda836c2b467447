// @ts-check
// The redeploy specs' own small site (e2e/deploys/; started by ./index.ts): the shell's server,
// as `npm start` runs it, over one remote (the shop) served from a deploy folder
// (tools/deploy.ts) that the specs deploy to. Run with --expose-gc: GET /heap on the control port answers the shell server's
// heap after a full collection, the figure the 20-redeploy check watches. Loopback only; the
// other remotes point at a closed port (their pages are not part of these specs), and the content
// API is a loopback stand-in that answers the site's settings (the seed's) and nothing else: a
// site that never loaded its settings answers 503 (ADR 117), and the shop's pages need no other
// content. GET /share-scope tells what the server's federation runtime shares, for the one-React
// check.
//   env: DEPLOY_ROOT, SHELL_PORT, SHOP_PORT, CONTROL_PORT
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer } from '@portfolio/platform/static-server';
import { buildSiteServer } from '@portfolio/shell/server/app';
import { siteServerOptionsFrom } from '@portfolio/shell/server/options';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { DEPLOY_ROOT, SHELL_PORT, SHOP_PORT, CONTROL_PORT } = process.env;
const collectGarbage = globalThis.gc;
if (
  !DEPLOY_ROOT ||
  !SHELL_PORT ||
  !SHOP_PORT ||
  !CONTROL_PORT ||
  typeof collectGarbage !== 'function'
) {
  throw new Error(
    'deploy-harness: set DEPLOY_ROOT, SHELL_PORT, SHOP_PORT, CONTROL_PORT; run with --expose-gc',
  );
}

/** @param {http.Server} server @param {number} port */
function listen(server, port) {
  return /** @type {Promise<void>} */ (
    new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  );
}

const seedSettings = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('@portfolio/content-api/seed/settings.json'),
    'utf8',
  ),
);
const settingsBody = JSON.stringify({ ...seedSettings, updatedAt: new Date().toISOString() });
const api = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/api/settings') {
    return response
      .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      .end(settingsBody);
  }
  response
    .writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' })
    .end(JSON.stringify({ message: 'Not part of the deploy harness.' }));
});
await listen(api, 0);
const apiAddress = /** @type {import('node:net').AddressInfo} */ (api.address());

const closed = 'http://127.0.0.1:9/mf-manifest.json';
const env = {
  ...process.env,
  REMOTE_SHOP_URL: `http://localhost:${SHOP_PORT}/mf-manifest.json`,
  REMOTE_PORTFOLIO_URL: closed,
  REMOTE_BLOG_URL: closed,
  REMOTE_AUTH_URL: closed,
  API_BASE_URL: `http://127.0.0.1:${apiAddress.port}/api`,
  REMOTE_POLL_MS: '200',
  // What these specs watch is a switch of versions, not the render budget: a loaded machine
  // must not turn a slow render into a page drawn in the browser.
  SSR_RENDER_BUDGET_MS: '5000',
};

const shop = createStaticServer({ deployRoot: DEPLOY_ROOT, cors: true, env });
await listen(shop, Number(SHOP_PORT));

const site = await buildSiteServer({
  ...siteServerOptionsFrom(env, path.join(root, 'shell', 'dist')),
  // DEPLOY_HARNESS_LOG=on: the site's log on stderr (a spec shows it when the harness fails).
  logger: process.env.DEPLOY_HARNESS_LOG === 'on' ? { level: 'info' } : false,
});
await site.listen({ port: Number(SHELL_PORT), host: '127.0.0.1' });

/**
 * What the server's federation runtime shares, per instance (the shell's server and each remote
 * container): package → version → who provided it, whether it was loaded and who uses it.
 */
function shareScopes() {
  /** @typedef {import('@module-federation/enhanced/runtime').ModuleFederation} Instance */
  const federation = /** @type {{ __FEDERATION__?: { __INSTANCES__: Instance[] } }} */ (globalThis)
    .__FEDERATION__;
  const instances = federation?.__INSTANCES__ ?? [];
  return instances.map((instance) => ({
    name: instance.name,
    shared: Object.fromEntries(
      Object.entries(instance.shareScopeMap?.default ?? {}).map(([pkg, versions]) => [
        pkg,
        Object.entries(versions).map(([version, entry]) => ({
          version,
          from: entry.from,
          loaded: Boolean(entry.loaded || entry.lib),
          useIn: entry.useIn ?? [],
        })),
      ]),
    ),
  }));
}

const control = http.createServer((request, response) => {
  if (request.url === '/share-scope') {
    return response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(shareScopes()));
  }
  if (request.url !== '/heap') return response.writeHead(404).end();
  // Several passes: what a redeploy left behind must be collectable, not merely uncollected yet.
  for (let pass = 0; pass < 3; pass += 1) collectGarbage();
  response
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ heapUsed: process.memoryUsage().heapUsed }));
});
await listen(control, Number(CONTROL_PORT));
console.log('deploy-harness ready');

const stop = () => {
  control.close();
  shop.close();
  api.close();
  void site.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
