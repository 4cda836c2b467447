// Every page of the site: rendered here (the shell's layout and the remote page that owns the
// route, with its data) into the one document (../document.ts), or sent from the render cache to
// a visitor without a session (docs/decisions/035, 039, 075, 100). A page is a route (not the
// not-found handler), so the route hooks (compression of a signed-in page) apply; the shell's
// files are more specific routes and win.
//
// Two kinds of page:
// - shared: for a visitor without a session. Its bytes are the same for every such visitor until
//   its content or a remote changes: no nonce (its policy names its inline scripts by hash), a
//   strong ETag (304 on If-None-Match), compressed once per version (shared-page.ts), and a
//   Cache-Control that lets a shared cache (the edge) keep it a few seconds and serve it stale
//   while it asks again;
// - private: for a signed-in visitor (or one whose session could not be checked): streamed with
//   the nonce of its response, never kept anywhere.
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { COHORT_COOKIE, LIVE_VARIANT } from '@portfolio/platform/remote-rollout';
import { PAGE_FOR_EVERYONE_OPENER_POLICY } from '@portfolio/platform/security-headers';
import type { RenderResult } from '../../src/render/render-types';
import { inlineScriptHashes } from '../inline-scripts';
import { newIslandKey, sealIslandKey } from '../island-key';
import { createKeptPageLane } from '../kept-page-lane';
import type { KeptPageLane, LocatedTargets } from '../kept-page-lane';
import { nextNonce } from '../nonce';
import { sendShared, sharedPage } from '../shared-page';
import type { SendSharedOptions, SharedPage } from '../shared-page';
import { documentFor, pageFor } from '../theme';
import { NOT_FOUND_TEXT } from './errors';
import { previewBanner } from './rollout';
import type { RolloutChoice } from './rollout';

export interface PageRouteOptions {
  /** The host name in the URL a render sees (the site's public host, never the request's). */
  publicHostname: string;
  /** The title of a page the server could not render. */
  fallbackTitle: string;
}

/** How long a shared cache may keep a page, and serve it stale while it asks again (s). */
export const SHARED_MAX_AGE_S = 5;
export const STALE_WHILE_REVALIDATE_S = 30;
/** How long a shared cache may serve a page it holds while the site cannot answer (s). */
export const STALE_IF_ERROR_S = 86_400;
/**
 * A complete page for visitors without a session: browsers ask again each time (a 304 when it
 * is unchanged), a shared cache keeps it a few seconds, so a content change shows within them.
 */
export const SHARED_PAGE_CACHE =
  `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, ` +
  `stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, stale-if-error=${STALE_IF_ERROR_S}`;
/** A page for visitors without a session that is not complete, or not found: asked again. */
export const UNKEPT_PAGE_CACHE = 'no-cache';
/** A page for one signed-in visitor is theirs alone; so is a previewed page (ADR 191). */
export const PRIVATE_PAGE_CACHE = 'private, no-store';
/**
 * A canary cohort's page (docs/decisions/191): a shared cache keeps it a few seconds, under the
 * cohort's variant (the edge's key), and never serves it stale, so a canary that ends is gone
 * from every cache within SHARED_MAX_AGE_S.
 */
