import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { deleteContentRow, insertContentRow, updateContentRow } from '../../db/content-queries.js';
import type { ContentReadOptions } from '../../db/content-queries.js';
import { isPublic, publicationFields, resolvePublication } from '../../db/publication.js';
import type { Publication } from '../../db/publication.js';
import { articles } from '../../db/schema.js';
import { excerpt, markdownToPlainText } from '../../lib/markdown-text.js';
import { ARTICLE_EXCERPT_LENGTH } from '@portfolio/contract';
import type {
  Article,
  ArticleDetail,
  ArticleInput,
  ArticleNeighbour,
  PublicationInput,
} from '@portfolio/contract';

// The entity and input types are the API's contract (docs/decisions/052).
export type { Article, ArticleDetail as ArticleWithNeighbours, ArticleInput, ArticleNeighbour };

/** Everything but the search vector: the plain text gives the excerpt. */
const articleColumns = {
  id: articles.id,
  title: articles.title,
  content: articles.content,
  plainText: articles.plainText,
  imagePath: articles.imagePath,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  status: articles.status,
  publishedAt: articles.publishedAt,
};

interface ArticleRow extends Publication {
  id: string;
  title: string;
  content: string;
  plainText: string;
  imagePath: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function toArticle(row: ArticleRow): Article {
  const article: Article = {
    _id: row.id,
    title: row.title,
    content: row.content,
    excerpt: excerpt(row.plainText, ARTICLE_EXCERPT_LENGTH),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...publicationFields(row),
  };
  if (row.imagePath) article.imagePath = row.imagePath;
  return article;
}

function toColumns(input: ArticleInput) {
  return {
    title: input.title.trim(),
    content: input.content,
    plainText: markdownToPlainText(input.content),
    imagePath: input.imagePath ?? null,
  };
}

const newestFirst = [desc(articles.createdAt), desc(articles.id)];

/** Public articles, newest first; with `drafts`, every article (admin). */
export async function listArticles(
  db: Database,
  page: { limit?: number; offset?: number } & ContentReadOptions = {},
): Promise<Article[]> {
  const query = db
    .select(articleColumns)
    .from(articles)
    .where(page.drafts ? undefined : isPublic(articles, page.now ?? new Date()))
    .orderBy(...newestFirst)
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit);
  if (page.offset !== undefined) query.offset(page.offset);
  return (await query).map(toArticle);
}

/** How many articles `listArticles()` pages through: public ones; with `drafts`, all (admin). */
export async function countArticles(
  db: Database,
  options: ContentReadOptions = {},
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(options.drafts ? undefined : isPublic(articles, options.now ?? new Date()));
  return Number(row?.count ?? 0);
}

/** A public article; with `drafts`, any article (admin). */
export async function findArticle(
  db: Database,
  id: string,
  options: ContentReadOptions = {},
): Promise<Article | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(articles)
    .where(
      and(
        eq(articles.id, id),
        options.drafts ? undefined : isPublic(articles, options.now ?? new Date()),
      ),
    );
  return row && toArticle(row);
}

/**
 * The article with its older (`previous`) and newer (`next`) neighbours by createdAt, then id.
 * Neighbours are public articles only: a draft shows the ones its readers will see.
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
  const position = sql`(select ${articles.createdAt}, ${articles.id} from ${articles} where ${articles.id} = ${id})`;
  const neighbour = { _id: articles.id, title: articles.title };
  const [[previous], [next]] = await Promise.all([
    db
      .select(neighbour)
      .from(articles)
      .where(and(visible, sql`(${articles.createdAt}, ${articles.id}) < ${position}`))
      .orderBy(...newestFirst)
      .limit(1),
    db
      .select(neighbour)
      .from(articles)
      .where(and(visible, sql`(${articles.createdAt}, ${articles.id}) > ${position}`))
      .orderBy(asc(articles.createdAt), asc(articles.id))
      .limit(1),
  ]);
  return { ...article, previous: previous ?? null, next: next ?? null };
}

const ARTICLES = {
  table: articles,
  id: articles.id,
  status: articles.status,
  publishedAt: articles.publishedAt,
};

export async function createArticle(db: Database, input: ArticleInput): Promise<Article> {
  return insertContentRow(db, ARTICLES, input.title, 'article', input, async (id, timestamps) => {
    const [row] = await db
      .insert(articles)
      .values({
        id,
        ...toColumns(input),
        ...timestamps,
        ...resolvePublication(input, undefined, timestamps.updatedAt),
      })
      .onConflictDoNothing()
      .returning(articleColumns);
    return row && toArticle(row);
  });
}

/** Full replacement (PUT); the id stays stable even when the title changes. */
export async function replaceArticle(
  db: Database,
  id: string,
  input: ArticleInput,
): Promise<Article | undefined> {
  const row = await updateContentRow(db, ARTICLES, id, input, (tx, changes) =>
    tx
      .update(articles)
      .set({ ...toColumns(input), ...changes })
      .where(eq(articles.id, id))
      .returning(articleColumns),
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
