// The contact form's message, and the owner's messages and notification settings (admin).
import {
  ContactBulkResultSchema,
  NotificationSettingsSchema,
  NotificationTestResultSchema,
  StoredContactMessageListSchema,
  StoredContactMessageSchema,
  UNREAD_COUNT_HEADER,
} from '@portfolio/contract';
import type {
  ContactBulkAction,
  NotificationSettings,
  NotificationSettingsInput,
  NotificationTestResult,
  MessageBox,
  StoredContactMessage,
} from '@portfolio/contract';
import {
  readMessage,
  withDeadline,
  send,
  requestJson,
  requestNoContent,
  jsonBody,
  requestListPage,
  countHeader,
} from './transport';
import type { RequestOptions, ListPage, PageRequest } from './transport';
import type { ContactMessage } from '@portfolio/shared/types';

export interface ContactResult {
  status: number;
  ok: boolean;
  /** The server's `message`, when it sent one. */
  message?: string;
}

/** A unique key per submission; also outside secure contexts, where randomUUID is missing. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /contact. Returns the status instead of throwing, because the two contact forms of the
 * site judge it differently (docs/product.md#contact) (home wants 201, the contact page any ok).
 * Network errors throw. The Idempotency-Key lets the API store a message once even if the request
 * is sent again.
 */
export function sendContactMessage(
  contact: ContactMessage & { website?: string },
  options: RequestOptions & { idempotencyKey?: string } = {},
): Promise<ContactResult> {
  const { headers, ...body } = jsonBody(contact);
  const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
  return withDeadline(options.signal, async (signal) => {
    const response = await send(
      '/contact',
      { method: 'POST', ...body, headers: { ...headers, 'Idempotency-Key': idempotencyKey } },
      options,
      signal,
    );
    const message = await readMessage(response);
    return {
      status: response.status,
      ok: response.ok,
      ...(message === undefined ? {} : { message }),
    };
  });
}

export function getContactMessages(options: RequestOptions): Promise<StoredContactMessage[]> {
  return requestJson('/contact', StoredContactMessageListSchema, {}, options);
}

/** One page of the admin's messages, with how many the box holds and how many wait unread. */
export interface MessagePage extends ListPage<StoredContactMessage> {
  /** Unread messages of the inbox (null: an API from before the count). */
  unread: number | null;
}

/**
 * One page of a box of messages (the inbox by default), newest first (admin); with `query`, of
 * the messages whose sender or text contains it.
 */
export async function getContactMessagePage(
  {
    limit,
    offset = 0,
    box = 'inbox',
    query: text,
  }: PageRequest & { box?: MessageBox; query?: string },
  options: RequestOptions,
): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset), box });
  if (text?.trim()) query.set('query', text.trim());
  const { items, total, headers } = await requestListPage(
    `/contact?${query}`,
    StoredContactMessageListSchema,
    { limit, offset },
    options,
  );
  return { items, total, unread: countHeader(headers, UNREAD_COUNT_HEADER) };
}

/** Marks a message read or unread, and moves it to the archive or back (absent: kept). */
export function updateContactMessage(
  id: string,
  change: { read: boolean; archived?: boolean },
  options: RequestOptions,
): Promise<StoredContactMessage> {
  return requestJson(
    `/contact/${encodeURIComponent(id)}`,
    StoredContactMessageSchema,
    { method: 'PATCH', ...jsonBody(change) },
    options,
  );
}

export type { ContactBulkAction };

/**
 * One action on several messages (admin): read, unread, archive, unarchive or delete. Answers how
 * many of them there were (one deleted meanwhile is skipped).
 */
export async function actOnContactMessages(
  ids: readonly string[],
  action: ContactBulkAction,
  options: RequestOptions,
): Promise<number> {
  const { count } = await requestJson(
    '/contact/bulk',
    ContactBulkResultSchema,
    { method: 'POST', ...jsonBody({ ids, action }) },
    options,
  );
  return count;
}

export type { NotificationSettings, NotificationSettingsInput, NotificationTestResult };

/** How the owner hears of a new message: a webhook, an e-mail, both or neither (admin). */
export function getNotificationSettings(options: RequestOptions): Promise<NotificationSettings> {
  return requestJson('/contact/notifications', NotificationSettingsSchema, {}, options);
}

/** Replaces them; an absent SMTP password keeps the stored one (admin). */
export function saveNotificationSettings(
  input: NotificationSettingsInput,
  options: RequestOptions,
): Promise<NotificationSettings> {
  return requestJson(
    '/contact/notifications',
    NotificationSettingsSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

/** Sends a test notification each way that is set; says how each went (admin). */
export function testNotifications(options: RequestOptions): Promise<NotificationTestResult> {
  return requestJson(
    '/contact/notifications/test',
    NotificationTestResultSchema,
    { method: 'POST' },
    // The API gives each way 8 s, within this client's 10.
    options,
  );
}

/** Deletes a message for good (admin). */
export function deleteContactMessage(id: string, options: RequestOptions): Promise<void> {
  return requestNoContent(`/contact/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

export function markContactMessageRead(
  id: string,
  read: boolean,
  options: RequestOptions,
): Promise<StoredContactMessage> {
  return requestJson(
    `/contact/${encodeURIComponent(id)}`,
    StoredContactMessageSchema,
    { method: 'PATCH', ...jsonBody({ read }) },
    options,
  );
}