export const CANARY_PAGE_CACHE = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}`;
/** An answer that sets the visitor's cohort cookie is theirs alone; asked again next time. */
export const COHORT_SETTING_CACHE = 'private, no-cache';
/**
 * A page the server could not render whole (its data or code did not come, in time or at all):
 * a 503 no cache keeps, the same page drawn and recovered in the browser, and when to ask again
 * (docs/decisions/117).
 */
export const UNAVAILABLE_PAGE_CACHE = 'no-store';
export const UNAVAILABLE_RETRY_AFTER_S = 2;
/** How long a redirect to a page's own spelling may be kept. */
const CANONICAL_REDIRECT_CACHE = 'public, max-age=3600';
const HIT_TIMING = 'cache;desc="hit"';

type PageResult = Extract<RenderResult, { kind: 'page' }>;

declare module 'fastify' {
  interface FastifyInstance {
    readonly keptPageLane: KeptPageLane;
  }
}

/**
 * How long others may keep a page for everyone: a shared cache only when the request carried no
 * cookie (one carrying any is its own variant there, and its answer may clear the cookie).
 */
const sharedCacheControl = (request: FastifyRequest, complete: boolean) =>
  complete && !request.headers.cookie ? SHARED_PAGE_CACHE : UNKEPT_PAGE_CACHE;

/**
 * The same for a page chosen by the rollout (docs/decisions/191): a preview is private; an answer
 * that sets the cohort cookie is the visitor's; a page whose only cookie is the cohort cookie is
 * shared per cohort (the edge keys on its variant). Any other cookie (the chosen theme's too,
 * docs/decisions/176) makes the answer the visitor's own: the edge keeps none of them.
 */
function rolloutCacheControl(request: FastifyRequest, choice: RolloutChoice, complete: boolean) {
  if (choice.previews.length > 0) return PRIVATE_PAGE_CACHE;
  if (choice.setCohort) return COHORT_SETTING_CACHE;
  const names = Object.keys(request.cookies);
  if (!complete || names.some((name) => name !== COHORT_COOKIE)) return UNKEPT_PAGE_CACHE;
  return choice.variant === LIVE_VARIANT ? SHARED_PAGE_CACHE : CANARY_PAGE_CACHE;
}

/**
 * Where the render cache keeps a page for everyone: its canonical address, apart per canary
 * cohort; nowhere for a page with no address (not found) or a preview.
 */
function keptKeyOf(key: string | null, choice: RolloutChoice): string | null {
  if (key === null || choice.previews.length > 0) return null;
  return choice.variant === LIVE_VARIANT ? key : `${key}\u0000${choice.variant}`;
}

export default fp<PageRouteOptions>(
  async (app, { publicHostname, fallbackTitle }) => {
    const { renderer, renderCache, siteDocument } = app;
    const { reportingEndpoints } = app;
    /**
     * The scripts a shared page's policy names (../inline-scripts.ts): the shell's loader, and
     * React's, which a shared render marks with this process's random marker (never sent as a
     * nonce: a complete page holds no React script, so no marker either).
     */
    const serverScripts = { marker: nextNonce(), known: siteDocument.loaders };

    /** Every shared page the route sends: in the theme the visitor chose (../theme.ts). */
    const sendPage = (
      request: FastifyRequest,
      reply: FastifyReply,
      page: SharedPage,
      options: SendSharedOptions,
    ) => sendShared(request, reply, pageFor(request, page), options);

    const sendKept = (
      request: FastifyRequest,
      reply: FastifyReply,
      page: SharedPage,
      cacheControl = sharedCacheControl(request, true),
      setsCookie = false,
    ) =>
      sendPage(request, reply, page, {
        cacheControl,
        timing: HIT_TIMING,
        reportingEndpoints,
        setsCookie,
      });

    /**
     * A shared page made of these bytes (its policy from the server's scripts they hold); a page
     * of islands keeps no opener policy (docs/decisions/177).
     */
    const shared = (status: number, html: string, islands = false) =>
      sharedPage(
        status,
        Buffer.from(html),
        app.sharedPagePolicy(inlineScriptHashes(html, serverScripts)),
        islands ? PAGE_FOR_EVERYONE_OPENER_POLICY : undefined,
      );

    /**
     * Request targets already located to a page, with the render cache's generation then: a hit
     * skips parsing and matching the URL against the route table, which cost more than the rest
     * of the hit. A content change or a redeploy (a new generation) makes them located again.
     */
    const located: LocatedTargets = new LRUCache({ max: 2000 });

    /**
     * Every stylesheet of the remotes' live versions is kept, not only those of the pages this
     * process rendered: another worker may have sent the page whose stylesheet this one is asked
     * for once the remote is down. Done at start and whenever a remote is redeployed.
     */
    let keptFor: string | undefined;
    const keepAllStylesheets = () => {
      const versions = renderer.remotes.versions();
      if (versions === keptFor) return;
      keptFor = versions;
      for (const href of renderer.remotes.allStylesheets()) app.remoteAssets.keep(href);
    };
    app.addHook('onReady', async () => keepAllStylesheets());

    /** A remote's stylesheet the server keeps, by its address: inlined in the page's head. */
    const keptStyleText = (href: string) => {
      let pathname: string;
      try {
        pathname = new URL(href).pathname;
      } catch {
        return undefined;
      }
      const kept = app.remoteAssets.get(pathname);
      return kept?.type.startsWith('text/css') ? kept.body.toString('utf8') : undefined;
    };

    // The kept-page lane (../kept-page-lane.ts): closed while the server closes, and while a
    // canary runs (a visitor without a cohort is given one by the route below).
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.decorate(
      'keptPageLane',
      renderCache
        ? createKeptPageLane({
            renderCache,
            located,
            isPublicHost: (host) => app.isPublicHost(host),
            closed: () => closing || app.rollout.active(),
            hitOptions: { cacheControl: SHARED_PAGE_CACHE, timing: HIT_TIMING, reportingEndpoints },
          })
        : () => false,
    );

    // A request without any cookie (no session) whose page is kept is answered at once,
    // without a promise.
    app.get('/*', (request, reply) => {
      const rolling = app.rollout.active();
      if (renderCache && !request.headers.cookie && !rolling) {
        const known = located.get(request.url);
        const kept = known?.generation === renderCache.ticket() && renderCache.lookup(known.key);
        if (kept) return sendKept(request, reply, kept);
      }
      // Joined, not resolved: `//blog` is a path here, never a host.
      const url = new URL(`http://${publicHostname}${request.url}`);
      if (path.extname(url.pathname) !== '') {
        return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND_TEXT);
      }
      const address = renderer.locate(url);
      if (address.kind === 'redirect') {
        return reply
          .header('Cache-Control', CANONICAL_REDIRECT_CACHE)
          .redirect(address.location, 301);
      }
      const key = address.kind === 'page' ? address.canonical : null;
      if (key && renderCache) {
        located.set(request.url, { key, generation: renderCache.ticket() });
        const kept = request.headers.cookie || rolling ? undefined : renderCache.lookup(key);
        if (kept) return sendKept(request, reply, kept);
      }
      return renderPage(request, reply, { url, key });
    });

    /**
     * A page not answered from the render cache on the way in: the rollout's choice of versions
     * and the visitor's session first (either can make a kept page the answer after all), then
     * the render, answered as a signed-in visitor's stream or as a page for everyone.
     */
    async function renderPage(
      request: FastifyRequest,
      reply: FastifyReply,
      { url, key }: { url: URL; key: string | null },
    ) {
      reply.header('Vary', 'Accept-Encoding, Cookie');
      // Which remotes' versions this visitor gets (a preview, a canary cohort: ADR 191).
      const choice = app.rollout.choose(request);
      if (choice.setCohort) reply.setCohortCookie(choice.setCohort);
      const keptKey = keptKeyOf(key, choice);
      const session = request.headers.cookie ? await app.sessionOf(request, reply) : null;
      // Only pages without a session are the same for everyone (undefined: not checked).
      const forEveryone = session === null;
      if (forEveryone && keptKey) {
        const kept = renderCache?.lookup(keptKey);
        if (kept) {
          app.rollout.countView(choice.candidates);
          return sendKept(
            request,
            reply,
            kept,
            rolloutCacheControl(request, choice, true),
            choice.setCohort !== undefined,
          );
        }
      }
      // A signed-in visitor's page: the response's own nonce. A shared page: no nonce in its
      // document; React's scripts (none in a complete page) carry the marker.
      const nonce = forEveryone ? undefined : nextNonce();
      // A page of islands' key (../island-key.ts): a page for everyone gets its own in place of
      // this one once it is whole; a signed-in visitor's keeps this one.
      const islandKey = newIslandKey();
      const started = performance.now();
      const ticket = renderCache?.ticket();
      const controller = new AbortController();
      request.raw.on('close', () => controller.abort());

      let result: RenderResult;
      try {
        result = await renderer.render(new Request(url, { signal: controller.signal }), {
          nonce: nonce ?? serverScripts.marker,
          session,
          candidates: choice.candidates,
          islandKey,
        });
      } catch (error) {
        request.log.error({ err: error }, 'Server render failed: the page is drawn in the browser');
        return sendRenderFailure(request, reply, choice, nonce);
      }
      if (result.kind === 'redirect') {
        const kept = forEveryone && choice.previews.length === 0;
        return reply
          .header('Cache-Control', kept ? UNKEPT_PAGE_CACHE : PRIVATE_PAGE_CACHE)
          .redirect(result.location, result.status);
      }
      app.rollout.countView(result.versions);
      const banner =
        choice.previews.length > 0 ? previewBanner(choice.previews, result.versions) : undefined;
      // The remote's stylesheets this page links are kept: it stays styled if the remote goes down.
      keepAllStylesheets();
      for (const href of result.stylesheets) app.remoteAssets.keep(href);
      // Until the page's data and code were ready; the HTML then follows.
      const timing = `render;dur=${(performance.now() - started).toFixed(1)}`;
      if (nonce !== undefined) return streamPrivate(reply, result, nonce, timing, banner);
      const { html, complete } = await wholePage(request, result, islandKey, banner);
      return sendPageForEveryone(request, reply, {
        result,
        html,
        complete,
        choice,
        timing,
        kept: keptKey && ticket !== undefined ? { key: keptKey, ticket } : undefined,
      });
    }

    /**
     * A render that failed: the shell alone, and the browser draws the page as it did before
     * server rendering (with its loading, error and fallback states); a 503 no cache keeps (ADR
     * 117), a previewer's theirs alone (ADR 191).
     */
    function sendRenderFailure(
      request: FastifyRequest,
      reply: FastifyReply,
      choice: RolloutChoice,
      nonce: string | undefined,
    ) {
      const html = siteDocument.fallback({ nonce, title: fallbackTitle });
      if (nonce !== undefined) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', PRIVATE_PAGE_CACHE)
          .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
          .header('Content-Security-Policy', app.pagePolicy(nonce))
          .send(documentFor(request, html));
      }
      return sendPage(request, reply, shared(503, html), {
        cacheControl: choice.previews.length > 0 ? PRIVATE_PAGE_CACHE : UNAVAILABLE_PAGE_CACHE,
        timing: 'render;desc="failed"',
        reportingEndpoints,
        retryAfterS: UNAVAILABLE_RETRY_AFTER_S,
      });
    }

    /**
     * A rendered page for everyone: counted for the rollout, kept in the render cache when it
     * is whole, and answered; one cut off or broken while React wrote it is a 503 no cache keeps.
     */
    function sendPageForEveryone(
      request: FastifyRequest,
      reply: FastifyReply,
      {
        result,
        html,
        complete,
        choice,
        timing,
        kept,
      }: {
        result: PageResult;
        html: string;
        complete: boolean;
        choice: RolloutChoice;
        timing: string;
        /** Where the render cache keeps it, and its generation when the render began. */
        kept: { key: string; ticket: number } | undefined;
      },
    ) {
      if (result.page) {
        const { remote, failed } = result.page;
        app.rollout.countRender(remote, result.versions[remote] ?? '', failed || !complete);
      }
      const status = !complete && result.status === 200 ? 503 : result.status;
      const page = shared(status, html, result.islands !== undefined);
      const keep = complete && result.cacheable && status === 200;
      if (keep && kept && renderCache) {
        renderCache.store(kept.key, kept.ticket, page).catch((error: unknown) => {
          request.log.warn({ err: error }, 'A page could not be compressed for the render cache');
        });
      }
      if (status === 503) {
        return sendPage(request, reply, page, {
          cacheControl: choice.previews.length > 0 ? PRIVATE_PAGE_CACHE : UNAVAILABLE_PAGE_CACHE,
          timing,
          reportingEndpoints,
          retryAfterS: UNAVAILABLE_RETRY_AFTER_S,
        });
      }
      return sendPage(request, reply, page, {
        cacheControl: rolloutCacheControl(request, choice, keep),
        timing,
        reportingEndpoints,
        setsCookie: choice.setCohort !== undefined,
      });
    }

    /**
     * The whole document of a shared page, and whether React wrote all of it. A page of islands
     * gets its own key in place of the render's (../island-key.ts); a preview, its banner.
     */
    async function wholePage(
      request: FastifyRequest,
      result: PageResult,
      islandKey: string,
      banner?: string,
    ) {
      const chunks: Buffer[] = [];
      const target = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      let complete = false;
      try {
        complete = await result.pipe(target);
      } catch (error) {
        // The page's HTML broke off (the shell could not render): the browser draws it instead.
        request.log.error({ err: error }, 'Server render stream failed');
      }
      const start = documentStart(result, banner);
      const html = `${start}${Buffer.concat(chunks).toString('utf8')}${siteDocument.end}`;
      return { html: result.islands ? sealIslandKey(html, islandKey) : html, complete };
    }

    /** The document up to the rendered page: a shared page's (no nonce) or a signed-in one's. */
    const documentStart = (result: PageResult, banner?: string, nonce?: string) =>
      siteDocument.start({
        ...(nonce !== undefined && { nonce }),
        headTags: result.headTags,
        stylesheets: result.stylesheets,
        dataScript: result.siteDataScript,
        ...(result.islands && { islands: result.islands }),
        styleText: keptStyleText,
        ...(banner && { banner }),
      });

    /** A signed-in visitor's page: streamed with its response's nonce, never kept. */
    async function streamPrivate(
      reply: FastifyReply,
      result: PageResult,
      nonce: string,
      timing: string,
      banner?: string,
    ) {
      const body = new PassThrough();
      if (result.status === 503) reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      reply
        .code(result.status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', PRIVATE_PAGE_CACHE)
        .header('Content-Security-Policy', app.pagePolicy(nonce))
        .header('Reporting-Endpoints', reportingEndpoints)
        .header('Server-Timing', timing)
        .send(body);
      body.write(documentFor(reply.request, documentStart(result, banner, nonce)));
      try {
        await result.pipe(body);
      } catch (error) {
        reply.log.error({ err: error }, 'Server render stream failed');
      }
      body.end(siteDocument.end);
      return reply;
    }
  },
  {
    name: 'site-page-route',
    fastify: '5.x',
    dependencies: [
      'site-renderer',
      'site-caches',
      'site-document',
      'site-security-headers',
      'site-session',
      'site-upstreams',
      'site-rollout',
    ],
  },
);
