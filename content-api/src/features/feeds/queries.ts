// The feeds' reads (docs/decisions/130): bounded whatever the number of posts. The feed reads
// its newest items only (LIMIT in SQL); the sitemap reads ids and dates, never content, and a
// part reads its own slice (OFFSET/LIMIT). Public content only (docs/decisions/120).
import { and, arrayContains, asc, count, desc, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { isPublic } from '../../db/publication.js';
import { articles, projects } from '../../db/schema.js';

export interface FeedArticle {
  id: string;
  /** Its address segment (docs/decisions/132). */
  slug: string;
  title: string;
  content: string;
  customExcerpt: string | null;
  metaDescription: string | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

/**
 * The newest public articles, newest first (the blog's order), with `tag` when one is given:
 * `limit` rows at most.
 */
export function newestArticles(
  db: Database,
  limit: number,
  now: Date,
  tag?: string,
): Promise<FeedArticle[]> {
  return db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      content: articles.content,
      customExcerpt: articles.customExcerpt,
      metaDescription: articles.metaDescription,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(and(isPublic(articles, now), tag ? arrayContains(articles.tags, [tag]) : undefined))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}

export type SitemapKind = 'projects' | 'articles';

const TABLES = { projects, articles } as const;

/**
 * When an item's page last changed: its last write, or its publication when that came later (a
 * scheduled item changes its page when it comes out).
 */
function changed(table: (typeof TABLES)[SitemapKind]) {
  return sql<Date>`greatest(${table.updatedAt}, ${table.publishedAt})`.mapWith(table.updatedAt);
}

/** How many items of a kind are public. */
export async function countPublic(db: Database, kind: SitemapKind, now: Date): Promise<number> {
  const table = TABLES[kind];
  const [row] = await db.select({ n: count() }).from(table).where(isPublic(table, now));
  return row?.n ?? 0;
}

/** The latest change of any public item of a kind, or undefined when there is none. */
export async function latestChange(
  db: Database,
  kind: SitemapKind,
  now: Date,
): Promise<Date | undefined> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ latest: max(changed(table)).mapWith(table.updatedAt) })
    .from(table)
    .where(isPublic(table, now));
  return row?.latest ?? undefined;
}

export interface SitemapEntry {
  /** The page's address segment: a project's id, an article's slug. */
  id: string;
  changed: Date;
}

/**
 * Public items of a kind in the sitemap's order, oldest first (new items land in the last part,
 * the others keep theirs): ids and change times only, `limit` of them from `offset`.
 */
export function sitemapEntries(
  db: Database,
  kind: SitemapKind,
  now: Date,
  slice: { offset: number; limit: number },
): Promise<SitemapEntry[]> {
  const table = TABLES[kind];
  return db
    .select({ id: kind === 'articles' ? articles.slug : table.id, changed: changed(table) })
    .from(table)
    .where(isPublic(table, now))
    .orderBy(asc(table.createdAt), asc(table.id))
    .offset(slice.offset)
    .limit(slice.limit);
}

/** Every public item's change time, in the sitemap's order: one column, for the index. */
export async function changesInOrder(db: Database, kind: SitemapKind, now: Date): Promise<Date[]> {
  const table = TABLES[kind];
  const rows = await db
    .select({ changed: changed(table) })
    .from(table)
    .where(isPublic(table, now))
    .orderBy(asc(table.createdAt), asc(table.id));
  return rows.map((row) => row.changed);
}
