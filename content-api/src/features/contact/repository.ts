import { createHash, randomUUID } from 'node:crypto';
import type {
  ContactInput as ContactBody,
  StoredContactMessage as ContactMessage,
} from '@portfolio/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
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
  // The unique index said the key exists: messages are never deleted and a key is released only
  // after a day, so this finds it.
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

/** Newest first, one page (never the whole table in one answer). */
export async function listContactMessages(
  db: Database,
  { limit = DEFAULT_CONTACT_PAGE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toContactMessage);
}

export async function setContactMessageRead(
  db: Database,
  id: string,
  read: boolean,
): Promise<ContactMessage | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ read })
    .where(eq(contactMessages.id, id))
    .returning();
  return row && toContactMessage(row);
}
