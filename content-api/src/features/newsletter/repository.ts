// The newsletter in the database (docs/decisions/206): subscribers and their confirmation, the
// owner's list, and the send queue, one row per article and address (so none gets one twice),
// claimed a batch at a time with SKIP LOCKED so that several instances of the API share it.
import { randomUUID } from 'node:crypto';
import { NEWSLETTER_CONFIRM_TTL_MS } from '@portfolio/contract';
import type {
  NewsletterSend,
  Subscriber,
  SubscriberListQuery,
  SubscriberStatus,
} from '@portfolio/contract';
import { and, count, desc, eq, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { isPublic } from '../../db/publication.js';
import { rowsOf } from '../../db/rows.js';
import {
  articles,
  newsletterDeliveries,
  newsletterSends,
  newsletterSubscribers,
} from '../../db/schema.js';

/** One confirmation mail per address in this long, however often the form is sent. */
export const CONFIRMATION_RESEND_MS = 2 * 60 * 1000;
/** A delivery left claimed this long was cut short by a crash: never sent again. */
export const INTERRUPTED_AFTER_MS = 5 * 60 * 1000;
export const INTERRUPTED = 'interrupted while sending (the API stopped): it may have arrived';

/** Addresses are compared in lower case: `Ada@Example.com` subscribes `ada@example.com` once. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

type Row = typeof newsletterSubscribers.$inferSelect;

function toSubscriber(row: Row): Subscriber {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    memberUid: row.memberUid,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

/**
 * Takes the right to send `id` a confirmation mail now: true once per CONFIRMATION_RESEND_MS
 * (the time is stored with it, in one statement, so two requests never both send).
 */
async function takeConfirmationTurn(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ confirmSentAt: now })
    .where(
      and(
        eq(newsletterSubscribers.id, id),
        eq(newsletterSubscribers.status, 'pending'),
        or(
          sql`${newsletterSubscribers.confirmSentAt} is null`,
          lt(newsletterSubscribers.confirmSentAt, new Date(now.getTime() - CONFIRMATION_RESEND_MS)),
        ),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/**
 * A visitor's address: stored as pending when new. Answers the subscriber to send a
 * confirmation to (its id and address as stored), or null when none is due (confirmed already,
 * or one was sent just now).
 */
export async function subscribe(
  db: Database,
  email: string,
  now: Date,
): Promise<{ id: string; email: string } | null> {
  const address = normalEmail(email);
  await db
    .insert(newsletterSubscribers)
    .values({ id: randomUUID(), email: address, createdAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address));
  if (!row || row.status === 'confirmed') return null;
  return (await takeConfirmationTurn(db, row.id, now)) ? { id: row.id, email: row.email } : null;
}

/** The subscriber a confirmation link names, now confirmed; undefined when gone. */
export async function confirm(
  db: Database,
  id: string,
  now: Date,
): Promise<Subscriber | undefined> {
  await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, 'pending')));
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row && toSubscriber(row);
}

/**
 * Removes a subscriber and what was waiting for them; the deliveries already sent stay (with
 * their address), so a return never brings an article sent before.
 */
export async function removeSubscriber(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .delete(newsletterDeliveries)
      .where(
        and(eq(newsletterDeliveries.subscriberId, id), eq(newsletterDeliveries.status, 'waiting')),
      );
    const removed = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .returning({ id: newsletterSubscribers.id });
    return removed.length > 0;
  });
}

/** Addresses never confirmed once their last link has expired. */
export async function expireUnconfirmed(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'pending'),
        lt(
          sql`coalesce(${newsletterSubscribers.confirmSentAt}, ${newsletterSubscribers.createdAt})`,
          new Date(now.getTime() - NEWSLETTER_CONFIRM_TTL_MS),
        ),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

// --- A member's own ------------------------------------------------------------------------------

export async function memberSubscription(
  db: Database,
  uid: string,
): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.memberUid, uid));
  return row && toSubscriber(row);
}

/**
 * A member subscribes with their account's address: confirmed at once when their sign-in
 * provider verified it, else pending like a visitor's. An address a visitor subscribed before
 * becomes the member's. Answers the subscriber, and whether a confirmation mail is due.
 */
