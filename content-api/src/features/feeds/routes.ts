// GET /rss.xml (RSS 2.0 feed of the newest articles), GET /sitemap.xml (a sitemap index) and
// GET /sitemap-<n>.xml (its parts: every public page of the site; drafts and scheduled items are
// not public, docs/decisions/120), with links on the public site (SITE_URL). The one
// implementation of each: the site's own server answers them at the site's origin from these
// (docs/decisions/062). Their cost stays flat in the number of posts (docs/decisions/130).
// The link-preview cards register here too: like the feeds, they are how the site is shared.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../route-context.js';
import { TAG_MAX_LENGTH, TAG_PATTERN } from '@portfolio/contract';
import { excerpt, markdownToProse } from '../../lib/markdown-text.js';
import { HttpError } from '../../http/errors.js';
import { replyFromCache } from '../../http/response-cache.js';
import cardRoutes from '../cards/routes.js';
import type { FeedArticle, SitemapEntry, SitemapKind } from './queries.js';
import {
  changesInOrder,
  countPublic,
  latestChange,
  newestArticles,
  sitemapEntries,
} from './queries.js';
import { articleHtml } from './article-html.js';
import { cdata, element, xmlText } from './xml.js';

/** Front-end routes that exist for every visitor, whatever the content. */
export const STATIC_PAGES = [
  '/',
  '/portfolio',
  '/store',
  '/blog',
  // The tag index (docs/decisions/132): crawlers follow it to each tag's pages.
  '/tags',
  '/contact',
  '/about',
  '/ebook',
  // What the site counts of its readers (docs/decisions/182).
  '/privacy',
];

/** How many articles the feed carries: the newest (docs/decisions/130). */
export const RSS_ITEMS = 30;

/** The feed's bound: items past it carry their summary without the full content. */
export const RSS_MAX_BYTES = 300 * 1024;

/** The most URLs a sitemap may list (the sitemaps protocol's limit): a part's size. */
export const SITEMAP_PART_SIZE = 50_000;

export const SITEMAP_PART_NOT_FOUND = 'No such sitemap part.';

export const TAG_FEED_NOT_FOUND = 'No articles have this tag.';

/** A tag's page and its feed on the site (docs/decisions/132). */
export const tagPath = (tag: string) => `/tags/${tag}`;
export const tagFeedPath = (tag: string) => `${tagPath(tag)}/rss.xml`;
const tagPattern = new RegExp(TAG_PATTERN);

const RSS_DESCRIPTION_LENGTH = 300;

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The feed: the articles given (the newest first), each with its summary and, while the feed
 * stays within `maxBytes`, its full content (`contents`, sanitised HTML, in the same order): an
 * item past the budget carries its summary only, so a run of long articles cannot grow the feed.
 */
/** The feed's author: the owner's name and job title. */
export interface FeedOwner {
  name: string;
  jobTitle: string;
}

/** A tag's feed: the channel names the tag and links its page (docs/decisions/132). */
export interface FeedChannel {
  tag?: string;
}

/** Where an article is read: its address now (docs/decisions/132). */
function articleUrl(siteUrl: string, article: Pick<FeedArticle, 'slug'>): string {
  return `${siteUrl}/article/${article.slug}`;
}

/** An item's summary: the owner's meta description or excerpt, else the prose's start. */
function itemDescription(article: FeedArticle): string {
  return (
    article.metaDescription ??
    article.customExcerpt ??
    excerpt(markdownToProse(article.content), RSS_DESCRIPTION_LENGTH)
  );
}

export function renderRss(
  articles: FeedArticle[],
  contents: readonly string[],
  siteUrl: string,
  /** Who writes: the settings' owner (docs/decisions/141). */
  owner: FeedOwner,
  maxBytes = RSS_MAX_BYTES,
  { tag }: FeedChannel = {},
): string {
  const newest = articles[0];
  const items = articles.map((article) => {
    const link = articleUrl(siteUrl, article);
    return [
      '<item>',
      element('title', article.title),
      element('link', link),
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      // When it went public (a draft published later is new to the feed's readers then).
      element('pubDate', (article.publishedAt ?? article.createdAt).toUTCString()),
      element('description', itemDescription(article)),
    ];
  });
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    element('title', tag ? `${owner.name} — Blog: ${tag}` : `${owner.name} — Blog`),
    element('link', tag ? `${siteUrl}${tagPath(tag)}` : `${siteUrl}/blog`),
    // Where the feed itself lives: the site's origin, which serves it (RSS best practice).
    `<atom:link href="${xmlText(`${siteUrl}${tag ? tagFeedPath(tag) : '/rss.xml'}`)}" rel="self" type="application/rss+xml" />`,
    element(
      'description',
      tag
        ? `Articles tagged ${tag} by ${owner.name}, ${owner.jobTitle}.`
        : `Articles by ${owner.name}, ${owner.jobTitle}.`,
    ),
    element('language', 'en'),
    newest ? element('lastBuildDate', newest.updatedAt.toUTCString()) : '',
  ];
  const tail = ['</channel>', '</rss>', ''];
  const size = (lines: readonly string[]) => Buffer.byteLength(lines.join('\n')) + lines.length;
  let bytes = size(head) + size(tail) + items.reduce((sum, item) => sum + size(item) + 8, 0);
  const full: string[] = items.map((item, index) => {
    const content = contents[index];
    const encoded =
      content === undefined ? '' : `<content:encoded>${cdata(content)}</content:encoded>`;
    const fits = encoded !== '' && bytes + Buffer.byteLength(encoded) <= maxBytes;
    if (fits) bytes += Buffer.byteLength(encoded);
    return [...item, fits ? encoded : '', '</item>'].join('');
  });
  return [...head, ...full, ...tail].join('\n');
}

