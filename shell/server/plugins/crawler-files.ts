// Crawlers' and feed readers' files at the site's origin (docs/decisions/062): robots.txt from
// the remotes' published routes, the sitemap and the RSS feed relayed from the content API.
import fp from 'fastify-plugin';
import { FEEDS, FEED_UNAVAILABLE, createFeedRelay, robotsTxt } from '../feed-relay';

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
  },
  { name: 'site-crawler-files', fastify: '5.x', dependencies: ['site-renderer', 'site-caches'] },
);
