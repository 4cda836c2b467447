import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  ne,
  not,
  or,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { deleteContentRow, insertContentRow, updateContentRow } from '../../db/content-queries.js';
import type { ContentReadOptions } from '../../db/content-queries.js';
import { isPublic, publicationFields, resolvePublication } from '../../db/publication.js';
import type { Publication } from '../../db/publication.js';
import { articleSlugs, articles, comments } from '../../db/schema.js';
import type { Transaction } from '../../db/content-queries.js';
import { markdownToPlainText, proseExcerpt } from '../../lib/markdown-text.js';
import { storeArticleRevision } from '../revisions/repository.js';
import type { ArticleListing } from './listing.js';
import { ARTICLE_EXCERPT_LENGTH } from '@portfolio/contract';
import type {
  Article,
  ArticleDetail,
  ArticleInput,
  ContentState,
  PublicationInput,
  TagCount,
} from '@portfolio/contract';

// The entity and input types are the API's contract (docs/decisions/052).
export type { Article, ArticleInput };

/** Another article already has this slug, or this id (docs/decisions/132): a 409. */
export class SlugTakenError extends Error {
  override name = 'SlugTakenError';
  constructor(readonly slug: string) {
    super(`The slug "${slug}" is already used by another article.`);
  }
}

/** Everything but the search vector and the plain text (search's). */
const articleColumns = {
  id: articles.id,
  title: articles.title,
  content: articles.content,
  imagePath: articles.imagePath,
  slug: articles.slug,
  tags: articles.tags,
  customExcerpt: articles.customExcerpt,
  autoExcerpt: articles.autoExcerpt,
  metaDescription: articles.metaDescription,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  status: articles.status,
  publishedAt: articles.publishedAt,
};

/**
 * What reads select: the columns and how many approved comments the article has (docs/decisions/
 * 200), counted from the comments' (article, status) index.
 */
const readColumns = {
  ...articleColumns,
  commentCount: sql<number>`(select count(*) from ${comments}
    where ${comments.articleId} = ${articles.id} and ${comments.status} = 'approved')`.mapWith(
    Number,
  ),
};

interface ArticleRow extends Publication {
  id: string;
  title: string;
  content: string;
  imagePath: string | null;
  slug: string;
  tags: string[];
  customExcerpt: string | null;
  autoExcerpt: string | null;
  metaDescription: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Present on reads (readColumns), not on the answers of writes. */
  commentCount?: number;
}

/** The automatic excerpt: the start of the prose, ending on a word (docs/decisions/132). */
export function autoExcerptOf(content: string): string {
  return proseExcerpt(content, ARTICLE_EXCERPT_LENGTH);
}

/**
 * Cuts the automatic excerpt of the articles stored before it was kept (migration 0012), a
 * batch at a time; resolves with how many. Run at start: until then those rows cut theirs when
 * read.
 */
export async function fillAutoExcerpts(db: Database, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(isNull(articles.autoExcerpt))
      .limit(batch);
    if (rows.length === 0) return filled;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .update(articles)
          .set({ autoExcerpt: autoExcerptOf(row.content) })
          .where(eq(articles.id, row.id));
      }
    });
    filled += rows.length;
  }
}

function toArticle(row: ArticleRow): Article {
  const article: Article = {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    // The owner's card text, else the start of the prose (docs/decisions/132).
    excerpt: row.customExcerpt ?? row.autoExcerpt ?? autoExcerptOf(row.content),
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...publicationFields(row),
  };
  if (row.imagePath) article.imagePath = row.imagePath;
  if (row.customExcerpt) article.customExcerpt = row.customExcerpt;
  if (row.metaDescription) article.metaDescription = row.metaDescription;
  if (row.commentCount !== undefined) article.commentCount = row.commentCount;
  return article;
}

/** Tags as stored: each once, in the order first given. */
export function normalizeTags(tags: readonly string[] | undefined): string[] {
  return [...new Set(tags ?? [])];
}

function toColumns(input: ArticleInput) {
  return {
    title: input.title.trim(),
    content: input.content,
    plainText: markdownToPlainText(input.content),
    imagePath: input.imagePath ?? null,
    tags: normalizeTags(input.tags),
    customExcerpt: input.customExcerpt?.trim() ?? null,
    autoExcerpt: autoExcerptOf(input.content),
    metaDescription: input.metaDescription?.trim() ?? null,
  };
}