export async function subscribeMember(
  db: Database,
  member: { uid: string; email: string; verified: boolean },
  now: Date,
): Promise<{ subscriber: Subscriber; confirm: boolean }> {
  const address = normalEmail(member.email);
  return db.transaction(async (tx) => {
    // A member has one subscription: the one of an address they no longer use goes.
    await tx
      .delete(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.memberUid, member.uid),
          sql`${newsletterSubscribers.email} <> ${address}`,
        ),
      );
    const status: SubscriberStatus = member.verified ? 'confirmed' : 'pending';
    await tx
      .insert(newsletterSubscribers)
      .values({
        id: randomUUID(),
        email: address,
        memberUid: member.uid,
        status,
        createdAt: now,
        confirmedAt: member.verified ? now : null,
      })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          memberUid: member.uid,
          ...(member.verified && {
            status: 'confirmed' as const,
            confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, ${now})`,
          }),
        },
      });
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address));
    if (!row) throw new Error('the subscription could not be stored');
    const due = row.status === 'pending' && (await takeConfirmationTurn(tx, row.id, now));
    return { subscriber: toSubscriber(row), confirm: due };
  });
}

// --- The owner's list ----------------------------------------------------------------------------

function listConditions(query: SubscriberListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(newsletterSubscribers.status, query.status));
  const text = query.query?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(ilike(newsletterSubscribers.email, pattern));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of subscribers, the newest first; how many match, and how many are confirmed. */
export async function listSubscribers(
  db: Database,
  query: SubscriberListQuery,
  limit: number,
): Promise<{ subscribers: Subscriber[]; total: number; confirmed: number }> {
  const where = listConditions(query);
  const [rows, [totals], [confirmed]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset(query.offset ?? 0),
    db.select({ count: count() }).from(newsletterSubscribers).where(where),
    db
      .select({ count: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed')),
  ]);
  return {
    subscribers: rows.map(toSubscriber),
    total: totals?.count ?? 0,
    confirmed: confirmed?.count ?? 0,
  };
}

/** Every subscriber the query keeps, oldest first (the CSV export). */
export async function allSubscribers(
  db: Database,
  query: SubscriberListQuery,
): Promise<Subscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(listConditions(query))
    .orderBy(newsletterSubscribers.createdAt, newsletterSubscribers.id);
  return rows.map(toSubscriber);
}

/**
 * The owner's import (docs/decisions/215): each address (normalised, once) not on the list yet is
 * added confirmed, as confirming does (`confirmedAt` now; its unsubscribe links are signed from its
 * id when a mail goes out); one already there, in any state, stays as it is. One statement, so one
 * transaction: all of them, or none. The addresses go as one JSON parameter (10,000 of them as
 * drizzle's rows, 50,000 parameters, took PGlite seconds). How many were added, and how many were
 * there already. Each is dated a microsecond after the one before it, so the list keeps the file's
 * order (an export of it too), which one shared time would leave to their ids.
 */
export async function importConfirmed(
  db: Database,
  addresses: readonly string[],
  now: Date,
): Promise<{ imported: number; skipped: number }> {
  if (addresses.length === 0) return { imported: 0, skipped: 0 };
  const added = await db.execute(sql`
    insert into newsletter_subscribers (id, email, status, created_at, confirmed_at)
    select gen_random_uuid()::text, address, 'confirmed',
      ${now}::timestamptz + line * interval '1 microsecond', ${now}
    from json_array_elements_text(${JSON.stringify(addresses)}::json)
      with ordinality as listed(address, line)
    on conflict (email) do nothing
    returning id`);
  const imported = rowsOf(added).length;
  return { imported, skipped: addresses.length - imported };
}

// --- Sending -------------------------------------------------------------------------------------

const sendColumns = {
  articleId: newsletterSends.articleId,
  articleTitle: articles.title,
  createdAt: newsletterSends.createdAt,
  sent: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'sent')::int`,
  failed: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'failed')::int`,
  waiting: sql<number>`count(*) filter (where ${newsletterDeliveries.status} in ('waiting', 'sending'))::int`,
  waitingForPublication: newsletterSends.waitingForPublication,
};

/** How each article's newsletter stands, the latest first (or `articleId`'s alone). */
export async function listSends(db: Database, articleId?: string): Promise<NewsletterSend[]> {
  const rows = await db
    .select(sendColumns)
    .from(newsletterSends)
    .innerJoin(articles, eq(articles.id, newsletterSends.articleId))
    .leftJoin(newsletterDeliveries, eq(newsletterDeliveries.articleId, newsletterSends.articleId))
    .where(articleId === undefined ? undefined : eq(newsletterSends.articleId, articleId))
    .groupBy(
      newsletterSends.articleId,
      articles.title,
      newsletterSends.createdAt,
      newsletterSends.waitingForPublication,
    )
    .orderBy(desc(newsletterSends.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Every confirmed subscriber `articleId` has not gone to, queued: the number queued. */
async function queueDeliveries(tx: Transaction, articleId: string, now: Date): Promise<number> {
  const queued = await tx.execute(sql`
    insert into newsletter_deliveries (article_id, email, subscriber_id, next_attempt_at)
    select ${articleId}, email, id, ${now} from newsletter_subscribers where status = 'confirmed'
    on conflict do nothing
    returning email`);
  return rowsOf(queued).length;
}

/**
 * Queues `articleId` for every confirmed subscriber it has not gone to: the number queued. An
 * address that had it (even under a subscription since removed) is never queued again. A send
 * that waited for the article's publication is a send like any other from now on.
 */
export async function queueArticle(db: Database, articleId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(newsletterSends)
      .values({ articleId, createdAt: now })
      .onConflictDoUpdate({
        target: newsletterSends.articleId,
        set: { waitingForPublication: false },
      });
    return queueDeliveries(tx, articleId, now);
  });
}

/**
 * Asks for `articleId`, not yet public, to be sent when it is (queuePublished). False when it has
 * been sent already: a send is asked for once.
 */
export async function awaitPublication(
  db: Database,
  articleId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .insert(newsletterSends)
    .values({ articleId, createdAt: now, waitingForPublication: true })
    .onConflictDoUpdate({
      target: newsletterSends.articleId,
      set: { createdAt: now },
      // Only a send that still waits is asked for again; one that went out stays as it is.
      setWhere: eq(newsletterSends.waitingForPublication, true),
    })
    .returning({ articleId: newsletterSends.articleId });
  return row !== undefined;
}

/** Cancels a send waiting for its article's publication: whether there was one. */
export async function cancelAwaitedPublication(db: Database, articleId: string): Promise<boolean> {
  const removed = await db
    .delete(newsletterSends)
    .where(
      and(
        eq(newsletterSends.articleId, articleId),
        eq(newsletterSends.waitingForPublication, true),
      ),
    )
    .returning({ articleId: newsletterSends.articleId });
  return removed.length > 0;
}

/**
 * Queues the sends that waited for their article's publication, now that it is public: each one's
 * deliveries to the confirmed subscribers of this moment, in the same transaction as the flag
 * (another instance's sender doing the same finds nothing left). The articles queued.
 */
export async function queuePublished(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(newsletterSends)
      .set({ waitingForPublication: false })
      .where(
        and(
          eq(newsletterSends.waitingForPublication, true),
          sql`${newsletterSends.articleId} in (select ${articles.id} from ${articles} where ${isPublic(articles, now)})`,
        ),
      )
      .returning({ articleId: newsletterSends.articleId });
    for (const { articleId } of due) await queueDeliveries(tx, articleId, now);
    return due.map((row) => row.articleId);
  });
}

export interface ClaimedDelivery {
  articleId: string;
  email: string;
  subscriberId: string | null;
  attempts: number;
}

/**
 * Takes up to `limit` deliveries that are due, for `worker`: marked sending (their claim time
 * in next_attempt_at), so no other worker, here or in another instance, takes them.
 */
export async function claimDue(
  db: Database,
  worker: string,
  limit: number,
  now: Date,
): Promise<ClaimedDelivery[]> {
  const due = sql`(${newsletterDeliveries.articleId}, ${newsletterDeliveries.email}) in (
    select article_id, email from newsletter_deliveries
    where status = 'waiting' and next_attempt_at <= ${now}
    order by next_attempt_at, article_id, email
    limit ${limit} for update skip locked)`;
  return db
    .update(newsletterDeliveries)
    .set({
      status: 'sending',
      claimedBy: worker,
      attempts: sql`${newsletterDeliveries.attempts} + 1`,
      nextAttemptAt: now,
    })
    .where(due)
    .returning({
      articleId: newsletterDeliveries.articleId,
      email: newsletterDeliveries.email,
      subscriberId: newsletterDeliveries.subscriberId,
      attempts: newsletterDeliveries.attempts,
    });
}

const deliveryKey = (delivery: Pick<ClaimedDelivery, 'articleId' | 'email'>) =>
  and(
    eq(newsletterDeliveries.articleId, delivery.articleId),
    eq(newsletterDeliveries.email, delivery.email),
    eq(newsletterDeliveries.status, 'sending'),
  );

export async function markSent(db: Database, delivery: ClaimedDelivery, now: Date) {
  await db
    .update(newsletterDeliveries)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(deliveryKey(delivery));
}

/** A failed attempt: waiting again until `retryAt`, or failed for good when there is none. */
export async function markFailed(
  db: Database,
  delivery: ClaimedDelivery,
  reason: string,
  retryAt: Date | null,
) {
  await db
    .update(newsletterDeliveries)
    .set(
      retryAt
        ? { status: 'waiting', nextAttemptAt: retryAt, lastError: reason }
        : { status: 'failed', lastError: reason },
    )
    .where(deliveryKey(delivery));
}

/** Puts back deliveries claimed by `worker` and not begun (a worker stopping between mails). */
export async function releaseClaims(db: Database, worker: string, keys: ClaimedDelivery[]) {
  if (keys.length === 0) return;
  await db
    .update(newsletterDeliveries)
    .set({ status: 'waiting', attempts: sql`${newsletterDeliveries.attempts} - 1` })
    .where(
      and(
        eq(newsletterDeliveries.claimedBy, worker),
        eq(newsletterDeliveries.status, 'sending'),
        sql`(${newsletterDeliveries.articleId}, ${newsletterDeliveries.email}) in (${sql.join(
          keys.map((key) => sql`(${key.articleId}, ${key.email})`),
          sql`, `,
        )})`,
      ),
    );
}

/**
 * Deliveries some worker claimed INTERRUPTED_AFTER_MS ago and never finished: its process
 * stopped mid-mail. Whether that mail arrived cannot be known, so it is never sent again.
 */
export async function failInterrupted(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: 'failed', lastError: INTERRUPTED })
    .where(
      and(
        eq(newsletterDeliveries.status, 'sending'),
        lt(newsletterDeliveries.nextAttemptAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS)),
        isNotNull(newsletterDeliveries.claimedBy),
      ),
    )
    .returning({ email: newsletterDeliveries.email });
  return rows.length;
}
