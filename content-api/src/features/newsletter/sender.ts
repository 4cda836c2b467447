// The newsletter's sender (docs/decisions/206): a loop in each instance of the API that takes due
// deliveries from the queue in the database (repository.claimDue), sends each through the site
// mailer, and writes down how it went before it takes the next. A restart resumes where the
// queue stands: a delivery is marked sent after its mail was accepted, and a stop waits for the
// mails under way, so none is sent twice. A failed address is tried again later (RETRY_DELAYS_MS),
// then given up. Between sends it also forgets the addresses never confirmed.
import { randomUUID } from 'node:crypto';
import { findArticle } from '../articles/repository.js';
import type { Database } from '../../db/connect.js';
import { MailNotSent } from '../../mail/site-mailer.js';
import type { SiteMailer } from '../../mail/site-mailer.js';
import { renderLetter } from './letter.js';
import type { Letter } from './letter.js';
import {
  claimDue,
  expireUnconfirmed,
  failInterrupted,
  markFailed,
  markSent,
  queuePublished,
  releaseClaims,
} from './repository.js';
import type { ClaimedDelivery } from './repository.js';
import type { NewsletterTokens } from './tokens.js';

/** How often deliveries cut short by a stop and addresses never confirmed are looked for. */
const HOUSEKEEPING_MS = 60_000;

/** After the 1st, 2nd, … failed attempt, the next waits this long; after the last, none. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

/** How quickly the sender works (tests make it quick). */
export type NewsletterSenderTiming = Pick<
  NewsletterSenderOptions,
  'pollMs' | 'retryDelaysMs' | 'batchSize' | 'concurrency'
>;

export interface NewsletterSenderOptions {
  db: Database;
  mailer: SiteMailer;
  tokens: NewsletterTokens;
  /** The site's address and name, as the mail shows them. */
  site: () => Promise<{ url: string; name: string }>;
  log: { info(message: string): void; warn(message: string): void };
  now?: () => Date;
  /** How often the queue is looked at when nothing woke the sender. */
  pollMs?: number;
  /** Deliveries claimed at once, and sent side by side. */
  batchSize?: number;
  concurrency?: number;
  retryDelaysMs?: readonly number[];
}

export interface NewsletterSender {
  /** Looks at the queue now (a send was just queued). */
  wake(): void;
  /** Stops taking deliveries and waits for the mails under way. */
  close(): Promise<void>;
}

/** The unsubscribe address of one subscriber's mail: a page of the API, under the site's /api. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function startNewsletterSender({
  db,
  mailer,
  tokens,
  site,
  log,
  now = () => new Date(),
  pollMs = 5_000,
  batchSize = 20,
  concurrency = 4,
  retryDelaysMs = RETRY_DELAYS_MS,
}: NewsletterSenderOptions): NewsletterSender {
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let running = true;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || !running) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  async function letterFor(articleId: string, letters: Map<string, Letter | null>) {
    if (!letters.has(articleId)) {
      // Drafts too: an article unpublished after it was queued is still what was sent.
      const article = await findArticle(db, articleId, { drafts: true });
      letters.set(articleId, article ? await renderLetter(article, await site()) : null);
    }
    return letters.get(articleId) ?? null;
  }

  async function deliver(delivery: ClaimedDelivery, letters: Map<string, Letter | null>) {
    try {
      const letter = await letterFor(delivery.articleId, letters);
      if (!letter || delivery.subscriberId === null) {
        // The article or the subscriber was deleted since: nothing to send.
        await markFailed(db, delivery, 'the article or the subscriber was deleted', null);
        return;
      }
      const { url } = await site();
      const token = await tokens.sign('unsubscribe', delivery.subscriberId);
      await mailer.send(letter.to(delivery.email, unsubscribeUrl(url, token)));
      await markSent(db, delivery, now());
    } catch (error) {
      const reason = error instanceof MailNotSent ? error.message : 'the mail could not be made';
      if (!(error instanceof MailNotSent)) log.warn(`Newsletter mail not made: ${String(error)}`);
      const delay = retryDelaysMs[delivery.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(now().getTime() + delay);
      await markFailed(db, delivery, reason, retryAt).catch((failure: unknown) => {
        log.warn(`Newsletter delivery not recorded: ${String(failure)}`);
      });
    }
  }

  async function sendBatch(): Promise<number> {
    const claimed = await claimDue(db, worker, batchSize, now());
    const letters = new Map<string, Letter | null>();
    const left = [...claimed];
    const lanes = Array.from({ length: Math.min(concurrency, left.length) }, async () => {
      for (let next = left.shift(); next; next = running ? left.shift() : undefined) {
        await deliver(next, letters);
      }
    });
    await Promise.all(lanes);
    // Stopped between mails: what was claimed and not begun goes back to the queue.
    await releaseClaims(db, worker, left);
    return claimed.length;
  }

  async function housekeeping() {
    const [interrupted, expired] = await Promise.all([
      failInterrupted(db, now()),
      expireUnconfirmed(db, now()),
    ]);
    if (interrupted > 0) log.warn(`Newsletter: ${interrupted} mail(s) cut short by a stop`);
    if (expired > 0) log.info(`Newsletter: ${expired} unconfirmed address(es) expired`);
  }

  const loop = (async () => {
    let lastHousekeeping = 0;
    let lastPublicationCheck = 0;
    while (running) {
      try {
        if (now().getTime() - lastHousekeeping > HOUSEKEEPING_MS) {
          lastHousekeeping = now().getTime();
          await housekeeping();
        }
        // Sends that waited for their article: queued once it is public (within a poll of it).
        // Once a poll, not before every batch of a long send.
        if (now().getTime() - lastPublicationCheck >= pollMs) {
          lastPublicationCheck = now().getTime();
          const published = await queuePublished(db, now());
          if (published.length > 0) {
            log.info(`Newsletter: ${published.length} article(s) published and queued to be sent`);
          }
        }
        // A full batch: more may be due at once.
        if ((await sendBatch()) === batchSize) continue;
      } catch (error) {
        log.warn(`Newsletter queue not read: ${String(error).split('\n')[0]?.slice(0, 300)}`);
      }
      await sleep();
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async close() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