/** Which articles a list holds (docs/decisions/132). */
export interface ArticleFilter extends ContentReadOptions {
  tag?: string;
  /** Text the search index must match (websearch syntax, as GET /search). */
  query?: string;
  /** One publication state; only meaningful with `drafts` (the public see published ones). */
  state?: ContentState;
}

function filterOf(filter: ArticleFilter): SQL | undefined {
  const now = filter.now ?? new Date();
  const conditions: (SQL | undefined)[] = [
    filter.drafts ? undefined : isPublic(articles, now),
    filter.tag ? arrayContains(articles.tags, [filter.tag]) : undefined,
    filter.query?.trim()
      ? sql`${articles.searchVector} @@ websearch_to_tsquery('english', ${filter.query.trim()})`
      : undefined,
  ];
  if (filter.state === 'draft') conditions.push(eq(articles.status, 'draft'));
  if (filter.state === 'published') conditions.push(isPublic(articles, now));
  if (filter.state === 'scheduled') {
    conditions.push(and(eq(articles.status, 'published'), gt(articles.publishedAt, now)));
  }
  return and(...conditions);
}

const newestFirst = [desc(articles.createdAt), desc(articles.id)];

/** Public articles, newest first; with `drafts`, every article (admin); as `page` filters. */
export async function listArticles(
  db: Database,
  page: { limit?: number; offset?: number } & ArticleFilter = {},
): Promise<Article[]> {
  const query = db
    .select(readColumns)
    .from(articles)
    .where(filterOf(page))
    .orderBy(...newestFirst)
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit);
  if (page.offset !== undefined) query.offset(page.offset);
  return (await query).map(toArticle);
}

/** How many articles `listArticles()` pages through with the same filter. */
export async function countArticles(db: Database, filter: ArticleFilter = {}): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(filterOf(filter));
  return Number(row?.count ?? 0);
}

/** A page of a list, and how many articles the list holds in all: what GET /articles answers. */
export interface ArticlePage {
  articles: Article[];
  total: number;
}

/**
 * A page of `listArticles()` and its count. A public list by tag or of everything is paged in
 * `listing` (docs/decisions/133) and only the page's rows are read; a search within the list, a
 * state, the admin's view, or a listing that cannot be trusted (see ArticleListing) ask the
 * database for the page and the count.
 */
export async function listArticlePage(
  db: Database,
  listing: ArticleListing,
  page: { limit?: number; offset?: number } & ArticleFilter,
): Promise<ArticlePage> {
  const now = page.now ?? new Date();
  const listed =
    page.drafts || page.state || page.query?.trim()
      ? undefined
      : await listing.page({ tag: page.tag, limit: page.limit, offset: page.offset, now });
  if (!listed) {
    const filter = { ...page, now };
    const [articles, total] = await Promise.all([
      listArticles(db, filter),
      countArticles(db, filter),
    ]);
    return { articles, total };
  }
  return { articles: await publicArticlesByIds(db, listed.ids, now), total: listed.total };
}

/** The public articles of `ids`, in that order (one that is gone or no longer public is left out). */
async function publicArticlesByIds(db: Database, ids: string[], now: Date): Promise<Article[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(readColumns)
    .from(articles)
    .where(and(inArray(articles.id, ids), isPublic(articles, now)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toArticle(row)] : [];
  });
}

/**
 * The id of the article `key` names: its slug now, else its id, else a slug it had (docs/
 * decisions/132), as one SQL expression.
 */
function idNamedBy(key: string): SQL {
  return sql`coalesce(
    (select ${articles.id} from ${articles} where ${articles.slug} = ${key}),
    (select ${articles.id} from ${articles} where ${articles.id} = ${key}),
    (select ${articleSlugs.articleId} from ${articleSlugs} where ${articleSlugs.slug} = ${key})
  )`;
}

/** A public article by id, slug or former slug; with `drafts`, any article (admin). */
export async function findArticle(
  db: Database,
  key: string,
  options: ContentReadOptions = {},
): Promise<Article | undefined> {
  const [row] = await db
    .select(readColumns)
    .from(articles)
    .where(
      and(
        eq(articles.id, idNamedBy(key)),
        options.drafts ? undefined : isPublic(articles, options.now ?? new Date()),
      ),
    );
  return row && toArticle(row);
}

