// Revisions (docs/decisions/143): the last REVISIONS_KEPT saved versions of each article and
// project. The writes of articles and projects (their repositories, and the import of a content
// folder) call storeArticleRevision / storeProjectRevision inside their own transaction, after
// the row is written, so a revision exists exactly when its write does. Deleting the item deletes
// its revisions (the tables' foreign keys cascade).
import { REVISIONS_KEPT } from '@portfolio/contract';
import type {
  ArticleRevision,
  ArticleVersion,
  ProjectRevision,
  ProjectVersion,
  PublicationStatus,
  RevisionSummary,
} from '@portfolio/contract';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import type { Transaction } from '../../db/content-queries.js';
import { articleRevisions, articles, projectRevisions, projects } from '../../db/schema.js';

/** What an article's write stored, as its repository or the import read it back. */
export interface SavedArticleRow {
  id: string;
  title: string;
  content: string;
  slug: string;
  tags: string[];
  imagePath: string | null;
  customExcerpt: string | null;
  metaDescription: string | null;
  status: PublicationStatus;
  publishedAt: Date | null;
  updatedAt: Date;
}

/** What a project's write stored. */
export interface SavedProjectRow {
  id: string;
  title: string;
  description: string;
  imagePath: string;
  skills: string[] | null;
  link: string | null;
  status: PublicationStatus;
  publishedAt: Date | null;
  updatedAt: Date;
}

type RevisionsTable = typeof articleRevisions | typeof projectRevisions;

/** The fields of `version` that are set: a JSON document without nulls. */
function withoutEmpty<T extends object>(version: T): T {
  return Object.fromEntries(
    Object.entries(version).filter(([, value]) => value !== null && value !== undefined),
  ) as T;
}

function publicationOf(row: { status: PublicationStatus; publishedAt: Date | null }) {
  return { status: row.status, publishedAt: row.publishedAt?.toISOString() };
}

export function articleVersionOf(row: SavedArticleRow): ArticleVersion {
  return withoutEmpty({
    title: row.title,
    content: row.content,
    slug: row.slug,
    tags: row.tags,
    imagePath: row.imagePath ?? undefined,
    customExcerpt: row.customExcerpt ?? undefined,
    metaDescription: row.metaDescription ?? undefined,
    ...publicationOf(row),
  });
}

export function projectVersionOf(row: SavedProjectRow): ProjectVersion {
  return withoutEmpty({
    title: row.title,
    description: row.description,
    imagePath: row.imagePath,
    skills: row.skills && row.skills.length > 0 ? row.skills : undefined,
    link: row.link ?? undefined,
    ...publicationOf(row),
  });
}

/**
 * Stores `version` as item `itemId`'s newest revision and deletes the ones beyond the newest
 * REVISIONS_KEPT. The caller's transaction holds the item's row (written, or locked by the
 * replacement), so two saves of one item never take the same number.
 */
async function storeRevision(
  tx: Transaction,
  table: RevisionsTable,
  itemId: string,
  saved: { title: string; size: number; savedAt: Date; version: object },
): Promise<void> {
  const [last] = await tx
    .select({ number: sql<number | null>`max(${table.number})` })
    .from(table)
    .where(eq(table.itemId, itemId));
  const number = Number(last?.number ?? 0) + 1;
  await tx.insert(table).values({ itemId, number, ...saved });
  if (number > REVISIONS_KEPT) {
    await tx
      .delete(table)
      .where(and(eq(table.itemId, itemId), lte(table.number, number - REVISIONS_KEPT)));
  }
}

/** The article's write `row` as its newest revision (inside the write's transaction). */
export function storeArticleRevision(tx: Transaction, row: SavedArticleRow): Promise<void> {
  return storeRevision(tx, articleRevisions, row.id, {
    title: row.title,
    size: Buffer.byteLength(row.content),
    savedAt: row.updatedAt,
    version: articleVersionOf(row),
  });
}

/** The project's write `row` as its newest revision (inside the write's transaction). */
export function storeProjectRevision(tx: Transaction, row: SavedProjectRow): Promise<void> {
  return storeRevision(tx, projectRevisions, row.id, {
    title: row.title,
    size: Buffer.byteLength(row.description),
    savedAt: row.updatedAt,
    version: projectVersionOf(row),
  });
}

export type RevisionKind = 'article' | 'project';

const KINDS = {
  article: { revisions: articleRevisions, items: articles, id: articles.id },
  project: { revisions: projectRevisions, items: projects, id: projects.id },
} as const;

/**
 * Item `itemId`'s revisions, newest first, without their text; undefined when there is no such
 * item (a deleted one has none left).
 */
export async function listRevisions(
  db: Database,
  kind: RevisionKind,
  itemId: string,
): Promise<RevisionSummary[] | undefined> {
  const { revisions, items, id } = KINDS[kind];
  const [item] = await db.select({ id }).from(items).where(eq(id, itemId));
  if (!item) return undefined;
  const rows = await db
    .select({
      number: revisions.number,
      savedAt: revisions.savedAt,
      title: revisions.title,
      size: revisions.size,
      // Only the status of the stored version: its text stays in the database.
      status: sql<PublicationStatus>`${revisions.version}->>'status'`,
    })
    .from(revisions)
    .where(eq(revisions.itemId, itemId))
    .orderBy(desc(revisions.number));
  return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
}

/** One revision of item `itemId`, whole; undefined when there is none by that number. */
export async function findRevision(
  db: Database,
  kind: 'article',
  itemId: string,
  number: number,
): Promise<ArticleRevision | undefined>;
export async function findRevision(
  db: Database,
  kind: 'project',
  itemId: string,
  number: number,
): Promise<ProjectRevision | undefined>;
export async function findRevision(
  db: Database,
  kind: RevisionKind,
  itemId: string,
  number: number,
): Promise<ArticleRevision | ProjectRevision | undefined> {
  const { revisions } = KINDS[kind];
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.itemId, itemId), eq(revisions.number, number)));
  if (!row) return undefined;
  const version = row.version as ArticleVersion | ProjectVersion;
  return {
    number: row.number,
    savedAt: row.savedAt.toISOString(),
    title: row.title,
    size: row.size,
    status: version.status,
    version,
  } as ArticleRevision | ProjectRevision;
}
