// Notification of new messages (docs/decisions/144): when a message is stored, the owner hears of
// it by an outgoing webhook (a JSON POST) and by e-mail over SMTP (nodemailer), each if set in the
// dashboard. Sent after the answer, off the sender's request: a slow or failing receiver never
// delays or fails a contact form, and a failure is logged (without credentials).
//
// Since security round 5 (docs/decisions/163): the webhook goes only to a public address, the
// one checked (./webhook.ts), and a failure never says what answered; credentials go to an SMTP
// server only over TLS (requireTLS), unless it is a development server on this machine that
// ALLOW_NOTIFICATIONS_TO_LOOPBACK allows; and the secrets (the webhook URL, which carries its
// receiver's token, and the SMTP password) are never answered or logged once saved.
//
// The delivery is the owner's, whatever the event (createOwnerNotifier): a new message here, a
// comment waiting for approval in features/comments/notifications.ts (docs/decisions/201).
import type {
  NotificationSettings,
  NotificationSettingsInput,
  NotificationTestResult,
  StoredContactMessage,
} from '@portfolio/contract';
import { isLoopbackHost } from '@portfolio/contract/hosts';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '../../db/connect.js';
import { notificationSettings } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import {
  WEBHOOK_FAILURES,
  WebhookRefused,
  postWebhook,
  resolveWithSystem,
  webhookAddress,
} from './webhook.js';
import type { Resolve } from './webhook.js';

/**
 * How long a webhook or an SMTP server may take before the attempt is given up: within the
 * dashboard client's 10 s, so a test from the dashboard always hears how it went.
 */
export const NOTIFICATION_TIMEOUT_MS = 8_000;
export const NOTIFICATION_OK = 'ok';
const ROW_ID = 1;

/** Where the notifications may go (the API's settings; tests stub the resolver). */
export interface NotificationOptions {
  /**
   * ALLOW_NOTIFICATIONS_TO_LOOPBACK (development only): a webhook on this machine, and an SMTP
   * server on this machine that takes credentials without TLS (a local mail catcher).
   */
  allowLoopback?: boolean;
  /** How a webhook's host name is resolved: the system's resolver by default. */
  resolve?: Resolve;
}

/** What stands for the secret part of a saved webhook URL in answers (its path and query). */
export const MASKED_PART = '***';

/**
 * A webhook URL as answers show it once saved: its scheme and host, the rest (a user and
 * password, the path and query, where Slack- and Discord-style hooks carry their token) masked.
 */