/** Every tag of the public articles (with `drafts`, of all), most used first, then by name. */
export async function listTags(
  db: Database,
  options: ContentReadOptions = {},
): Promise<TagCount[]> {
  const tag = sql<string>`tag`;
  const rows = await db
    .select({ tag, count: sql<number>`count(*)::int` })
    .from(sql`${articles}, unnest(${articles.tags}) as tag`)
    .where(options.drafts ? undefined : isPublic(articles, options.now ?? new Date()))
    .groupBy(tag)
    .orderBy(sql`count(*) desc`, tag);
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** What a link to another article needs: its id, title and slug (ArticleNeighbour). */
const NEIGHBOUR_COLUMNS = { _id: articles.id, title: articles.title, slug: articles.slug };

/** How many related articles an article's page links to. */
export const RELATED_ARTICLES = 3;
/**
 * How many of the newest articles sharing a tag are ranked (as search ranks at most 500 matches:
 * docs/decisions/134): a tag most articles carry costs the same at 10,000 articles as at 500
 * (PostgreSQL, 10,000 articles of 12 tags: 4–6 ms, was 15–23 ms ranking all 7,500 that shared one).
 */
const RELATED_CANDIDATES = 500;

/**
 * Up to RELATED_ARTICLES public articles to read next: of the newest RELATED_CANDIDATES sharing
 * a tag with `article` (the tags' GIN index finds them), those sharing the most, the newest first
 * among equals; when fewer share a tag, the newest others (by the date index).
 */
async function relatedArticles(
  db: Database,
  article: { _id: string; tags?: string[] },
  visible: SQL | undefined,
) {
  const tags = article.tags ?? [];
  const others = and(visible, ne(articles.id, article._id));
  // One parameter, encoded as the column is (text[]).
  const tagsParam = sql.param(tags, articles.tags);
  const sharing =
    tags.length === 0
      ? []
      : await db
          .select(NEIGHBOUR_COLUMNS)
          .from(articles)
          .where(
            inArray(
              articles.id,
              db
                .select({ id: articles.id })
                .from(articles)
                .where(and(others, arrayOverlaps(articles.tags, tags)))
                .orderBy(...newestFirst)
                .limit(RELATED_CANDIDATES),
            ),
          )
          .orderBy(
            sql`cardinality(array(select unnest(${articles.tags}) intersect select unnest(${tagsParam}::text[]))) desc`,
            ...newestFirst,
          )
          .limit(RELATED_ARTICLES);
  if (sharing.length === RELATED_ARTICLES) return sharing;
  const newest = await db
    .select(NEIGHBOUR_COLUMNS)
    .from(articles)
    .where(and(others, tags.length === 0 ? undefined : not(arrayOverlaps(articles.tags, tags))))
    .orderBy(...newestFirst)
    .limit(RELATED_ARTICLES - sharing.length);
  return [...sharing, ...newest];
}

/**
 * The article with its older (`previous`) and newer (`next`) neighbours by createdAt, then id,
 * and the articles related to it (relatedArticles). Neighbours and related articles are public
 * articles only: a draft shows the ones its readers will see.
 */
export async function findArticleWithNeighbours(
  db: Database,
  id: string,
  options: ContentReadOptions = {},
): Promise<ArticleDetail | undefined> {
  const now = options.now ?? new Date();
  const article = await findArticle(db, id, { ...options, now });
  if (!article) return undefined;
  const visible = isPublic(articles, now);
  const position = sql`(select ${articles.createdAt}, ${articles.id} from ${articles} where ${articles.id} = ${article._id})`;
  const [[previous], [next], related] = await Promise.all([
    db
      .select(NEIGHBOUR_COLUMNS)
      .from(articles)
      .where(and(visible, sql`(${articles.createdAt}, ${articles.id}) < ${position}`))
      .orderBy(...newestFirst)
      .limit(1),
    db
      .select(NEIGHBOUR_COLUMNS)
      .from(articles)
      .where(and(visible, sql`(${articles.createdAt}, ${articles.id}) > ${position}`))
      .orderBy(asc(articles.createdAt), asc(articles.id))
      .limit(1),
    relatedArticles(db, article, visible),
  ]);
  return { ...article, previous: previous ?? null, next: next ?? null, related };
}

const ARTICLES = {
  table: articles,
  id: articles.id,
  status: articles.status,
  publishedAt: articles.publishedAt,
};

/** A SlugTakenError when `slug` is another article's slug now or its id (docs/decisions/132). */
export async function assertSlugFree(tx: Transaction, id: string, slug: string): Promise<void> {
  const [taken] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(ne(articles.id, id), or(eq(articles.slug, slug), eq(articles.id, slug))))
    .limit(1);
  if (taken) throw new SlugTakenError(slug);
}

