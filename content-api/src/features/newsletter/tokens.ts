// The newsletter's signed links (docs/decisions/206). A confirmation link names its subscriber and
// when it stops working, an unsubscribe link its subscriber alone (it must keep working in every
// mail already sent); both are signed with HMAC-SHA-256 under a key the database keeps (made on
// first use, so nothing needs configuring and every instance of the API signs alike).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { newsletterKeys } from '../../db/schema.js';

const KEY_ROW = 1;

export type TokenPurpose = 'confirm' | 'unsubscribe';

export interface NewsletterTokens {
  /** A token for `purpose` naming `subscriberId`; a confirmation's works until `expiresAt`. */
  sign(purpose: 'confirm', subscriberId: string, expiresAt: Date): Promise<string>;
  sign(purpose: 'unsubscribe', subscriberId: string): Promise<string>;
  /**
   * The subscriber a token names, 'expired' for a confirmation past its time, or null for
   * anything not signed by this site for this purpose.
   */
  verify(purpose: TokenPurpose, token: string, now: Date): Promise<string | 'expired' | null>;
}

/** The site's key: read once, or made (the first writer wins; every instance reads its row). */
async function loadKey(db: Database): Promise<Buffer> {
  await db
    .insert(newsletterKeys)
    .values({ id: KEY_ROW, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(newsletterKeys).where(eq(newsletterKeys.id, KEY_ROW));
  if (!row) throw new Error('the newsletter key could not be stored');
  return Buffer.from(row.secret, 'base64url');
}

/** Ids and times in a token: base64url's letters, so a token is one URL-safe word. */
const PART = /^[A-Za-z0-9_-]{1,128}$/;

export function createNewsletterTokens(db: Database): NewsletterTokens {
  let key: Promise<Buffer> | undefined;
  const getKey = () => {
    key ??= loadKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const mac = async (text: string) =>
    createHmac('sha256', await getKey())
      .update(text)
      .digest('base64url');

  return {
    async sign(purpose: TokenPurpose, subscriberId: string, expiresAt?: Date) {
      const parts =
        purpose === 'confirm' && expiresAt
          ? [subscriberId, Math.floor(expiresAt.getTime() / 1000).toString(36)]
          : [subscriberId];
      return [...parts, await mac([purpose, ...parts].join('.'))].join('.');
    },
    async verify(purpose, token, now) {
      const parts = token.split('.');
      if (!parts.every((part) => PART.test(part))) return null;
      const expected = purpose === 'confirm' ? 3 : 2;
      if (parts.length !== expected) return null;
      const signature = Buffer.from(parts.pop() as string);
      const wanted = Buffer.from(await mac([purpose, ...parts].join('.')));
      if (signature.length !== wanted.length || !timingSafeEqual(signature, wanted)) return null;
      const [subscriberId, expires] = parts as [string, string | undefined];
      if (expires !== undefined && parseInt(expires, 36) * 1000 < now.getTime()) return 'expired';
      return subscriberId;
    },
  } as NewsletterTokens;
}