export function maskedWebhookUrl(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}/${MASKED_PART}`;
}

/** PUT's refusal of a webhook that would reach inside (its URL is not repeated). */
export const WEBHOOK_NOT_PUBLIC =
  'webhookUrl must be a public Internet address: its host is a loopback, private, link-local ' +
  'or other local network address';

type Row = typeof notificationSettings.$inferSelect;

/** The dashboard's SMTP server, with its password, for sending (the site's mailer uses it too). */
export interface StoredEmailSettings {
  /** The owner's address, where new-message notifications go. */
  to: string;
  from: string;
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
}

/** What is stored, with the password, for sending. */
export interface StoredSettings {
  webhookUrl: string | null;
  email: StoredEmailSettings | null;
}

function fromRow(row: Row | undefined): StoredSettings {
  if (!row) return { webhookUrl: null, email: null };
  const { emailTo, emailFrom, smtpHost, smtpPort } = row;
  return {
    webhookUrl: row.webhookUrl,
    email:
      emailTo && emailFrom && smtpHost && smtpPort
        ? {
            to: emailTo,
            from: emailFrom,
            host: smtpHost,
            port: smtpPort,
            secure: row.smtpSecure,
            user: row.smtpUser,
            password: row.smtpPassword,
          }
        : null,
  };
}

/**
 * The settings as stored, secrets included: for sending only, never answered (the site's mailer,
 * src/mail/site-mailer.ts, sends through the same SMTP server).
 */
export async function readStoredSettings(db: Database): Promise<StoredSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.id, ROW_ID));
  return fromRow(row);
}

/**
 * The settings as the dashboard sees them: the webhook URL masked (maskedWebhookUrl), the
 * password only as whether there is one.
 */
function publicSettings(settings: StoredSettings): NotificationSettings {
  const { email } = settings;
  return {
    webhookUrl: settings.webhookUrl === null ? null : maskedWebhookUrl(settings.webhookUrl),
    email: email && {
      to: email.to,
      from: email.from,
      host: email.host,
      port: email.port,
      secure: email.secure,
      user: email.user,
      passwordSet: email.password !== null,
    },
  };
}

export async function getNotificationSettings(db: Database): Promise<NotificationSettings> {
  return publicSettings(await readStoredSettings(db));
}

/**
 * The webhook URL to store: the stored one when `given` is its masked form (the dashboard saves
 * what it shows), else `given`, refused (400) when its host is an address a webhook may not go
 * to. A name that cannot be resolved now is kept: it is checked again at every sending.
 */
async function webhookToStore(
  given: string | null,
  stored: string | null,
  { allowLoopback = false, resolve = resolveWithSystem }: NotificationOptions,
): Promise<string | null> {
  if (given === null) return null;
  if (stored !== null && given === maskedWebhookUrl(stored)) return stored;
  try {
    await webhookAddress(new URL(given), { allowLoopback, resolve });
  } catch (error) {
    if (error instanceof WebhookRefused && error.message === WEBHOOK_FAILURES.notPublic) {
      throw new HttpError(400, WEBHOOK_NOT_PUBLIC);
    }
  }
  return given;
}

/**
 * Replaces the settings; an absent password keeps the stored one (null removes it), and so does
 * the webhook URL's masked form.
 */
export async function saveNotificationSettings(
  db: Database,
  input: NotificationSettingsInput,
  options: NotificationOptions = {},
): Promise<NotificationSettings> {
  const before = await readStoredSettings(db);
  const { email } = input;
  const password =
    email?.password === undefined ? (before.email?.password ?? null) : email.password;
  const values = {
    webhookUrl: await webhookToStore(input.webhookUrl, before.webhookUrl, options),
    emailTo: email?.to ?? null,
    emailFrom: email?.from ?? null,
    smtpHost: email?.host ?? null,
    smtpPort: email?.port ?? null,
    smtpSecure: email?.secure ?? false,
    smtpUser: email?.user ?? null,
    smtpPassword: email ? password : null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(notificationSettings)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: notificationSettings.id, set: values })
    .returning();
  return publicSettings(fromRow(row));
}

/** What the webhook receives. */
export interface WebhookPayload {
  event: 'contact.message';
  message: Pick<StoredContactMessage, '_id' | 'name' | 'email' | 'message' | 'createdAt'>;
}

/** `text` on one line: every run of white space (a line break too) one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The e-mail's subject: one line, whatever the sender's name holds. */
export function notificationSubject(name: string): string {
  return `New message from ${oneLine(name)}`;
}

/**
 * Whether credentials may go to this SMTP server without TLS: only to a development server on
 * this machine, and only when ALLOW_NOTIFICATIONS_TO_LOOPBACK says so.
 */
function plainAuthAllowed(host: string, { allowLoopback = false }: NotificationOptions): boolean {
  return allowLoopback && isLoopbackHost(host);
}

/**
 * Sends one e-mail through `server` (the dashboard's, or the site mailer's own on this machine),
 * given up after NOTIFICATION_TIMEOUT_MS. Credentials go only over TLS unless plainAuthAllowed.
 */
export async function sendThroughSmtp(
  server: Pick<StoredEmailSettings, 'host' | 'port' | 'secure' | 'user' | 'password'>,
  mail: SendMailOptions,
  options: NotificationOptions,
): Promise<void> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
    // Credentials only over TLS: STARTTLS or no login at all (a server that does not offer it
    // never sees the password).
    requireTLS: Boolean(server.user) && !plainAuthAllowed(server.host, options),
    connectionTimeout: NOTIFICATION_TIMEOUT_MS,
    greetingTimeout: NOTIFICATION_TIMEOUT_MS,
    socketTimeout: NOTIFICATION_TIMEOUT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmtpTimeout()), NOTIFICATION_TIMEOUT_MS);
  });
  try {
    await Promise.race([deadline, transport.sendMail(mail)]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/** Sends the owner's e-mail through their server, to their address. */
function sendOwnerEmail(
  email: StoredEmailSettings,
  mail: OwnerNotification['email'],
  options: NotificationOptions,
): Promise<void> {
  return sendThroughSmtp(
    email,
    {
      from: email.from,
      to: email.to,
      ...(mail.replyTo !== undefined && { replyTo: mail.replyTo }),
      subject: mail.subject,
      text: mail.text,
    },
    options,
  );
}

class SmtpTimeout extends Error {
  override name = 'SmtpTimeout';
  code = 'ETIMEDOUT';
}

/**
 * Why an e-mail was not sent, in a line the owner can act on: by nodemailer's error code, never
 * the server's own words (what a host and port answered is not the dashboard's to tell: a port
 * scanner otherwise) nor a credential.
 */
export const SMTP_FAILURES = {
  EAUTH: 'the SMTP server refused the user name or password',
  ETLS: 'the SMTP server offers no TLS, so the user name and password were not sent',
  ETIMEDOUT: `the SMTP server did not answer within ${NOTIFICATION_TIMEOUT_MS / 1000} s`,
  EENVELOPE: 'the SMTP server refused the sender or the recipient',
  other: 'the SMTP server could not be reached or did not accept the message',
} as const;

/** Why an e-mail was not sent: one of SMTP_FAILURES. */
export function smtpReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EAUTH' || code === 'ETLS' || code === 'ETIMEDOUT' || code === 'EENVELOPE') {
    return SMTP_FAILURES[code];
  }
  return SMTP_FAILURES.other;
}

/** Why the webhook failed: one of WEBHOOK_FAILURES, never what answered. */
function webhookReason(error: unknown): string {
  return error instanceof WebhookRefused ? error.message : WEBHOOK_FAILURES.notDelivered;
}

/** One notification of the owner's, as each way sends it. */
export interface OwnerNotification {
  /** What it is about, as its failures are logged: `New-message webhook failed: …`. */
  kind: string;
  /** The webhook's JSON body. */
  payload: { event: string };
  /** The e-mail to the owner's address: its subject (one line) and plain text. */
  email: { subject: string; text: string; replyTo?: SendMailOptions['replyTo'] };
}

export interface OwnerNotifier {
  /** Sends `notification` each way that is set, and says how each went. */
  send(notification: OwnerNotification): Promise<NotificationTestResult>;
  /** Starts sending `notification`, off the request; returns at once, a failure is logged. */
  start(notification: OwnerNotification): void;
  /** Waits for the notifications under way (the app's close). */
  settle(): Promise<void>;
}

/** The first line of an error's message, at most 300 characters (a log line). */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 300) ?? '';
}

/**
 * The owner's notifications, whatever they are of: the webhook (a public address only, the one
 * checked) and the e-mail (credentials only over TLS) that the dashboard set, each given
 * NOTIFICATION_TIMEOUT_MS, each failure in SMTP_FAILURES' or WEBHOOK_FAILURES' words.
 */
export function createOwnerNotifier(
  db: Database,
  warn: (message: string) => void,
  options: NotificationOptions = {},
): OwnerNotifier {
  const underWay = new Set<Promise<unknown>>();
  const delivery = {
    allowLoopback: options.allowLoopback ?? false,
    resolve: options.resolve ?? resolveWithSystem,
    timeoutMs: NOTIFICATION_TIMEOUT_MS,
  };

  async function send(notification: OwnerNotification): Promise<NotificationTestResult> {
    const settings = await readStoredSettings(db);
    const [webhook, email] = await Promise.all([
      settings.webhookUrl === null
        ? null
        : postWebhook(
            new URL(settings.webhookUrl),
            JSON.stringify(notification.payload),
            delivery,
          ).then(() => NOTIFICATION_OK, webhookReason),
      settings.email === null
        ? null
        : sendOwnerEmail(settings.email, notification.email, options).then(
            () => NOTIFICATION_OK,
            smtpReason,
          ),
    ]);
    return { webhook, email };
  }

  return {
    send,
    start(notification) {
      const { kind } = notification;
      const work = send(notification)
        .then((result) => {
          if (result.webhook !== null && result.webhook !== NOTIFICATION_OK) {
            warn(`${kind} webhook failed: ${result.webhook}`);
          }
          if (result.email !== null && result.email !== NOTIFICATION_OK) {
            warn(`${kind} e-mail failed: ${result.email}`);
          }
        })
        // The settings could not be read: the database's error, which names no secret.
        .catch((error: unknown) => warn(`${kind} notification failed: ${firstLine(error)}`))
        .finally(() => underWay.delete(work));
      underWay.add(work);
    },
    async settle() {
      await Promise.allSettled([...underWay]);
    },
  };
}

export interface ContactNotifier {
  /** Starts notifying of a stored message; returns at once. */
  messageStored(message: StoredContactMessage): void;
  /** Sends a test notification each way that is set, and says how each went. */
  test(): Promise<NotificationTestResult>;
  /** Waits for the notifications under way (the app's close). */
  settle(): Promise<void>;
}

/** A new message's notification: the webhook's payload, the e-mail (Reply-To the sender). */
function contactNotification(message: WebhookPayload['message']): OwnerNotification {
  const payload: WebhookPayload = { event: 'contact.message', message };
  return {
    kind: 'New-message',
    payload,
    email: {
      // A reply goes to the sender.
      replyTo: { name: message.name, address: message.email },
      subject: notificationSubject(message.name),
      text: `${message.name} <${message.email}> wrote on ${message.createdAt}:\n\n${message.message}\n`,
    },
  };
}

export function createContactNotifier(
  db: Database,
  warn: (message: string) => void,
  options: NotificationOptions = {},
): ContactNotifier {
  const owner = createOwnerNotifier(db, warn, options);
  return {
    messageStored(stored) {
      const { _id, name, email, message, createdAt } = stored;
      owner.start(contactNotification({ _id, name, email, message, createdAt }));
    },
    test() {
      return owner.send(
        contactNotification({
          _id: 'test',
          name: 'Test notification',
          email: 'test@example.com',
          message: 'This is a test of the new-message notification, sent from the dashboard.',
          createdAt: new Date().toISOString(),
        }),
      );
    },
    settle: () => owner.settle(),
  };
}
