import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { contactMessages } from '../../db/schema.js';

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export interface ContactMessage extends ContactInput {
  _id: string;
  read: boolean;
  createdAt: string;
}

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

export async function saveContactMessage(
  db: Database,
  input: ContactInput,
): Promise<ContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      // Messages have no title to slug; a UUID still fits the id pattern [a-z0-9-].
      id: randomUUID(),
      name: input.name.trim(),
      email: input.email.trim(),
      message: input.message.trim(),
    })
    .returning();
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return toContactMessage(row);
}

/** Newest first. */
export async function listContactMessages(db: Database): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
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
