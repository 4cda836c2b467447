import { createHash, randomUUID } from 'node:crypto';
import type {
  ContactBulkAction,
  ContactInput as ContactBody,
  MessageBox,
  StoredContactMessage as ContactMessage,
} from '@portfolio/contract';
import { and, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { contactMessages } from '../../db/schema.js';

/** What is stored of a message: the contract's body without its honeypot. */
export type ContactInput = Omit<ContactBody, 'website'>;

// The entity type is the API's contract (docs/decisions/052).
export type { ContactMessage };

type ContactRow = typeof contactMessages.$inferSelect;

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    read: row.read,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How long a key deduplicates: long enough for any retry, short enough to be forgotten. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * What is stored for a client's Idempotency-Key: a digest of the client (its IP) and the key,
 * so one client's key never matches, blocks or reveals another's, and raw keys are not kept.
 */
export function scopedIdempotencyKey(client: string, key: string): string {
  return createHash('sha256').update(`${client}\n${key}`).digest('hex');
}

/**
 * `stored`: a new row. With an idempotency key that was used before: `replayed` when it came with
 * the same message (a retry; nothing is stored), `conflict` when with a different one.
 */
export type SaveOutcome =
  { status: 'stored' | 'replayed'; message: ContactMessage } | { status: 'conflict' };

export async function saveContactMessage(
  db: Database,
  input: ContactInput,
  idempotencyKey?: string,
): Promise<SaveOutcome> {
  const fields = {
    name: input.name.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
  };
  if (idempotencyKey !== undefined) {
    // An expired key is released, so the same key now stores a new message.
    await db
      .update(contactMessages)
      .set({ idempotencyKey: null })
      .where(
        and(
          eq(contactMessages.idempotencyKey, idempotencyKey),
          lt(
            contactMessages.createdAt,
            sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
          ),
        ),
      );
  }
  const [row] = await db
    .insert(contactMessages)
    // Messages have no title to slug; a UUID still fits the id pattern [a-z0-9-].
    .values({ id: randomUUID(), ...fields, idempotencyKey })
    .onConflictDoNothing({ target: contactMessages.idempotencyKey })
    .returning();
  if (row) return { status: 'stored', message: toContactMessage(row) };
  if (idempotencyKey === undefined) throw new Error('INSERT … RETURNING returned no row');
  // The unique index said the key exists, and a key is released only after a day: this finds it
  // (unless the owner deleted the message in between: then the retry is not told apart).
  const [previous] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.idempotencyKey, idempotencyKey));
  if (!previous) throw new Error('Idempotency key conflict without a stored message');
  const same =
    previous.name === fields.name &&
    previous.email === fields.email &&
    previous.message === fields.message;
  return same
    ? { status: 'replayed', message: toContactMessage(previous) }
    : { status: 'conflict' };
}

/** The admin dashboard asks for no page: it gets the newest this many. */
export const DEFAULT_CONTACT_PAGE = 100;

/** `%text%` for (I)LIKE, with LIKE's own characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The messages whose sender's name, address or text contains `text` (any case). */
function matching(text: string): SQL | undefined {
  const pattern = containing(text);
  return or(
    ilike(contactMessages.name, pattern),
    ilike(contactMessages.email, pattern),
    ilike(contactMessages.message, pattern),
  );
}

/**
 * One page of a box, newest first (never the whole table in one answer), and its counts; with
 * `query`, of the messages that contain it (the total counts those).
 */
export async function listContactMessages(
  db: Database,
  {
    limit = DEFAULT_CONTACT_PAGE,
    offset = 0,
    box = 'inbox',
    query,
  }: { limit?: number; offset?: number; box?: MessageBox; query?: string } = {},
): Promise<{ messages: ContactMessage[]; total: number; unread: number }> {
  const text = query?.trim();
  const inBox = text
    ? and(eq(contactMessages.archived, box === 'archive'), matching(text))
    : eq(contactMessages.archived, box === 'archive');
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(inBox)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: sql<number>`count(*) filter (where ${inBox})::int`,
        // Unread in the inbox, whichever box is listed: what waits for the owner.
        unread: sql<number>`count(*) filter (where not ${contactMessages.archived} and not ${contactMessages.read})::int`,
      })
      .from(contactMessages),
  ]);
  return {
    messages: rows.map(toContactMessage),
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
  };
}

/** Marks a message read or unread, and moves it to the archive or back (absent: kept). */
export async function updateContactMessage(
  db: Database,
  id: string,
  { read, archived }: { read: boolean; archived?: boolean },
): Promise<ContactMessage | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ read, ...(archived === undefined ? {} : { archived }) })
    .where(eq(contactMessages.id, id))
    .returning();
  return row && toContactMessage(row);
}

/** Deletes a message for good; false when there was none. */
export async function deleteContactMessage(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return deleted.length > 0;
}

/**
 * One action on several messages at once; how many of `ids` there were (unknown ids, deleted
 * meanwhile, are skipped). Archiving marks read, as archiving one message does.
 */
export async function actOnContactMessages(
  db: Database,
  ids: readonly string[],
  action: ContactBulkAction,
): Promise<number> {
  const selected = inArray(contactMessages.id, [...ids]);
  const returning = { id: contactMessages.id };
  if (action === 'delete') {
    return (await db.delete(contactMessages).where(selected).returning(returning)).length;
  }
  const change = {
    read: { read: true },
    unread: { read: false },
    archive: { archived: true, read: true },
    unarchive: { archived: false },
  }[action];
  return (await db.update(contactMessages).set(change).where(selected).returning(returning)).length;
}
