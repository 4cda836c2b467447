// Crawlers' and feed readers' files at the site's origin (docs/decisions/062): robots.txt from
// the remotes' published routes, the sitemap (an index and its parts, docs/decisions/130) and
// the RSS feeds (the blog's and each tag's, docs/decisions/132) relayed from the content API.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FeedCopy } from '../feed-relay';
import {
  FEEDS,
  FEED_NOT_FOUND,
  FEED_UNAVAILABLE,
  SITEMAP_PART_ROUTE,
  TAG_FEED_ROUTE,
  createFeedRelay,
  robotsTxt,
  sitemapPartApiPath,
  tagFeedApiPath,
} from '../feed-relay';

export interface CrawlerFilesOptions {
  /** The site's public origin (SITE_URL). */
  siteUrl: string;
  /** The content API as this server calls it. */
  apiBase: string;
}

export default fp<CrawlerFilesOptions>(
  async (app, { siteUrl, apiBase }) => {
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(robotsTxt(siteUrl, app.renderer.remotes.table())),
    );
    const feed = createFeedRelay({
      apiBase,
      log: (message, error) => app.log.warn({ err: error }, message),
      // A publication reaches the feeds at once (docs/decisions/120).
      watch: app.contentWatch,
    });
    const send = (reply: FastifyReply, copy: FeedCopy | typeof FEED_NOT_FOUND | null) => {
      if (copy === FEED_NOT_FOUND) return reply.callNotFound();
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
    };
    for (const [sitePath, apiPath] of Object.entries(FEEDS)) {
      app.get(sitePath, async (_request, reply) => send(reply, await feed(apiPath)));
    }
    // A part the index names; one past the last is the API's 404, a malformed name never asks.
    app.get<{ Params: { part: string } }>(SITEMAP_PART_ROUTE, async (request, reply) => {
      const apiPath = sitemapPartApiPath(request.params.part);
      if (!apiPath) return reply.callNotFound();
      return send(reply, await feed(apiPath, { mayBeMissing: true }));
    });
    // A tag's feed, as /rss.xml is relayed; a tag no article has is the API's 404 (never kept),
    // a name no tag can have never asks.
    app.get<{ Params: { tag: string } }>(TAG_FEED_ROUTE, async (request, reply) => {
      const apiPath = tagFeedApiPath(request.params.tag);
      if (!apiPath) return reply.callNotFound();
      return send(reply, await feed(apiPath, { mayBeMissing: true }));
    });
  },
  { name: 'site-crawler-files', fastify: '5.x', dependencies: ['site-renderer', 'site-caches'] },
);
