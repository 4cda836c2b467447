// The site's server (docs/decisions/035, 090): every page is rendered here (the shell's layout
// and the remote page that owns the route, with its data) and streamed as HTML; the browser
// hydrates it. buildSiteServer composes it from plugins with one job each; the entry (main.ts)
// only starts it, and tests call `inject()` on what it returns.
import http from 'node:http';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController } from 'fastify';
import { answerClientError } from '@portfolio/contract/client-errors';
import type { FastifyInstance } from 'fastify';
import { buildRuntimeConfig, siteUpstreams } from '@portfolio/platform/runtime-config';
import type { SiteUpstreams } from '@portfolio/platform/runtime-config';
import type { SiteRenderer } from '../src/render/render-types';
import type { ContentWatch } from './content-events';
import type { ShellAssets } from './document';
import { PAGE_ENCODINGS } from './shared-page';
import type { SiteServerOptions } from './options';
import caches from './plugins/caches';
import crawlerFiles from './plugins/crawler-files';
import errors, { answerRouterError } from './plugins/errors';
import failureLog from './plugins/failure-log';
import health from './plugins/health';
import hostCheck from './plugins/host-check';
import pageRoute from './plugins/page-route';
import type { KeptPageLane } from './kept-page-lane';
import renderer from './plugins/renderer';
import rollout from './plugins/rollout';
import runtimeConfig from './plugins/runtime-config';
import securityHeaders from './plugins/security-headers';
import session from './plugins/session';
import siteDocument from './plugins/site-document';
import staticFiles from './plugins/static-files';
import upstreamsPlugin from './plugins/upstreams';
import warmUp from './plugins/warm-up';

/** The whole request (head and body) must arrive within this; a trickle is cut off. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** An idle kept-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** An idle socket (nothing sent or received) is closed after this. */
export const CONNECTION_TIMEOUT_MS = 30_000;
/**
 * How often Node looks for requests past their time (its default, 30 s, let a trickled request
 * run for up to 40 s): a request is cut within REQUEST_TIMEOUT_MS and this.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/** The site takes no body larger than a sign-in's ID token. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Where `npm run dev`'s remotes push hot updates from: each one's port, on the page's host. */
export function hotReloadOrigins(publicHostname: string, upstreams: SiteUpstreams): string[] {
  return Object.values(upstreams.remotes).map((manifest) => {
    const origin = new URL(new URL(manifest).origin);
    origin.hostname = publicHostname;
    return origin.origin;
  });
}

export interface SiteServerParts {
  /** A renderer instead of the build's, and the build's assets (the plugins' tests). */
  renderer?: SiteRenderer;
  assets?: ShellAssets;
  /** The stream of content changes instead of the API's (tests). */
  watch?: ContentWatch;
}

export async function buildSiteServer(
  options: SiteServerOptions,
  parts: SiteServerParts = {},
): Promise<FastifyInstance> {
  // One configured public host, never the request's Host header: the config, the CSP and the
  // URLs in the HTML are the same for every request. Checked here: bad settings stop the start.
  // The browser's addresses are all on the site's origin; the services' own are upstreams
  // (docs/decisions/101).
  const config = buildRuntimeConfig({
    hostname: options.publicHostname,
    settings: options.settings,
  });
  const upstreams = siteUpstreams({ hostname: options.publicHostname, settings: options.settings });
  // The content API as this server calls it.
  const apiBase = upstreams.api;
  const siteUrl = config.siteUrl ?? `http://${options.publicHostname}`;
  // Kept pages are answered before Fastify (docs/decisions/105), unless each request is logged.
  let keptPageLane: KeptPageLane | undefined;
  const app = Fastify({
    // Fastify's own server, with the lane in front. Its time limits are given when it is made:
    // set afterwards (as Fastify sets them), a head's limit stayed headersTimeout's default
    // (60 s) and Node's check of them its default interval (30 s), so a trickled request ran
    // for up to 90 s (request-limits.test.ts).
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout: REQUEST_TIMEOUT_MS,
          headersTimeout: REQUEST_TIMEOUT_MS,
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
        },
        (request, response) => {
          if (keptPageLane?.(request, response)) return;
          handler(request, response);
        },
      );
      server.setTimeout(CONNECTION_TIMEOUT_MS);
      return server;
    },
    logger: options.logger,
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request Node could not read (a head over 16 KiB…): `{ message }`, no body to a HEAD.
    clientErrorHandler: answerClientError,
    // A URL the router cannot read: `{ message }`, never Fastify's body, which repeats the URL.
    frameworkErrors: answerRouterError,
  });

  await app.register(errors);
  await app.register(failureLog);
  await app.register(hostCheck, { settings: options.settings });
  await app.register(securityHeaders, {
    config,
    // The remotes' dev servers push hot updates to the page on their own ports, at the page's
    // own host name (tools/dev.ts), which their upstream addresses (loopback) need not be.
    hotReloadOrigins: options.hotReload ? hotReloadOrigins(options.publicHostname, upstreams) : [],
  });
  // The encodings a shared page is sent in, each with its own ETag (shared-page.ts): nothing
  // else (zstd on Node 24) re-encodes a page under its plain form's ETag.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: [...PAGE_ENCODINGS],
  });
  await app.register(caches, {
    apiBase,
    ...(options.contentEventsKey !== undefined && { contentEventsKey: options.contentEventsKey }),
    renderCache: options.renderCache,
    contentCache: options.contentCache,
    ...(parts.watch ? { watch: parts.watch } : {}),
  });
  await app.register(renderer, {
    distDir: options.distDir,
    config,
    apiBase,
    remoteUpstreams: upstreams.remotes,
    renderBudgetMs: options.renderBudgetMs,
    remotePollMs: options.remotePollMs,
    ...(parts.renderer ? { renderer: parts.renderer } : {}),
  });
  await app.register(siteDocument, {
    distDir: options.distDir,
    // Page views are counted unless ANALYTICS=off (docs/decisions/180).
    pageViews: config.analytics !== false,
    ...(parts.assets ? { assets: parts.assets } : {}),
  });
  await app.register(staticFiles, { distDir: options.distDir });
  await app.register(upstreamsPlugin, { siteOrigin: new URL(siteUrl).origin, upstreams });
  await app.register(session, {
    apiBase,
    siteOrigin: new URL(siteUrl).origin,
    timeoutMs: options.renderBudgetMs,
  });
  await app.register(rollout, {
    ...(options.previewSecret !== undefined && { previewSecret: options.previewSecret }),
  });
  await app.register(runtimeConfig, { config });
  await app.register(crawlerFiles, { siteUrl, apiBase });
  await app.register(pageRoute, {
    publicHostname: options.publicHostname,
    fallbackTitle: config.owner.name,
  });
  await app.register(warmUp, { publicHostname: options.publicHostname });
  await app.register(health, { apiBase });
  if (!options.logRequests) keptPageLane = app.keptPageLane;
  return app;
}
