import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import {
  deleteContentRow,
  insertContentRow,
  replacementTimestamps,
} from '../../db/content-queries.js';
import { articles } from '../../db/schema.js';
import { excerpt, markdownToPlainText } from '../../lib/markdown-text.js';
import { ARTICLE_EXCERPT_LENGTH } from '@portfolio/contract';
import type { Article, ArticleDetail, ArticleInput, ArticleNeighbour } from '@portfolio/contract';

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
};

interface ArticleRow {
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

export async function listArticles(
  db: Database,
  page: { limit?: number; offset?: number } = {},
): Promise<Article[]> {
  const query = db
    .select(articleColumns)
    .from(articles)
    .orderBy(...newestFirst)
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit);
  if (page.offset !== undefined) query.offset(page.offset);
  return (await query).map(toArticle);
}

export async function findArticle(db: Database, id: string): Promise<Article | undefined> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id));
  return row && toArticle(row);
}

/** The article with its older (`previous`) and newer (`next`) neighbours by createdAt, then id. */
export async function findArticleWithNeighbours(
  db: Database,
  id: string,
): Promise<ArticleDetail | undefined> {
  const article = await findArticle(db, id);
  if (!article) return undefined;
  const position = sql`(select ${articles.createdAt}, ${articles.id} from ${articles} where ${articles.id} = ${id})`;
  const neighbour = { _id: articles.id, title: articles.title };
  const [[previous], [next]] = await Promise.all([
    db
      .select(neighbour)
      .from(articles)
      .where(sql`(${articles.createdAt}, ${articles.id}) < ${position}`)
      .orderBy(...newestFirst)
      .limit(1),
    db
      .select(neighbour)
      .from(articles)
      .where(sql`(${articles.createdAt}, ${articles.id}) > ${position}`)
      .orderBy(asc(articles.createdAt), asc(articles.id))
      .limit(1),
  ]);
  return { ...article, previous: previous ?? null, next: next ?? null };
}

const ARTICLES = { table: articles, id: articles.id };

export async function createArticle(db: Database, input: ArticleInput): Promise<Article> {
  return insertContentRow(db, ARTICLES, input.title, 'article', input, async (id, timestamps) => {
    const [row] = await db
      .insert(articles)
      .values({ id, ...toColumns(input), ...timestamps })
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
  const [row] = await db
    .update(articles)
    .set({ ...toColumns(input), ...replacementTimestamps(input) })
    .where(eq(articles.id, id))
    .returning(articleColumns);
  return row && toArticle(row);
}

export function deleteArticle(db: Database, id: string): Promise<boolean> {
  return deleteContentRow(db, ARTICLES, id);
}
