// Members' data in a backup (docs/decisions/200, 206): `npm run content:export` writes every
// comment, in every state, to `comments.json`, and with `--with-subscribers` every newsletter
// subscriber to `subscribers.json` (personal data: only when asked). Like messages.json, backups
// kept as they are: an import never reads them.
import fs from 'node:fs';
import path from 'node:path';
import type { ExportedComment, Subscriber } from '@portfolio/contract';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { comments } from '../db/schema.js';
import { allSubscribers } from '../features/newsletter/repository.js';
import { writeJsonBackup } from './messages.js';

export const COMMENTS_FILE = 'comments.json';
export const SUBSCRIBERS_FILE = 'subscribers.json';

/** Every comment, oldest first (then by id). */
export async function exportComments(db: Database): Promise<ExportedComment[]> {
  const rows = await db.select().from(comments).orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((row) => ({
    _id: row.id,
    articleId: row.articleId,
    parentId: row.parentId,
    authorUid: row.authorUid,
    body: row.body,
    status: row.status,
    notifyReplies: row.notifyEmail !== null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  }));
}

/** Every subscriber, oldest first. */
export function exportSubscribers(db: Database): Promise<Subscriber[]> {
  return allSubscribers(db, {});
}

/**
 * Writes comments.json when there are comments; a site without any has no such file (one an
 * earlier export left is removed). Returns the file's name, or null.
 */
export function writeCommentsFile(folder: string, rows: ExportedComment[]): string | null {
  if (rows.length === 0) {
    fs.rmSync(path.join(folder, COMMENTS_FILE), { force: true });
    return null;
  }
  return writeJsonBackup(folder, COMMENTS_FILE, rows);
}

export function writeSubscribersFile(folder: string, rows: Subscriber[]): string {
  return writeJsonBackup(folder, SUBSCRIBERS_FILE, rows);
}
