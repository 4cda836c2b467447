// Who is a visitor, without tracking anyone (docs/decisions/180): Plausible's method. A view's
// visitor is the first 8 bytes of SHA-256(the day's salt, the site, the client's address, its
// user agent); only that number is stored, never the address or the user agent. The salt is
// random, made at the day's first view and kept in the database so that every API instance
// hashes alike, and deleted once the day is over: nothing links one day's visitor to the next
// day's, and no one (the owner, a copy of the database) can make a day's hashes again. Days are
// UTC days.
import { createHash, randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Database } from '../../db/connect.js';
import { visitorSalts } from '../../db/schema.js';

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The day's salt: read or made once per day and per instance, deleted after the day. */
export class VisitorSalts {
  private current: { day: string; salt: Buffer } | undefined;
  private pending: { day: string; salt: Promise<Buffer> } | undefined;

  constructor(private readonly db: Database) {}

  /** The salt of `day` (today's): the one stored, or a new one stored by whichever asks first. */
  async saltOf(day: string): Promise<Buffer> {
    if (this.current?.day === day) return this.current.salt;
    if (this.pending?.day === day) return this.pending.salt;
    const salt = this.load(day);
    this.pending = { day, salt };
    try {
      const loaded = await salt;
      this.current = { day, salt: loaded };
      return loaded;
    } finally {
      if (this.pending?.salt === salt) this.pending = undefined;
    }
  }

  private async load(day: string): Promise<Buffer> {
    // Another instance may make the day's salt at the same moment: the first stored wins, and
    // both read it. Earlier days' salts go now too (the rollup deletes them as well).
    await this.db
      .insert(visitorSalts)
      .values({ day, salt: randomBytes(32) })
      .onConflictDoNothing();
    await this.db.delete(visitorSalts).where(lt(visitorSalts.day, day));
    const [row] = await this.db
      .select({ salt: visitorSalts.salt })
      .from(visitorSalts)
      .where(sql`${visitorSalts.day} = ${day}`);
    if (!row) throw new Error(`The visitor salt of ${day} could not be read back.`);
    return row.salt;
  }
}

/** The day's visitor: a signed 64-bit number, as stored. */
export function visitorHash(salt: Buffer, site: string, client: string, userAgent: string): bigint {
  // Each part ends with a NUL, so no two different inputs run together into the same bytes.
  const digest = createHash('sha256')
    .update(salt)
    .update(`\0${site}\0${client}\0${userAgent}\0`, 'utf8')
    .digest();
  return digest.readBigInt64BE(0);
}

/** The privacy signals a browser sends: Global Privacy Control and Do Not Track. */
export function asksNotToBeCounted(headers: Record<string, string | string[] | undefined>) {
  const value = (name: string) => {
    const header = headers[name];
    return (Array.isArray(header) ? header[0] : header)?.trim();
  };
  return value('sec-gpc') === '1' || value('dnt') === '1';
}

/**
 * A crawler, a headless browser or a tool: isbot's maintained list of user-agent patterns
 * (HeadlessChrome included); no user agent at all is no person's browser either.
 */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === '' || isbot(userAgent);
}
