// The shell's server: every page is rendered here (the shell's layout and the remote page that
// owns the route, with its data) and streamed as HTML; the browser hydrates it. Static files of
// the shell's build are served with their cache rules. Remotes' server code is loaded at
// runtime from where the runtime config says each remote lives (docs/decisions/035).
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Transform } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { buildRuntimeConfig, isPublicHost } from '../tools/runtime-config.mjs';
import {
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  reportingEndpoints,
} from '../tools/security-headers.mjs';
import { cacheControlFor } from '../tools/static-server.mjs';
import { scriptsAfterFirstPaint } from './page-scripts.mjs';
import { createContentCache } from './content-cache.mjs';
import { watchContent } from './content-events.mjs';
import { createRenderCache } from './render-cache.mjs';
import { registerSiteSession } from './session.mjs';
import { siteWorkerCount, startSiteWorkers } from './site-workers.mjs';
import { FEEDS, FEED_UNAVAILABLE, createFeedRelay, robotsTxt } from './site-files.mjs';

const require = createRequire(import.meta.url);
const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
const ROOT_ELEMENT = '<div id="root"></div>';
const NONCE_SLOT = 'nonce-slot';
/**
 * How long a remote's page module or a page's data may take before the page is drawn in the
 * browser.
 */
export const DEFAULT_RENDER_BUDGET_MS = 1000;
/** How often the server looks for redeployed remotes. */
export const DEFAULT_REMOTE_POLL_MS = 2000;

const escapeAttribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** 128 random bits per page, cut from a pool filled by one system call per 256 pages. */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function nextNonce() {
  if (nonceAt >= noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString('base64', nonceAt - NONCE_BYTES, nonceAt);
}

/**
 * The template's head without the tags each page declares for itself.
 * @param {string} head
 */
export function withoutPageMetadata(head) {
  return head
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="?description"?[^>]*>/, '');
}

/**
 * @param {{
 *   root?: string,
 *   env?: NodeJS.ProcessEnv,
 *   publicHostname?: string,
 *   renderBudgetMs?: number,
 *   pollMs?: number,
 *   renderCache?: boolean,
 *   contentCache?: boolean,
 *   logger?: boolean,
 *   logRequests?: boolean,
 * }} [options]
 *   logRequests: an info line per request (LOG_REQUESTS=off: none; warnings and errors stay).
 */
