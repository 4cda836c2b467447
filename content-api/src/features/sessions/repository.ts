// Ended sessions (docs/decisions/081): a session cookie that was signed out of (or replaced by a
// renewal) is refused by every API instance from then on, whoever holds a copy. A cookie is known by its user and the
// second it was minted (what firebase-admin verified, so two spellings of one cookie are one),
// and its row is dropped once the cookie would have expired anyway.
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { revokedSessions } from '../../db/schema.js';

/** A verified session: its user and when it was minted (seconds since the epoch). */
export interface SessionKey {
  uid: string;
  issuedAt: number;
}

const toDate = (seconds: number) => new Date(seconds * 1000);
/** The clock as Date.now() tells it (which tests move). */
const now = () => new Date(Date.now());

/**
 * Ends the session `graceSeconds` from now (at once by default); `expiresAt` (seconds) is when
 * the cookie would have ended by itself. Ending it again never makes it last longer.
 */
export async function revokeSession(
  db: Database,
  { uid, issuedAt }: SessionKey,
  expiresAt: number,
  graceSeconds = 0,
): Promise<void> {
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now()));
  await db
    .insert(revokedSessions)
    .values({
      uid,
      issuedAt: toDate(issuedAt),
      refusedFrom: new Date(Date.now() + graceSeconds * 1000),
      expiresAt: toDate(expiresAt),
    })
    .onConflictDoUpdate({
      target: [revokedSessions.uid, revokedSessions.issuedAt],
      set: { refusedFrom: sql`least(${revokedSessions.refusedFrom}, excluded.refused_from)` },
    });
}

/** Whether the session has ended (its refusal time has come). */
export async function isSessionRevoked(db: Database, { uid, issuedAt }: SessionKey) {
  const rows = await db
    .select({ uid: revokedSessions.uid })
    .from(revokedSessions)
    .where(
      and(
        eq(revokedSessions.uid, uid),
        eq(revokedSessions.issuedAt, toDate(issuedAt)),
        lte(revokedSessions.refusedFrom, now()),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
