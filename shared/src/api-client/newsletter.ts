// The newsletter (docs/decisions/206): a reader's subscription, the owner's subscribers and sends.
import {
  CONFIRMED_COUNT_HEADER,
  MemberSubscriptionSchema,
  NewsletterQueuedSchema,
  NewsletterSendListSchema,
  SubscriberImportSchema,
  SubscriberListSchema,
  MessageSchema,
} from '@portfolio/contract';
import type {
  MemberSubscription,
  NewsletterQueued,
  NewsletterSend,
  Subscriber,
  SubscriberImport,
  SubscriberStatus,
} from '@portfolio/contract';
import {
  withDeadline,
  sendOk,
  requestJson,
  requestNoContent,
  jsonBody,
  requestListPage,
  countHeader,
} from './transport';
import type { RequestOptions, ListPage, PageRequest } from './transport';

export type {
  MemberSubscription,
  NewsletterQueued,
  NewsletterSend,
  Subscriber,
  SubscriberImport,
  SubscriberStatus,
};

/** Subscribes an address (anyone); answers what to tell them (the same for every address). */
export async function subscribeToNewsletter(
  input: { email: string; website?: string },
  options: RequestOptions = {},
): Promise<string> {
  const { message } = await requestJson(
    '/newsletter/subscribe',
    MessageSchema,
    { method: 'POST', ...jsonBody(input) },
    options,
  );
  return message;
}

/** The signed-in member's own subscription. */
export function getMySubscription(options: RequestOptions): Promise<MemberSubscription> {
  return requestJson('/newsletter/me', MemberSubscriptionSchema, {}, options);
}

/** Subscribes the signed-in member's address (`true`), or unsubscribes it. */
export function setMySubscription(
  subscribed: boolean,
  options: RequestOptions,
): Promise<MemberSubscription> {
  return requestJson(
    '/newsletter/me',
    MemberSubscriptionSchema,
    { method: subscribed ? 'PUT' : 'DELETE' },
    options,
  );
}

/** A page of subscribers, and how many are confirmed (null: the API did not say). */
export interface SubscriberPage extends ListPage<Subscriber> {
  confirmed: number | null;
}

/** The query of the owner's list: a state, and text the address contains. */
export interface SubscriberQuery {
  status?: SubscriberStatus;
  query?: string;
}

function subscriberQuery({ status, query: text }: SubscriberQuery): URLSearchParams {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (text?.trim()) query.set('query', text.trim());
  return query;
}

/** Subscribers, the newest first (admin). */
export async function getSubscriberPage(
  { limit, offset = 0, ...filter }: PageRequest & SubscriberQuery,
  options: RequestOptions,
): Promise<SubscriberPage> {
  const query = subscriberQuery(filter);
  query.set('limit', String(limit));
  query.set('offset', String(offset));
  const { items, total, headers } = await requestListPage(
    `/newsletter/subscribers?${query}`,
    SubscriberListSchema,
    { limit, offset },
    options,
  );
  return { items, total, confirmed: countHeader(headers, CONFIRMED_COUNT_HEADER) };
}

/** The subscribers the query keeps, as CSV (admin). */
export function getSubscribersCsv(
  filter: SubscriberQuery,
  options: RequestOptions,
): Promise<string> {
  const query = subscriberQuery(filter);
  const search = query.size > 0 ? `?${query}` : '';
  return withDeadline(options.signal, async (signal) => {
    const response = await sendOk(`/newsletter/subscribers.csv${search}`, {}, options, signal);
    return response.text();
  });
}

/**
 * Adds the addresses of a CSV file (its text: a header line naming an "email" column) as confirmed
 * subscribers (admin): those on the list already stay as they are; the answer counts both and
 * says which lines were not valid. A file the API cannot read is an ApiError 400 saying why, one
 * over its size 413; either way nobody is added.
 */
export function importSubscribers(csv: string, options: RequestOptions): Promise<SubscriberImport> {
  return requestJson(
    '/newsletter/subscribers/import',
    SubscriberImportSchema,
    { method: 'POST', ...jsonBody({ csv }) },
    options,
  );
}

export function deleteSubscriber(id: string, options: RequestOptions): Promise<void> {
  return requestNoContent(
    `/newsletter/subscribers/${encodeURIComponent(id)}`,
    { method: 'DELETE' },
    options,
  );
}

/**
 * Sends a published article to every confirmed subscriber who has not had it (admin). With
 * `whenPublished`, a draft or a scheduled article is sent once it is published.
 */
export function sendNewsletter(
  articleId: string,
  options: RequestOptions,
  { whenPublished = false }: { whenPublished?: boolean } = {},
): Promise<NewsletterQueued> {
  const query = whenPublished ? '?when=published' : '';
  return requestJson(
    `/articles/${encodeURIComponent(articleId)}/newsletter${query}`,
    NewsletterQueuedSchema,
    { method: 'POST' },
    options,
  );
}

/** Cancels a send that waits for its article's publication (admin). */
export function cancelNewsletter(articleId: string, options: RequestOptions): Promise<void> {
  return requestNoContent(
    `/articles/${encodeURIComponent(articleId)}/newsletter`,
    { method: 'DELETE' },
    options,
  );
}

/** Each article sent, the latest first, with its mails sent, failed and waiting (admin). */
export function getNewsletterSends(options: RequestOptions): Promise<NewsletterSend[]> {
  return requestJson('/newsletter/sends', NewsletterSendListSchema, {}, options);
}
