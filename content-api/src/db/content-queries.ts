// The queries projects and articles have in common: a new row under a slug id made from its
// title, a full replacement that keeps the id, a change of publication, and a delete by id. Each
// feature's repository keeps only what is its own (columns, the answer's shape, articles'
// neighbours).
import { eq, like, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PublicationStatus } from '@portfolio/contract';
import type { Database } from './connect.js';
import { insertWithSlugId } from './ids.js';
import { resolvePublication } from './publication.js';
import type { Publication, PublicationColumns } from './publication.js';

/** A content table: a text `id` primary key, the two timestamps and the publication. */
export interface ContentTable extends PublicationColumns {
  table: PgTable;
  id: PgColumn;
}

/** How a read treats drafts and scheduled items (docs/decisions/120). */
export interface ContentReadOptions {
  /** Every item, drafts and scheduled ones included (admin); default: public items only. */
  drafts?: boolean;
  /** The time "due" is measured at; default now. */
  now?: Date;
}

/** The transaction a replacement runs in. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a write of a row's publication fields stores (docs/decisions/120). */
export type PublicationChanges = Publication & { updatedAt: Date; createdAt?: Date };

/** The stored publication of row `id`, locked until the transaction ends; undefined: none. */
async function lockedPublication(
  tx: Transaction,
  content: ContentTable,
  id: string,
): Promise<Publication | undefined> {
  const [row] = await tx
    .select({ status: content.status, publishedAt: content.publishedAt })
    .from(content.table)
    .where(eq(content.id, id))
    .for('update');
  return row as Publication | undefined;
}

/**
 * Updates row `id` in a transaction (a full replacement, PUT, or a change of publication, PATCH):
 * `update` runs the UPDATE … RETURNING with `changes`, the timestamps (`createdAt` only when
 * given) and the publication `input` resolves to against the stored one (resolvePublication).
 * Undefined when there is no row.
 */
export function updateContentRow<T>(
  db: Database,
  content: ContentTable,
  id: string,
  input: { createdAt?: string; status?: PublicationStatus; publishedAt?: string },
  update: (tx: Transaction, changes: PublicationChanges) => PromiseLike<T[]>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const stored = await lockedPublication(tx, content, id);
    if (!stored) return undefined;
    const now = new Date();
    const [row] = await update(tx, {
      ...timestamps(input, now),
      ...resolvePublication(input, stored, now),
    });
    return row;
  });
}

/** `createdAt` when the input names one; `updatedAt` always now. */
function timestamps(input: { createdAt?: string }, now: Date) {
  return {
    ...(input.createdAt ? { createdAt: new Date(input.createdAt) } : {}),
    updatedAt: now,
  };
}

/**
 * Inserts a row under the first free slug id made from `title` ("threat-modeling",
 * "threat-modeling-2", …); `createdAt` defaults to now. `insert` runs the insert with
 * ON CONFLICT DO NOTHING and returns undefined when another writer took the id. `reserved`
 * names more of the candidates that are not free (an article's: slugs in use).
 */
export function insertContentRow<T>(
  db: Database,
  { table, id: idColumn }: Pick<ContentTable, 'table' | 'id'>,
  title: string,
  fallbackSlug: string,
  input: { createdAt?: string },
  insert: (id: string, timestamps: { createdAt: Date; updatedAt: Date }) => Promise<T | undefined>,
  reserved: (base: string) => Promise<string[]> = async () => [],
): Promise<T> {
  const now = new Date();
  return insertWithSlugId(
    title,
    fallbackSlug,
    async (base) => [
      ...(
        await db
          .select({ id: idColumn })
          .from(table)
          .where(or(eq(idColumn, base), like(idColumn, `${base}-%`)))
      ).map((row) => String(row.id)),
      ...(await reserved(base)),
    ],
    (id) => insert(id, { createdAt: now, ...timestamps(input, now) }),
  );
}

/** Deletes the row with `id`; false when there was none. */
export async function deleteContentRow(
  db: Database,
  { table, id: idColumn }: Pick<ContentTable, 'table' | 'id'>,
  id: string,
): Promise<boolean> {
  const deleted = await db.delete(table).where(eq(idColumn, id)).returning({ id: idColumn });
  return deleted.length > 0;
}
