// The one way the API sends mail to members and subscribers (docs/decisions/205): the newsletter,
// replies to comments. Through the SMTP server the owner saved in the dashboard when there is one
// (the new-message notifications' server, features/contact/notifications.ts: its sender, its
// credentials only over TLS unless ALLOW_NOTIFICATIONS_TO_LOOPBACK, docs/decisions/163), else
// through SMTP_URL, a server on this machine only (`npm start`'s and `npm run dev`'s mail
// catcher), from MAIL_FROM. With neither, send() refuses with MailNotSent. A failure says why in
// SMTP_FAILURES' words, never the server's, and names no address or credential.
import type { Database } from '../db/connect.js';
import {
  readStoredSettings,
  sendThroughSmtp,
  smtpReason,
} from '../features/contact/notifications.js';
import { parseSmtpUrl } from './smtp-url.js';
import type { SmtpServer } from './smtp-url.js';

/** One mail to one recipient. */
export interface SiteMail {
  /** One address (`ada@example.com` or `Ada <ada@example.com>`). */
  to: string;
  subject: string;
  /** The plain text, always: every mail can be read without HTML. */
  text: string;
  html?: string;
  /** Headers of its own (List-Unsubscribe, …); From, To and Subject are the mailer's. */
  headers?: Record<string, string>;
}

export interface SiteMailer {
  /** Sends `message`; rejects with MailNotSent when it cannot (no server, or it refused). */
  send(message: SiteMail): Promise<void>;
  /** Whether there is a server to send through (the dashboard's, or SMTP_URL). */
  configured(): Promise<boolean>;
}

/** MAIL_FROM's default (content-api/src/settings.ts). */
export const DEFAULT_MAIL_FROM = 'Portfolio <no-reply@localhost>';

/** send()'s refusal with no server to send through. */
export const MAIL_NOT_CONFIGURED =
  'no SMTP server to send mail through: save one in the dashboard (notifications by e-mail) or ' +
  'set SMTP_URL to a server on this machine (npm start sets it to its mail catcher)';

/** Why a mail was not sent: MAIL_NOT_CONFIGURED, or one of SMTP_FAILURES. */
export class MailNotSent extends Error {
  override name = 'MailNotSent';
}

export interface SiteMailerOptions {
  db: Database;
  /** SMTP_URL: used when the dashboard has no SMTP server; refused unless on this machine. */
  defaultSmtpUrl?: string;
  /** MAIL_FROM: the sender of mail through `defaultSmtpUrl`. */
  from?: string;
  /** ALLOW_NOTIFICATIONS_TO_LOOPBACK: credentials without TLS to a dashboard server on loopback. */
  allowLoopback?: boolean;
  /** Where a failure is said (the app's logger). */
  log?: { warn(message: string): void };
}

/** Headers a message may not set: the mailer's own, or the transport's. */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'sender',
  'reply-to',
  'date',
  'message-id',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
]);

/** A header's name: RFC 5322's printable characters, no colon. */
const HEADER_NAME = /^[!-9;-~]+$/;

const hasLineBreak = (text: string) => /[\r\n]/.test(text);

/** A mistake of the caller's (not the server's): thrown before anything is sent. */
function checkMessage(message: SiteMail): void {
  if (hasLineBreak(message.to) || message.to.includes(',') || message.to.trim() === '') {
    throw new TypeError('a site mail goes to one address, on one line');
  }
  if (hasLineBreak(message.subject)) throw new TypeError("a site mail's subject is one line");
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new TypeError(`a site mail may not set the header "${name}"`);
    }
    if (hasLineBreak(value)) throw new TypeError(`the header ${name} is one line`);
  }
}

export function createSiteMailer({
  db,
  defaultSmtpUrl,
  from = DEFAULT_MAIL_FROM,
  allowLoopback = false,
  log,
}: SiteMailerOptions): SiteMailer {
  // Checked once, here (config.ts refuses it at start already): a wrong URL is never tried.
  const fallback: SmtpServer | null =
    defaultSmtpUrl === undefined || defaultSmtpUrl === '' ? null : parseSmtpUrl(defaultSmtpUrl);

  /** The server and sender to use now: the dashboard's when saved, else SMTP_URL's. */
  async function route(): Promise<{ server: SmtpServer; from: string; via: string } | null> {
    const { email } = await readStoredSettings(db);
    if (email) return { server: email, from: email.from, via: "the dashboard's SMTP server" };
    return fallback && { server: fallback, from, via: 'SMTP_URL' };
  }

  return {
    async configured() {
      return (await route()) !== null;
    },
    async send(message) {
      checkMessage(message);
      const chosen = await route();
      if (!chosen) throw new MailNotSent(MAIL_NOT_CONFIGURED);
      try {
        await sendThroughSmtp(
          chosen.server,
          {
            from: chosen.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html !== undefined && { html: message.html }),
            ...(message.headers && { headers: message.headers }),
          },
          // The loopback allowance is the dashboard's server's: SMTP_URL is on loopback by
          // definition, its credentials (if any) never leave the machine.
          { allowLoopback: chosen.server === fallback || allowLoopback },
        );
      } catch (error) {
        const reason = smtpReason(error);
        log?.warn(`Mail not sent through ${chosen.via}: ${reason}`);
        throw new MailNotSent(reason);
      }
    },
  };
}
