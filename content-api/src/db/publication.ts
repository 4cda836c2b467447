// Drafts and scheduled content (docs/decisions/120): what a project or an article needs to be
// public, and how a write decides its status and publication time. Projects and articles follow
// the same rules; each repository applies them to its own table.
import type { PublicationStatus } from '@portfolio/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface PublicationColumns {
  status: PgColumn;
  publishedAt: PgColumn;
}

export interface Publication {
  status: PublicationStatus;
  publishedAt: Date | null;
}

/** Whether a row is public at `now`: published, and due. */
export function isPublic(table: PublicationColumns, now: Date): SQL {
  return and(eq(table.status, 'published'), lte(table.publishedAt, now)) as SQL;
}

/** Whether a stored publication is public at `now`. */
export function isPublicAt(publication: Publication, now: Date): boolean {
  return (
    publication.status === 'published' &&
    publication.publishedAt !== null &&
    publication.publishedAt <= now
  );
}

/**
 * The publication a write stores. `status` defaults to the stored one (published for a new item).
 * A published item's time is the one given (a future one schedules it), else the time it went
 * public when it already is, else now. A draft keeps only a time it is given (a planned one).
 */
export function resolvePublication(
  input: { status?: PublicationStatus; publishedAt?: string },
  stored: Publication | undefined,
  now: Date,
): Publication {
  const status = input.status ?? stored?.status ?? 'published';
  const given = input.publishedAt === undefined ? undefined : new Date(input.publishedAt);
  if (status === 'draft') return { status, publishedAt: given ?? null };
  if (given) return { status, publishedAt: given };
  return {
    status,
    publishedAt: stored && isPublicAt(stored, now) ? stored.publishedAt : now,
  };
}

/** A stored publication as the API answers it. */
export function publicationFields(row: Publication): {
  status: PublicationStatus;
  publishedAt: string | null;
} {
  return { status: row.status, publishedAt: row.publishedAt?.toISOString() ?? null };
}
