// The queries projects and articles have in common: a new row under a slug id made from its
// title, a full replacement that keeps the id, and a delete by id. Each feature's repository
// keeps only what is its own (columns, the answer's shape, articles' neighbours).
import { eq, like, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './connect.js';
import { insertWithSlugId } from './ids.js';

/** A content table: a text `id` primary key and the two timestamps. */
export interface ContentTable {
  table: PgTable;
  id: PgColumn;
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
 * ON CONFLICT DO NOTHING and returns undefined when another writer took the id.
 */
export function insertContentRow<T>(
  db: Database,
  { table, id: idColumn }: ContentTable,
  title: string,
  fallbackSlug: string,
  input: { createdAt?: string },
  insert: (id: string, timestamps: { createdAt: Date; updatedAt: Date }) => Promise<T | undefined>,
): Promise<T> {
  const now = new Date();
  return insertWithSlugId(
    title,
    fallbackSlug,
    async (base) =>
      (
        await db
          .select({ id: idColumn })
          .from(table)
          .where(or(eq(idColumn, base), like(idColumn, `${base}-%`)))
      ).map((row) => String(row.id)),
    (id) => insert(id, { createdAt: now, ...timestamps(input, now) }),
  );
}

/** The timestamps of a full replacement (PUT): `createdAt` only when given, `updatedAt` now. */
export function replacementTimestamps(input: { createdAt?: string }) {
  return timestamps(input, new Date());
}

/** Deletes the row with `id`; false when there was none. */
export async function deleteContentRow(
  db: Database,
  { table, id: idColumn }: ContentTable,
  id: string,
): Promise<boolean> {
  const deleted = await db.delete(table).where(eq(idColumn, id)).returning({ id: idColumn });
  return deleted.length > 0;
}
