// The contact messages in a backup (docs/decisions/145): `npm run content:export --
// --with-messages` writes every message, inbox and archive, to `messages.json` in the content
// folder, oldest first, as the API answers them (StoredContactMessage). Not an item file of its
// own per message: a backup of the inbox, not content an owner edits. An import never reads it.
import fs from 'node:fs';
import path from 'node:path';
import type { StoredContactMessage } from '@portfolio/contract';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { contactMessages } from '../db/schema.js';

export const MESSAGES_FILE = 'messages.json';

/** Every contact message, oldest first (then by id), in the API's answer shape. */
export async function exportMessages(db: Database): Promise<StoredContactMessage[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      read: contactMessages.read,
      archived: contactMessages.archived,
    })
    .from(contactMessages)
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  return rows.map(({ id, createdAt, ...row }) => ({
    _id: id,
    ...row,
    createdAt: createdAt.toISOString(),
  }));
}

/**
 * Writes `messages` to the folder's messages.json (rewritten only when its bytes change);
 * returns the file's name. Keys in a fixed order, two-space indentation, a final newline.
 */
export function writeMessagesFile(folder: string, messages: StoredContactMessage[]): string {
  const ordered = messages.map((message) => ({
    _id: message._id,
    name: message.name,
    email: message.email,
    message: message.message,
    createdAt: message.createdAt,
    read: message.read,
    archived: message.archived ?? false,
  }));
  return writeJsonBackup(folder, MESSAGES_FILE, ordered);
}

/**
 * Writes `value` as `name` in the folder (rewritten only when its bytes change): two-space
 * indentation, a final newline; returns the file's name.
 */
export function writeJsonBackup(folder: string, name: string, value: unknown): string {
  const target = path.join(folder, name);
  const bytes = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  fs.mkdirSync(folder, { recursive: true });
  if (!(fs.existsSync(target) && fs.readFileSync(target).equals(bytes))) {
    fs.writeFileSync(target, bytes);
  }
  return name;
}
