// GET /rss.xml (RSS 2.0 feed of articles) and GET /sitemap.xml (every public page of the site:
// drafts and scheduled items are not public, docs/decisions/120),
// with links on the public site (SITE_URL). The one implementation of both: the site's own
// server answers /rss.xml and /sitemap.xml at the site's origin from these (docs/decisions/062).
// The link-preview cards register here too: like the feeds, they are how the site is shared.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { excerpt, markdownToPlainText } from '../../lib/markdown-text.js';
import { replyFromCache } from '../../http/response-cache.js';
import type { AboutData } from '../about/about-data.js';
import type { Article } from '../articles/repository.js';
import { listArticles } from '../articles/repository.js';
import type { Project } from '../projects/repository.js';
import { listProjects } from '../projects/repository.js';
import cardRoutes from '../cards/routes.js';
import { element, xmlText } from './xml.js';

/** Front-end routes that exist for every visitor, whatever the content. */
export const STATIC_PAGES = ['/', '/portfolio', '/store', '/blog', '/contact', '/about', '/ebook'];

const RSS_DESCRIPTION_LENGTH = 300;

export function renderRss(articles: Article[], siteUrl: string, about: AboutData): string {
  const newest = articles[0];
  const items = articles.map((article) => {
    const link = `${siteUrl}/article/${article._id}`;
    return [
      '<item>',
      element('title', article.title),
      element('link', link),
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      // When it went public (a draft published later is new to the feed's readers then).
      element('pubDate', new Date(article.publishedAt ?? article.createdAt).toUTCString()),
      element('description', excerpt(markdownToPlainText(article.content), RSS_DESCRIPTION_LENGTH)),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', `${about.name} — Blog`),
    element('link', `${siteUrl}/blog`),
    // Where the feed itself lives: the site's origin, which serves it (RSS best practice).
    `<atom:link href="${xmlText(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    element('description', `Articles by ${about.name}, ${about.title}.`),
    element('language', 'en'),
    newest ? element('lastBuildDate', new Date(newest.updatedAt).toUTCString()) : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The newest of some ISO times, or undefined. */
function newest(times: readonly string[]): string | undefined {
  return times.reduce<string | undefined>(
    (latest, time) => (!latest || time > latest ? time : latest),
    undefined,
  );
}

/**
 * `deployedAt` is when this API started: the last change of the pages that show no content
 * (their text ships with a deploy). Pages listing content change with their newest item.
 */
export function renderSitemap(
  projects: Project[],
  articles: Article[],
  siteUrl: string,
  deployedAt: string,
): string {
  const url = (path: string, lastModified: string) =>
    `<url>${element('loc', `${siteUrl}${path}`)}${element('lastmod', lastModified.slice(0, 10))}</url>`;
  // A scheduled item changes its page when it comes out, later than its last write.
  const changed = (item: Project | Article) =>
    newest([item.updatedAt, item.publishedAt ?? '']) ?? item.updatedAt;
  const projectsChanged = newest(projects.map(changed));
  const articlesChanged = newest(articles.map(changed));
  const listing: Record<string, string | undefined> = {
    '/': newest([projectsChanged, articlesChanged].filter((time) => time !== undefined)),
    '/portfolio': projectsChanged,
    '/blog': articlesChanged,
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((page) => {
      const changed = listing[page];
      return url(page, changed && changed > deployedAt ? changed : deployedAt);
    }),
    ...projects.map((project) => url(`/projects/${project._id}`, changed(project))),
    ...articles.map((article) => url(`/article/${article._id}`, changed(article))),
    '</urlset>',
    '',
  ].join('\n');
}

export interface FeedRouteOptions extends RouteContext {
  siteUrl: string;
  about: AboutData;
}

const feedRoutes: FastifyPluginAsync<FeedRouteOptions> = async (app, options) => {
  const { db, cache, siteUrl, about } = options;
  const deployedAt = new Date().toISOString();
  await app.register(cardRoutes, options);
  app.get('/rss.xml', (request, reply) =>
    replyFromCache(cache, 'rss.xml', request, reply, async () => ({
      body: renderRss(await listArticles(db), siteUrl, about),
      contentType: 'application/rss+xml; charset=utf-8',
    })),
  );

  app.get('/sitemap.xml', (request, reply) =>
    replyFromCache(cache, 'sitemap.xml', request, reply, async () => {
      const [projects, articles] = await Promise.all([listProjects(db), listArticles(db)]);
      return {
        body: renderSitemap(projects, articles, siteUrl, deployedAt),
        contentType: 'application/xml; charset=utf-8',
      };
    }),
  );
};

export default feedRoutes;