/**
 * Records slugs as article `id`'s, for good: each leads to it from now on. A former slug of
 * another article is taken over (its redirect ends).
 */
export async function recordSlugs(tx: Transaction, id: string, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  await tx
    .insert(articleSlugs)
    .values(slugs.map((slug) => ({ slug, articleId: id })))
    .onConflictDoUpdate({ target: articleSlugs.slug, set: { articleId: id } });
}

/** Makes `slug` article `id`'s: checked free, then recorded. */
async function claimSlug(tx: Transaction, id: string, slug: string): Promise<void> {
  await assertSlugFree(tx, id, slug);
  await recordSlugs(tx, id, [slug]);
}

/** The table's unique-violation code (Postgres and PGlite alike). */
const UNIQUE_VIOLATION = '23505';

/** Two writers claiming one slug at once: the loser's unique violation is a SlugTakenError. */
async function slugRace<T>(slug: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).code;
    const causeCode = (error as { cause?: { code?: unknown } }).cause?.code;
    if (slug && (code === UNIQUE_VIOLATION || causeCode === UNIQUE_VIOLATION)) {
      throw new SlugTakenError(slug);
    }
    throw error;
  }
}

/**
 * A new article under an id made from its title; its slug is the one given or, by default, its
 * id. A default id is never a slug an article has or had, so the two never disagree.
 */
export async function createArticle(db: Database, input: ArticleInput): Promise<Article> {
  const taken = (base: string) =>
    db
      .select({ slug: articleSlugs.slug })
      .from(articleSlugs)
      .where(or(eq(articleSlugs.slug, base), sql`${articleSlugs.slug} like ${`${base}-%`}`))
      .then((rows) => rows.map((row) => row.slug));
  return slugRace(input.slug, () =>
    insertContentRow(
      db,
      ARTICLES,
      input.title,
      'article',
      input,
      (id, timestamps) =>
        db.transaction(async (tx) => {
          const slug = input.slug ?? id;
          const [row] = await tx
            .insert(articles)
            .values({
              id,
              slug,
              ...toColumns(input),
              ...timestamps,
              ...resolvePublication(input, undefined, timestamps.updatedAt),
            })
            .onConflictDoNothing({ target: articles.id })
            .returning(articleColumns);
          if (!row) return undefined;
          await claimSlug(tx, id, slug);
          await storeArticleRevision(tx, row);
          return toArticle(row);
        }),
      taken,
    ),
  );
}

/**
 * Full replacement (PUT); the id stays stable even when the title changes. The slug is the one
 * given, else the stored one; a former one keeps leading to the article.
 */
export async function replaceArticle(
  db: Database,
  id: string,
  input: ArticleInput,
): Promise<Article | undefined> {
  const row = await slugRace(input.slug, () =>
    updateContentRow(db, ARTICLES, id, input, async (tx, changes) => {
      if (input.slug) await claimSlug(tx, id, input.slug);
      const rows = await tx
        .update(articles)
        .set({ ...toColumns(input), ...(input.slug ? { slug: input.slug } : {}), ...changes })
        .where(eq(articles.id, id))
        .returning(articleColumns);
      // The saved version, in the same transaction (docs/decisions/143).
      if (rows[0]) await storeArticleRevision(tx, rows[0]);
      return rows;
    }),
  );
  return row && toArticle(row);
}

/** Publishes, schedules or unpublishes an article (PATCH). */
export async function setArticlePublication(
  db: Database,
  id: string,
  input: PublicationInput,
): Promise<Article | undefined> {
  const row = await updateContentRow(db, ARTICLES, id, input, (tx, changes) =>
    tx.update(articles).set(changes).where(eq(articles.id, id)).returning(articleColumns),
  );
  return row && toArticle(row);
}

export function deleteArticle(db: Database, id: string): Promise<boolean> {
  return deleteContentRow(db, ARTICLES, id);
}