export async function createSiteServer({
  root = DIST,
  env = process.env,
  publicHostname = 'localhost',
  renderBudgetMs = Number(env.SSR_RENDER_BUDGET_MS) || DEFAULT_RENDER_BUDGET_MS,
  pollMs = Number(env.REMOTE_POLL_MS) || DEFAULT_REMOTE_POLL_MS,
  renderCache: cacheRenders = env.RENDER_CACHE !== 'off',
  contentCache: cacheContent = env.CONTENT_CACHE !== 'off',
  logger = false,
  logRequests = env.LOG_REQUESTS !== 'off',
} = {}) {
  // One configured public host, never the request's Host header: the config, the CSP and the
  // URLs in the HTML are the same for every request.
  const config = buildRuntimeConfig({ hostname: publicHostname, env });
  const configJson = JSON.stringify(config);
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const rootAt = template.indexOf(ROOT_ELEMENT);
  if (rootAt < 0) throw new Error(`${root}/index.html has no ${ROOT_ELEMENT}`);
  const { stylesheets } = JSON.parse(readFileSync(path.join(root, 'stylesheets.json'), 'utf8'));
  // The page's own title and description come with each render (docs/decisions/060).
  const head =
    scriptsAfterFirstPaint(withoutPageMetadata(template.slice(0, template.indexOf('</head>')))) +
    stylesheets.map((file) => `<link rel="stylesheet" href="/${file}" />`).join('');
  // The shell's own scripts carry each response's nonce (cut here, joined per response).
  const headParts = head
    .replace(/<script(?=[\s>])/g, `<script nonce="${NONCE_SLOT}"`)
    .split(NONCE_SLOT);
  const tail = template
    .slice(rootAt + ROOT_ELEMENT.length)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '');

  // The policies are the same for every response but for a page's nonce: made once.
  const staticPolicy = contentSecurityPolicy(config);
  const [pagePolicyHead, pagePolicyTail] = contentSecurityPolicy(config, {
    nonce: NONCE_SLOT,
  }).split(NONCE_SLOT);
  const reporting = reportingEndpoints(config);

  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
  });
  const log = (message, error) =>
    error ? app.log.warn({ err: error }, message) : app.log.info(message);

  const { renderer } = require(path.join(root, 'server', 'render.cjs'));
  const { createRenderer } = await renderer;
  const site = createRenderer({ config, loadTimeoutMs: renderBudgetMs, log });
  // Both caches follow the content API's announcements of content changes (one stream).
  const watch =
    cacheRenders || cacheContent
      ? watchContent({ apiBase: config.apiBase, log: (message) => log(message) })
      : null;
  // Pages for visitors without a session, kept until content or a remote changes (039).
  const renderCache = watch && cacheRenders ? createRenderCache({ watch }) : null;
  // The API's public answers, kept for the renders' loaders (074): they call the global fetch.
  const contentCache =
    watch && cacheContent ? createContentCache({ watch, apiBase: config.apiBase }) : null;
  const apiFetch = globalThis.fetch;
  const cachedFetch = contentCache?.wrap(apiFetch);
  if (cachedFetch) globalThis.fetch = cachedFetch;
  await site.remotes.refresh();
  let versions = site.remotes.versions();
  const poll = setInterval(async () => {
    await site.remotes.refresh();
    if (site.remotes.versions() === versions) return;
    versions = site.remotes.versions();
    renderCache?.clear();
  }, pollMs);
  poll.unref();
  app.addHook('onClose', async () => {
    clearInterval(poll);
    renderCache?.close();
    contentCache?.close();
    watch?.close();
    // Closed, the wrapper only passes calls on; it is taken out unless another was put over it.
    if (cachedFetch && globalThis.fetch === cachedFetch) globalThis.fetch = apiFetch;
  });

  // Only the configured host names: the HTML's URLs never come from a request (isPublicHost).
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicHost(request.headers.host, env)) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown host');
    }
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) reply.header(name, value);
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', staticPolicy);
    }
  });
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    // Not the server build, the page template or source maps (kept off the public server).
    allowedPath: (pathname) =>
      !pathname.startsWith('/server/') &&
      !pathname.endsWith('.map') &&
      !['/index.html', '/stylesheets.json'].includes(pathname),
    setHeaders: (reply, file) => reply.header('Cache-Control', cacheControlFor(file)),
  });

  const { sessionOf } = await registerSiteSession(app, {
    apiBase: config.apiBase,
    timeoutMs: renderBudgetMs,
  });

  app.get('/runtime-config.json', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(configJson),
  );

  // Crawlers' and feed readers' files at the site's origin (docs/decisions/062).
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(robotsTxt(config.siteUrl, site.remotes.table())),
  );
  const feed = createFeedRelay({ apiBase: config.apiBase, log, watch });
  for (const [sitePath, apiPath] of Object.entries(FEEDS)) {
    app.get(sitePath, async (_request, reply) => {
      const copy = await feed(apiPath);
      if (!copy) {
        return reply
          .code(503)
          .header('Retry-After', '60')
          .type('text/plain; charset=utf-8')
          .send(FEED_UNAVAILABLE);
      }
      return reply
        .type(copy.contentType)
        .header('Cache-Control', 'public, max-age=300')
        .send(copy.body);
    });
  }

  /** A page for one signed-in visitor is theirs alone. */
  const pageCacheControl = (signedIn) => (signedIn ? 'private, no-store' : 'no-cache');
  /**
   * Sends a page with this response's nonce in its policy; every page depends on the cookie.
   * `timing`: its Server-Timing, set last: set first, it cost a cache hit 5 µs more of CPU time,
   * a tenth of the hit's (docs/performance.md, "A cache hit without a copy").
   */
  const sendPage = (reply, { status, body, nonce, signedIn, timing }) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Vary', 'Cookie')
      .header('Cache-Control', pageCacheControl(signedIn))
      .header('Content-Security-Policy', `${pagePolicyHead}${nonce}${pagePolicyTail}`)
      .header('Reporting-Endpoints', reporting)
      .header('Server-Timing', timing)
      .send(body);
  /** A page kept for visitors without a session (keyed by the path and query as asked for). */
  const sendCached = (request, reply, nonce) => {
    // The bytes are this response's until it is finished (render-cache.mjs).
    const cached = renderCache?.lookup(request.url, nonce, reply.raw);
    if (!cached) return false;
    sendPage(reply, {
      status: cached.status,
      body: cached.body,
      nonce,
      signedIn: false,
      timing: 'cache;desc="hit"',
    });
    return true;
  };

  // Pages are a route (not the not-found handler), so the route hooks (compression) apply;
  // the shell's files above are more specific routes and win. A request without any cookie
  // (no session) whose page is kept is answered at once, without a promise.
  app.get('/*', (request, reply) => {
    if (path.extname(request.url.split('?')[0]) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const nonce = nextNonce();
    if (!request.headers.cookie && sendCached(request, reply, nonce)) return reply;
    return renderPage(request, reply, nonce);
  });

  async function renderPage(request, reply, nonce) {
    reply.header('Vary', 'Cookie');
    const session = request.headers.cookie ? await sessionOf(request, reply) : null;
    // Only pages without a session are the same for everyone (session undefined: not checked).
    if (session === null && request.headers.cookie && sendCached(request, reply, nonce)) {
      return reply;
    }
    const cacheKey = renderCache && session === null ? request.url : null;
    const signedIn = Boolean(session);
    const cacheControl = pageCacheControl(signedIn);
    const started = performance.now();
    const ticket = renderCache?.ticket();
    const controller = new AbortController();
    request.raw.on('close', () => controller.abort());

    let result;
    try {
      const url = new URL(request.url, `http://${publicHostname}`);
      result = await site.render(new Request(url, { signal: controller.signal }), {
        nonce,
        session,
      });
    } catch (error) {
      // Never a 5xx for a page: the shell alone, and the browser draws the page as it did
      // before server rendering (with its loading, error and fallback states).
      request.log.error({ err: error }, 'Server render failed: the page is drawn in the browser');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', cacheControl)
        .send(template);
    }
    if (result.kind === 'redirect') {
      return reply.header('Cache-Control', cacheControl).redirect(result.location, result.status);
    }
    // Until the page's data and code were ready; the HTML then streams.
    const timing = `render;dur=${(performance.now() - started).toFixed(1)}`;
    const links = result.stylesheets
      .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}" />`)
      .join('');
    // What is sent is also kept, when the page can be served again as it is.
    const keep = cacheKey && result.cacheable ? [] : null;
    const body = new Transform({
      transform(chunk, _encoding, done) {
        keep?.push(chunk);
        done(null, chunk);
      },
    });
    sendPage(reply, { status: result.status, body, nonce, signedIn, timing });
    // The shell's own scripts carry this response's nonce; what they load is trusted through
    // 'strict-dynamic' (tools/security-headers.mjs).
    // The data block goes in the head, before any content, where content cannot precede or
    // imitate it (docs/decisions/080).
    body.write(
      `${headParts.join(nonce)}${result.headTags}${links}${result.siteDataScript}</head><body><div id="root">`,
    );
    let complete = false;
    try {
      complete = await result.pipe(body);
    } catch (error) {
      // The page's HTML broke off (the shell could not render): the browser draws it instead.
      request.log.error({ err: error }, 'Server render stream failed');
    }
    body.end(`</div>${tail}`);
    if (keep && complete) {
      body.once('end', () =>
        renderCache.store(cacheKey, ticket, result.status, Buffer.concat(keep), nonce),
      );
    }
    return reply;
  }
  app.setNotFoundHandler(async (request, reply) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      : reply.code(405).header('Allow', 'GET, HEAD').send({ message: 'Method not allowed' }),
  );

  return app;
}

/** How long a stopping server waits for the requests it is answering. */
const STOP_GRACE_MS = 5000;

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  if (!existsSync(path.join(DIST, 'server', 'render.cjs'))) {
    console.error('The shell is not built: run node tools/build.mjs shell');
    process.exit(1);
  }
  const workers = siteWorkerCount();
  if (cluster.isPrimary && workers > 1) {
    // This process hands out connections; the workers run the branch below (site-workers.mjs).
    const site = startSiteWorkers({
      script: fileURLToPath(import.meta.url),
      count: workers,
      log: (message) => console.log(message),
    });
    const stop = () => void site.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await site.ready;
  } else {
    const port = Number(process.env.SHELL_PORT) || 3000;
    const server = await createSiteServer({
      logger: true,
      publicHostname: process.env.SITE_HOSTNAME || 'localhost',
    });
    await server.listen({ port, host: process.env.HOST || '127.0.0.1' });
    // Stops taking connections, lets the requests in flight finish, closes the event stream.
    const stop = () => {
      setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
      void server.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
}