/** The later of two times (either may be missing). */
function later(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * When each page without content of its own last changed. `deployedAt` is when this API started:
 * the last change of the pages that show no content (their text ships with a deploy). Pages
 * listing content change with their newest item.
 */
export function staticPageChanges(
  latest: Record<SitemapKind, Date | undefined>,
  deployedAt: Date,
): Map<string, Date> {
  const listing: Record<string, Date | undefined> = {
    '/': later(latest.projects, latest.articles),
    '/portfolio': latest.projects,
    '/blog': latest.articles,
    '/tags': latest.articles,
  };
  return new Map(STATIC_PAGES.map((page) => [page, later(listing[page], deployedAt)!]));
}

/** W3C date of a time, as `lastmod` takes it. */
const day = (time: Date) => time.toISOString().slice(0, 10);

/**
 * The sitemap's URLs form one sequence, cut into parts of `partSize`: the static pages, then the
 * projects, then the articles, each kind oldest first (a new item lands in the last part).
 */
export interface SitemapLayout {
  projects: number;
  articles: number;
  partSize: number;
}

/** The kinds in sequence order, after the static pages. */
const SEQUENCE: readonly SitemapKind[] = ['projects', 'articles'];

/** How many parts the sitemap has: at least one (the static pages are always there). */
export function sitemapPartCount({ projects, articles, partSize }: SitemapLayout): number {
  return Math.max(1, Math.ceil((STATIC_PAGES.length + projects + articles) / partSize));
}

/** The slice of each kind (offset, limit) that part `part` (1-based) lists. */
export function partSlices(
  layout: SitemapLayout,
  part: number,
): { static: [number, number]; kinds: Record<SitemapKind, { offset: number; limit: number }> } {
  const start = (part - 1) * layout.partSize;
  const end = start + layout.partSize;
  const slice = (from: number, length: number) => {
    const offset = Math.max(0, start - from);
    const limit = Math.max(0, Math.min(end, from + length) - Math.max(start, from));
    return { offset, limit };
  };
  const staticSlice = slice(0, STATIC_PAGES.length);
  let from = STATIC_PAGES.length;
  const kinds = {} as Record<SitemapKind, { offset: number; limit: number }>;
  for (const kind of SEQUENCE) {
    kinds[kind] = slice(from, layout[kind]);
    from += layout[kind];
  }
  return { static: [staticSlice.offset, staticSlice.offset + staticSlice.limit], kinds };
}

const PATHS: Record<SitemapKind, string> = { projects: '/projects/', articles: '/article/' };

/** One part: a `<urlset>` of its URLs, each with its `lastmod`. */
export function renderSitemapPart(
  pages: [string, Date][],
  items: Record<SitemapKind, SitemapEntry[]>,
  siteUrl: string,
): string {
  const url = (path: string, lastModified: Date) =>
    `<url>${element('loc', `${siteUrl}${path}`)}${element('lastmod', day(lastModified))}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...pages.map(([page, changed]) => url(page, changed)),
    ...SEQUENCE.flatMap((kind) =>
      items[kind].map((item) => url(`${PATHS[kind]}${item.id}`, item.changed)),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/** The index: every part's address and the latest change of the URLs it lists. */
export function renderSitemapIndex(partChanges: Date[], siteUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...partChanges.map(
      (changed, index) =>
        `<sitemap>${element('loc', `${siteUrl}/sitemap-${index + 1}.xml`)}${element('lastmod', day(changed))}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A part's number as the path gives it: digits without a leading zero, or null. */
export function parsePartNumber(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

export interface FeedRouteOptions extends RouteContext {
  siteUrl: string;
  /** URLs per sitemap part: SITEMAP_PART_SIZE unless a test wants smaller parts. */
  sitemapPartSize?: number;
}

const feedRoutes: FastifyPluginAsync<FeedRouteOptions> = async (app, options) => {
  const { db, cache, siteUrl, settings, sitemapPartSize = SITEMAP_PART_SIZE } = options;
  const deployedAt = new Date();
  /** The feeds' articles as HTML, by id, with the Markdown and address each was made from. */
  const renderedArticles = new Map<string, { markdown: string; url: string; html: string }>();
  await app.register(cardRoutes, options);
  /** The feed of the newest articles, or of a tag's (null: the tag has no public article). */
  async function feed(tag?: string): Promise<string | null> {
    const articles = await newestArticles(db, RSS_ITEMS, new Date(), tag);
    if (tag && articles.length === 0) return null;
    const contents: string[] = [];
    for (const article of articles) {
      // Sanitising is CPU work on this thread: an article is rendered again only when its
      // Markdown (or its address, which its relative links resolve against) changed (a write
      // empties the response cache, not this).
      const url = articleUrl(siteUrl, article);
      const kept = renderedArticles.get(article.id);
      if (kept?.markdown === article.content && kept.url === url) {
        contents.push(kept.html);
        continue;
      }
      const html = await articleHtml(article.content, url);
      renderedArticles.set(article.id, { markdown: article.content, url, html });
      contents.push(html);
    }
    // Only the feeds' articles are kept: at most RSS_ITEMS for each feed recently asked for.
    if (renderedArticles.size > RSS_ITEMS * 8) renderedArticles.clear();
    const { owner } = await settings.get();
    return renderRss(articles, contents, siteUrl, owner, RSS_MAX_BYTES, { tag });
  }

  app.get('/rss.xml', (request, reply) =>
    replyFromCache(cache, 'rss.xml', request, reply, async () => ({
      body: (await feed())!,
      contentType: 'application/rss+xml; charset=utf-8',
    })),
  );

  app.get<{ Params: { tag: string } }>('/tags/:tag/rss.xml', (request, reply) => {
    const { tag } = request.params;
    if (!tagPattern.test(tag) || tag.length > TAG_MAX_LENGTH) {
      throw new HttpError(404, TAG_FEED_NOT_FOUND);
    }
    return replyFromCache(cache, `tags/${tag}/rss.xml`, request, reply, async () => {
      const body = await feed(tag);
      // Thrown before anything is kept: only tags that have articles enter the cache.
      if (body === null) throw new HttpError(404, TAG_FEED_NOT_FOUND);
      return { body, contentType: 'application/rss+xml; charset=utf-8' };
    });
  });

  async function latestChanges(now: Date): Promise<Record<SitemapKind, Date | undefined>> {
    const [projects, articles] = await Promise.all([
      latestChange(db, 'projects', now),
      latestChange(db, 'articles', now),
    ]);
    return { projects, articles };
  }

  app.get('/sitemap.xml', (request, reply) =>
    replyFromCache(cache, 'sitemap.xml', request, reply, async () => {
      const now = new Date();
      const [projects, articles] = await Promise.all([
        changesInOrder(db, 'projects', now),
        changesInOrder(db, 'articles', now),
      ]);
      const latest = (times: Date[]) => times.reduce<Date | undefined>(later, undefined);
      const pages = staticPageChanges(
        { projects: latest(projects), articles: latest(articles) },
        deployedAt,
      );
      // Every URL's change time in sequence order; a part's is the latest of its own.
      const sequence = [...pages.values(), ...projects, ...articles];
      const partChanges: Date[] = [];
      for (let start = 0; start < sequence.length; start += sitemapPartSize) {
        partChanges.push(latest(sequence.slice(start, start + sitemapPartSize))!);
      }
      return {
        body: renderSitemapIndex(partChanges, siteUrl),
        contentType: 'application/xml; charset=utf-8',
      };
    }),
  );

  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', (request, reply) => {
    const part = parsePartNumber(request.params.part);
    if (part === null) throw new HttpError(404, SITEMAP_PART_NOT_FOUND);
    return replyFromCache(cache, `sitemap-${part}.xml`, request, reply, async () => {
      const now = new Date();
      const [projects, articles] = await Promise.all([
        countPublic(db, 'projects', now),
        countPublic(db, 'articles', now),
      ]);
      const layout = { projects, articles, partSize: sitemapPartSize };
      // Thrown before anything is kept: only parts that exist enter the cache.
      if (part > sitemapPartCount(layout)) throw new HttpError(404, SITEMAP_PART_NOT_FOUND);
      const slices = partSlices(layout, part);
      const [fromPage, toPage] = slices.static;
      const pages: [string, Date][] =
        toPage > fromPage
          ? [...staticPageChanges(await latestChanges(now), deployedAt)].slice(fromPage, toPage)
          : [];
      const read = (kind: SitemapKind) =>
        slices.kinds[kind].limit > 0
          ? sitemapEntries(db, kind, now, slices.kinds[kind])
          : Promise.resolve([]);
      const [projectEntries, articleEntries] = await Promise.all([
        read('projects'),
        read('articles'),
      ]);
      return {
        body: renderSitemapPart(
          pages,
          { projects: projectEntries, articles: articleEntries },
          siteUrl,
        ),
        contentType: 'application/xml; charset=utf-8',
      };
    });
  });
};

export default feedRoutes;
