// Ended sessions (docs/decisions/081): a session cookie that was signed out of is refused by
// every API instance from then on, whoever holds a copy. A cookie is known by its user and the
// second it was minted (what firebase-admin verified, so two spellings of one cookie are one),
// and its row is dropped once the cookie would have expired anyway.
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { revokedSessions } from '../../db/schema.js';

/** A verified session: its user and when it was minted (seconds since the epoch). */
export interface SessionKey {
  uid: string;
  issuedAt: number;
}

const toDate = (seconds: number) => new Date(seconds * 1000);

/** Ends the session; `expiresAt` (seconds) is when the cookie would have ended by itself. */
export async function revokeSession(
  db: Database,
  { uid, issuedAt }: SessionKey,
  expiresAt: number,
): Promise<void> {
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
  await db
    .insert(revokedSessions)
    .values({ uid, issuedAt: toDate(issuedAt), expiresAt: toDate(expiresAt) })
    .onConflictDoNothing();
}

export async function isSessionRevoked(db: Database, { uid, issuedAt }: SessionKey) {
  const rows = await db
    .select({ uid: revokedSessions.uid })
    .from(revokedSessions)
    .where(and(eq(revokedSessions.uid, uid), eq(revokedSessions.issuedAt, toDate(issuedAt))))
    .limit(1);
  return rows.length > 0;
}
