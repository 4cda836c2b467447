// What members' comments send (docs/decisions/201). The owner hears of a comment that waits for
// approval the way they hear of a new message: by the webhook and the e-mail set in the dashboard
// (features/contact/notifications.ts' delivery: a public address only, credentials only over
// TLS, the same time limit and failure reasons). A member who ticked "E-mail me when someone
// replies" hears of each reply to that comment, by the site's mailer (docs/decisions/205), once:
// when the reply is first shown, posted approved or approved from pending (approved again after it
// was hidden, it is not mailed again). Both are sent after the answer, off the request: a slow or
// failing server never delays or fails it, and a failure is logged without an address or secret.
// A reply's e-mail is read before the answer, though: what was shown is what is mailed, even when
// the owner hides the reply a moment later.
import { commentPath } from '@portfolio/contract';
import type { OwnComment } from '@portfolio/contract';
import type { Database } from '../../db/connect.js';
import { MailNotSent } from '../../mail/site-mailer.js';
import type { SiteMailer } from '../../mail/site-mailer.js';
import { createOwnerNotifier, oneLine } from '../contact/notifications.js';
import type { NotificationOptions, OwnerNotification } from '../contact/notifications.js';
import { replyMailsFor } from './repository.js';
import type { ReplyMail } from './repository.js';

/** The webhook's event for a comment that waits for approval. */
export const PENDING_COMMENT_EVENT = 'comment.pending';

/**
 * What the webhook receives of a comment that waits: no address and no uid of its member (a
 * webhook often posts into a chat other people read); the dashboard has both.
 */
export interface PendingCommentPayload {
  event: typeof PENDING_COMMENT_EVENT;
  comment: Pick<
    OwnComment,
    '_id' | 'articleId' | 'articleTitle' | 'parentId' | 'authorName' | 'body' | 'createdAt'
  >;
}

/** The dashboard's Comments tab (remote-auth's ADMIN_DASHBOARD_ROUTE, its `?tab=`). */
export const commentsTabUrl = (siteUrl: string): string =>
  `${siteUrl}/admin-dashboard?tab=comments`;

/** The owner's e-mail's subject: one line, whatever the title holds. */
export function pendingCommentSubject(articleTitle: string): string {
  return `New comment waiting on "${oneLine(articleTitle)}"`;
}

/** The member's e-mail's subject: one line, whatever the title holds. */
export function replySubject(articleTitle: string): string {
  return `New reply to your comment on "${oneLine(articleTitle)}"`;
}

/** The comment form's box (remote-blog's NOTIFY_REPLIES_LABEL), as the reply e-mail names it. */
const NOTIFY_REPLIES_BOX = 'E-mail me when someone replies';

/** The owner's notification of `comment`, which waits for approval. */
function pendingNotification(comment: OwnComment, siteUrl: string): OwnerNotification {
  const { _id, articleId, articleTitle, parentId, authorName, body, createdAt } = comment;
  const payload: PendingCommentPayload = {
    event: PENDING_COMMENT_EVENT,
    comment: { _id, articleId, articleTitle, parentId, authorName, body, createdAt },
  };
  const what = parentId === null ? 'commented' : 'replied to a comment';
  return {
    kind: 'Pending-comment',
    payload,
    email: {
      subject: pendingCommentSubject(articleTitle),
      text:
        `${authorName} ${what} on "${oneLine(articleTitle)}" on ${createdAt}:\n\n${body}\n\n` +
        `It waits for your approval in the dashboard's Comments tab:\n${commentsTabUrl(siteUrl)}\n`,
    },
  };
}

/** The reply in its thread read alone, on the page of replies it is on. */
const replyPath = (mail: ReplyMail) =>
  commentPath(mail.articleSlug, { _id: mail.replyId, parentId: mail.threadId }, mail.replyPage);

/** A member's e-mail of a reply to their comment: plain text, the reply as written. */
function replyText(mail: ReplyMail, siteUrl: string): string {
  return (
    `${mail.authorName} replied to your comment on "${oneLine(mail.articleTitle)}":\n\n` +
    `${mail.body}\n\n` +
    `Read the conversation and answer on the site:\n` +
    `${siteUrl}${replyPath(mail)}\n\n` +
    `--\nYou get this e-mail because you ticked "${NOTIFY_REPLIES_BOX}" when you posted ` +
    `your comment. To get none about your next comments, leave that box unticked when you ` +
    `post them.\n`
  );
}

/** Why a reply's e-mail was not sent, in words that name no address nor credential. */
function reason(error: unknown): string {
  // MailNotSent says it in SMTP_FAILURES' words; a TypeError is the mailer's refusal of an
  // address or subject it cannot put on one line.
  if (error instanceof MailNotSent || error instanceof TypeError) return error.message;
  return 'an unexpected error';
}

export interface CommentNotifierOptions {
  db: Database;
  /** The site's mailer; without one, no reply is e-mailed. */
  mailer?: SiteMailer;
  /** The site's origin, without a trailing slash: the links in the e-mails. */
  siteUrl: string;
  /** Where the owner's notifications may go (docs/decisions/163). */
  notifications?: NotificationOptions;
  log: { info(message: string): void; warn(message: string): void };
}

export interface CommentNotifier {
  /** Starts telling the owner of `comment`, stored waiting for approval; returns at once. */
  commentPending(comment: OwnComment): void;
  /**
   * E-mails the members who asked of the replies among `ids`, shown for the first time: reads
   * the e-mails before it returns, so what was shown is what is mailed whatever the owner does
   * next (a reply hidden a moment after its approval was still shown), and sends them after.
   */
  repliesShown(ids: readonly string[]): Promise<void>;
  /** Waits for the notifications and e-mails under way (the app's close). */
  settle(): Promise<void>;
}

export function createCommentNotifier({
  db,
  mailer,
  siteUrl,
  notifications = {},
  log,
}: CommentNotifierOptions): CommentNotifier {
  const owner = createOwnerNotifier(db, (message) => log.warn(message), notifications);
  const underWay = new Set<Promise<unknown>>();

  async function sendReplies(mails: readonly ReplyMail[]): Promise<void> {
    if (!mailer || !(await mailer.configured())) {
      log.info(`Reply e-mail(s) not sent (${mails.length}): no SMTP server to send mail through`);
      return;
    }
    // One after the other: a bulk approval is not a burst on the owner's SMTP server.
    for (const mail of mails) {
      try {
        await mailer.send({
          to: mail.to,
          subject: replySubject(mail.articleTitle),
          text: replyText(mail, siteUrl),
          // RFC 3834: sent by the site, not by a person; an out-of-office answers nobody.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        log.warn(`Reply e-mail of comment ${mail.replyId} not sent: ${reason(error)}`);
      }
    }
  }

  return {
    commentPending(comment) {
      owner.start(pendingNotification(comment, siteUrl));
    },
    async repliesShown(ids) {
      if (ids.length === 0) return;
      let mails: ReplyMail[];
      try {
        mails = await replyMailsFor(db, ids);
      } catch (error) {
        // The replies could not be read: the database's error, which names no address. What
        // was shown stays shown; the answer is not an error for it.
        const text = error instanceof Error ? error.message : String(error);
        log.warn(`Reply e-mails failed: ${text.split('\n')[0]?.slice(0, 300) ?? ''}`);
        return;
      }
      if (mails.length === 0) return;
      const work = sendReplies(mails).finally(() => underWay.delete(work));
      underWay.add(work);
    },
    async settle() {
      await Promise.allSettled([...underWay, owner.settle()]);
    },
  };
}
