// GET /rss.xml (RSS 2.0 feed of articles) and GET /sitemap.xml (every public page of the site).
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { excerpt, markdownToPlainText } from '../../lib/markdown-text.js';
import { replyFromCache } from '../../http/response-cache.js';
import type { AboutData } from '../about/about-data.js';
import type { Article } from '../articles/repository.js';
import { listArticles } from '../articles/repository.js';
import type { Project } from '../projects/repository.js';
import { listProjects } from '../projects/repository.js';
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
      element('pubDate', new Date(article.createdAt).toUTCString()),
      element('description', excerpt(markdownToPlainText(article.content), RSS_DESCRIPTION_LENGTH)),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    '<channel>',
    element('title', `${about.name} — Blog`),
    element('link', `${siteUrl}/blog`),
    element('description', `Articles by ${about.name}, ${about.title}.`),
    element('language', 'en'),
    newest ? element('lastBuildDate', new Date(newest.updatedAt).toUTCString()) : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function renderSitemap(projects: Project[], articles: Article[], siteUrl: string): string {
  const url = (path: string, lastModified?: string) =>
    `<url>${element('loc', `${siteUrl}${path}`)}${
      lastModified ? element('lastmod', lastModified.slice(0, 10)) : ''
    }</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((page) => url(page)),
    ...projects.map((project) => url(`/projects/${project._id}`, project.updatedAt)),
    ...articles.map((article) => url(`/article/${article._id}`, article.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export interface FeedRouteOptions extends RouteContext {
  siteUrl: string;
  about: AboutData;
}

const feedRoutes: FastifyPluginAsync<FeedRouteOptions> = async (
  app,
  { db, cache, siteUrl, about },
) => {
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
        body: renderSitemap(projects, articles, siteUrl),
        contentType: 'application/xml; charset=utf-8',
      };
    }),
  );
};

export default feedRoutes;
