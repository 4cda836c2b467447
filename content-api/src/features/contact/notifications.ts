// Notification of new messages (docs/decisions/144): when a message is stored, the owner hears of
// it by an outgoing webhook (a JSON POST) and by e-mail over SMTP (nodemailer), each if set in the
// dashboard. Sent after the answer, off the sender's request: a slow or failing receiver never
// delays or fails a contact form, and a failure is logged (without credentials).
import type {
  NotificationSettings,
  NotificationSettingsInput,
  NotificationTestResult,
  StoredContactMessage,
} from '@portfolio/contract';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/connect.js';
import { notificationSettings } from '../../db/schema.js';

/**
 * How long a webhook or an SMTP server may take before the attempt is given up: within the
 * dashboard client's 10 s, so a test from the dashboard always hears how it went.
 */
export const NOTIFICATION_TIMEOUT_MS = 8_000;
export const NOTIFICATION_OK = 'ok';
const ROW_ID = 1;

type Row = typeof notificationSettings.$inferSelect;

/** What is stored, with the password, for sending. */
interface StoredSettings {
  webhookUrl: string | null;
  email: {
    to: string;
    from: string;
    host: string;
    port: number;
    secure: boolean;
    user: string | null;
    password: string | null;
  } | null;
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

async function readSettings(db: Database): Promise<StoredSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.id, ROW_ID));
  return fromRow(row);
}

/** The settings as the dashboard sees them: the password only as whether there is one. */
function publicSettings(settings: StoredSettings): NotificationSettings {
  const { email } = settings;
  return {
    webhookUrl: settings.webhookUrl,
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
  return publicSettings(await readSettings(db));
}

/** Replaces the settings; an absent password keeps the stored one (null removes it). */
export async function saveNotificationSettings(
  db: Database,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const before = await readSettings(db);
  const { email } = input;
  const password =
    email?.password === undefined ? (before.email?.password ?? null) : email.password;
  const values = {
    webhookUrl: input.webhookUrl,
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

async function callWebhook(url: string, message: WebhookPayload['message']): Promise<void> {
  const payload: WebhookPayload = { event: 'contact.message', message };
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'portfolio-content-api' },
    body: JSON.stringify(payload),
    // A receiver that moved says so; the message is not re-sent somewhere else unasked.
    redirect: 'error',
    signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
}

/** The e-mail's subject: one line, whatever the sender's name holds. */
export function notificationSubject(name: string): string {
  return `New message from ${name.replace(/\s+/g, ' ').trim()}`;
}

async function sendEmail(
  email: NonNullable<StoredSettings['email']>,
  message: WebhookPayload['message'],
): Promise<void> {
  const transport = nodemailer.createTransport({
    host: email.host,
    port: email.port,
    secure: email.secure,
    ...(email.user ? { auth: { user: email.user, pass: email.password ?? '' } } : {}),
    connectionTimeout: NOTIFICATION_TIMEOUT_MS,
    greetingTimeout: NOTIFICATION_TIMEOUT_MS,
    socketTimeout: NOTIFICATION_TIMEOUT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the SMTP server took more than ${NOTIFICATION_TIMEOUT_MS / 1000} s`)),
      NOTIFICATION_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([
      deadline,
      transport.sendMail({
        from: email.from,
        to: email.to,
        // A reply goes to the sender.
        replyTo: { name: message.name, address: message.email },
        subject: notificationSubject(message.name),
        text: `${message.name} <${message.email}> wrote on ${message.createdAt}:\n\n${message.message}\n`,
      }),
    ]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/** Why an attempt failed, in a line the owner can act on (no stack, no credentials). */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 300) || 'failed';
}

export interface ContactNotifier {
  /** Starts notifying of a stored message; returns at once. */
  messageStored(message: StoredContactMessage): void;
  /** Sends a test notification each way that is set, and says how each went. */
  test(): Promise<NotificationTestResult>;
  /** Waits for the notifications under way (the app's close). */
  settle(): Promise<void>;
}

export function createContactNotifier(
  db: Database,
  warn: (message: string) => void,
): ContactNotifier {
  const underWay = new Set<Promise<unknown>>();

  async function notify(message: WebhookPayload['message']): Promise<NotificationTestResult> {
    const settings = await readSettings(db);
    const [webhook, email] = await Promise.all([
      settings.webhookUrl === null
        ? null
        : callWebhook(settings.webhookUrl, message).then(
            () => NOTIFICATION_OK,
            (error: unknown) => reason(error),
          ),
      settings.email === null
        ? null
        : sendEmail(settings.email, message).then(
            () => NOTIFICATION_OK,
            (error: unknown) => reason(error),
          ),
    ]);
    return { webhook, email };
  }

  return {
    messageStored(stored) {
      const { _id, name, email, message, createdAt } = stored;
      const work = notify({ _id, name, email, message, createdAt })
        .then((result) => {
          if (result.webhook !== null && result.webhook !== NOTIFICATION_OK) {
            warn(`New-message webhook failed: ${result.webhook}`);
          }
          if (result.email !== null && result.email !== NOTIFICATION_OK) {
            warn(`New-message e-mail failed: ${result.email}`);
          }
        })
        .catch((error: unknown) => warn(`New-message notification failed: ${reason(error)}`))
        .finally(() => underWay.delete(work));
      underWay.add(work);
    },
    test() {
      return notify({
        _id: 'test',
        name: 'Test notification',
        email: 'test@example.com',
        message: 'This is a test of the new-message notification, sent from the dashboard.',
        createdAt: new Date().toISOString(),
      });
    },
    async settle() {
      await Promise.allSettled([...underWay]);
    },
  };
}
