// The site's caches of what the content API serves (docs/decisions/039, 074): the render cache
// (pages for visitors without a session) and the content cache (the API's public answers, which
// the renders' loaders call through `apiFetch`). Both follow the API's one stream of content
// changes and are trusted only while it is open.
import fp from 'fastify-plugin';
import { watchContent } from '../content-events';
import type { ContentWatch } from '../content-events';
import { createContentCache } from '../content-cache';
import { watchApi } from '../failure-log';
import { createRenderCache } from '../render-cache';
import type { RenderCache } from '../render-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages kept for visitors without a session; null when RENDER_CACHE=off. */
    readonly renderCache: RenderCache | null;
    /** How this server calls the content API: with the content cache unless CONTENT_CACHE=off. */
    readonly apiFetch: typeof fetch;
    /** The content API's announcements of changes; null when both caches are off. */
    readonly contentWatch: ContentWatch | null;
  }
}

export interface CachesOptions {
  /** The content API as this server calls it. */
  apiBase: string;
  /** CONTENT_EVENTS_KEY: the site's own event streams (docs/decisions/083). */
  contentEventsKey?: string;
  renderCache: boolean;
  contentCache: boolean;
  /** The stream of content changes; the API's own when not given (tests give their own). */
  watch?: ContentWatch;
}

export default fp<CachesOptions>(
  async (app, options) => {
    const wanted = options.renderCache || options.contentCache;
    const watch =
      options.watch ??
      (wanted
        ? watchContent({
            apiBase: options.apiBase,
            ...(options.contentEventsKey !== undefined && { key: options.contentEventsKey }),
            log: (message) => app.log.info(message),
          })
        : null);
    const renderCache = watch && options.renderCache ? createRenderCache({ watch }) : null;
    const contentCache =
      watch && options.contentCache
        ? createContentCache({ watch, apiBase: options.apiBase })
        : null;
    app.decorate('contentWatch', watch);
    app.decorate('renderCache', renderCache);
    // The API's failures and its return are logged from the calls that reach it (not from kept
    // answers), one line per kind (docs/decisions/115).
    const apiFetch = watchApi(fetch, app.failureLog);
    app.decorate('apiFetch', contentCache ? contentCache.wrap(apiFetch) : apiFetch);
    app.addHook('onClose', async () => {
      renderCache?.close();
      contentCache?.close();
      if (!options.watch) watch?.close();
    });
  },
  { name: 'site-caches', fastify: '5.x', dependencies: ['site-failure-log'] },
);
