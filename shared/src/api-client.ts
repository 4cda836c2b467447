// The one typed client for the content API. Every page call goes through here, so the base address,
// timeouts and the error handling of docs/product.md#content-api live in one place. Every answer is
// checked against the API's contract (docs/decisions/052) before anyone sees it: an answer of
// another shape is an UnexpectedResponseError, which each page turns into its error state.
import {
  AboutDataSchema,
  ApiUserProfileSchema,
  ArticleDetailSchema,
  ArticleRevisionSchema,
  ArticleListSchema,
  ArticleSchema,
  CommentBulkResultSchema,
  CommentPageSchema,
  CommentPostedSchema,
  CommentSettingsSchema,
  CONFIRMED_COUNT_HEADER,
  MemberSubscriptionSchema,
  MemberDeletedSchema,
  NewsletterQueuedSchema,
  NewsletterSendListSchema,
  SubscriberImportSchema,
  SubscriberListSchema,
  ModeratedCommentListSchema,
  OwnCommentListSchema,
  PENDING_COUNT_HEADER,
  ContactBulkResultSchema,
  INSIGHTS_EXPORT_PATH,
  INSIGHTS_PATH,
  ImageUploadSchema,
  InsightsSchema,
  MediaListSchema,
  MessageSchema,
  NotificationSettingsSchema,
  NotificationTestResultSchema,
  ProjectListSchema,
  ProjectRevisionSchema,
  ProjectSchema,
  RevisionListSchema,
  SearchResultListSchema,
  SiteSettingsSchema,
  TagListSchema,
  StoredContactMessageListSchema,
  StoredContactMessageSchema,
  INCLUDE_DRAFTS,
  SEARCH_DEFAULT_LIMIT,
  TOTAL_COUNT_HEADER,
  UNREAD_COUNT_HEADER,
  check,
} from '@portfolio/contract';
import type {
  CommentBulkInput,
  CommentSettings,
  CommentStatus,
  MemberSubscription,
  MemberDeleted,
  NewsletterQueued,
  NewsletterSend,
  Subscriber,
  SubscriberImport,
  SubscriberStatus,
  ModeratedComment,
  OwnComment,
  CommentInput,
  CommentPage,
  CommentPageQuery,
  CommentPosted,
  AboutData,
  ApiUserProfile,
  Article,
  ArticleDetail,
  ArticleInput,
  ArticleRevision,
  ContactBulkAction,
  ImageUpload,
  Insights,
  InsightsRange,
  MediaItem,
  MediaUsage,
  NotificationSettings,
  NotificationSettingsInput,
  NotificationTestResult,
  ProfileInput,
  Project,
  ProjectInput,
  ProjectRevision,
  PublicationInput,
  RevisionSummary,
  SearchResult,
  SiteSettings,
  SiteSettingsInput,
  TagCount,
  ContentState,
  MessageBox,
  Static,
  StoredContactMessage,
  TSchema,
} from '@portfolio/contract';
import { getRuntimeConfig } from '@portfolio/shared/config';
import type { ContactMessage } from '@portfolio/shared/types';

const DEFAULT_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The content API could not be reached: the site's origin, which routes `/api` to it (the site's
 * server or the edge, docs/decisions/101), answered 502 or 504 for it, as a browser's fetch
 * would have failed before the API was behind the same origin. The API itself never answers
 * either. Not an ApiError, which carries the API's own refusal: pages treat it as the request
 * failing (docs/decisions/104).
 */
export class ApiUnreachableError extends Error {
  override name = 'ApiUnreachableError';
  constructor(
    /** The path called, without its query. */
    readonly path: string,
    readonly status: number,
  ) {
    super(`The content API could not be reached (HTTP ${status} from the site's origin)`);
  }
}

/** What the origin in front of the API answers when it cannot reach it. */
const GATEWAY_FAILURES = new Set([502, 504]);

/**
 * The API answered with a success status but not with what its contract says (another shape, or
 * not JSON): a deploy out of step or a broken proxy. Not an ApiError, which carries the API's
 * own refusal: pages show their "try again later" state for it, never "not found".
 */
export class UnexpectedResponseError extends Error {
  override name = 'UnexpectedResponseError';
  constructor(
    /** The path called, without its query. */
    readonly path: string,
    readonly status: number,
  ) {
    super(`Unexpected answer from the content API (${path}, HTTP ${status})`);
  }
}

/**
 * How the client reaches the API: the base it calls and the fetch it calls it with
 * (docs/decisions/090). In a browser: the runtime config's base and the window's fetch. A render
 * on the site's server gets the server's own through the page loader's context (its address of
 * the API, and a fetch that keeps the API's public answers): `loaderRequestOptions()` in
 * `@portfolio/shared/page-data`.
 */
export interface ApiTransport {
  base: string;
  fetch: typeof fetch;
  /**
   * Where a page's loader says its data could not be had: the site's server's log, one line per
   * kind, rate-limited (docs/decisions/115). The browser has none: its console.
   */
  report?: (what: string, error: unknown) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Firebase ID token for calls that need a signed-in user. */
  token?: string;
  /** Where and how to call the API; the browser's default when absent. */
  api?: ApiTransport;
}

/** Reads of projects and articles. */
export interface ContentRequestOptions extends RequestOptions {
  /**
   * Drafts and scheduled items too (`?include=drafts`): an admin's `token` is needed, and the
   * answer is private, never cached (docs/decisions/120).
   */
  includeDrafts?: boolean;
}

/** `path` with `?include=drafts` (or `&…`) when the options ask for drafts. */
function withDrafts(path: string, options: ContentRequestOptions): string {
  if (!options.includeDrafts) return path;
  return `${path}${path.includes('?') ? '&' : '?'}include=${INCLUDE_DRAFTS}`;
}

function apiUrl(path: string, api?: ApiTransport): string {
  return `${api?.base ?? getRuntimeConfig().apiBase}${path}`;
}

/**
 * Absolute URL of an image whose imagePath is relative to the API base (spec: base + imagePath).
 */
export function imageUrl(imagePath: string): string {
  if (/^https?:\/\//.test(imagePath)) return imagePath;
  return apiUrl(imagePath.startsWith('/') ? imagePath : `/${imagePath}`);
}

async function readMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (check(MessageSchema, body)) return body.message;
  } catch {
    // Not JSON: the caller falls back to its own message.
  }
  return undefined;
}

/**
 * Runs one call (request and body read) under a deadline, and under the caller's signal.
 * The timer is cleared when the call ends, so nothing lingers after it.
 */
async function withDeadline<T>(
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
    DEFAULT_TIMEOUT_MS,
  );
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  callerSignal?.addEventListener('abort', forward, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forward);
  }
}

/** Sends a request; an API that could not be reached throws ApiUnreachableError. */
async function send(
  path: string,
  init: RequestInit,
  { token, api }: RequestOptions,
  signal: AbortSignal,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // On the site's server (a render) the API is a server-to-server call: compressing an answer
  // there and inflating it here costs both processes CPU on every render and saves no time.
  if (typeof window === 'undefined') headers.set('Accept-Encoding', 'identity');
  const response = await (api?.fetch ?? fetch)(apiUrl(path, api), { ...init, headers, signal });
  if (GATEWAY_FAILURES.has(response.status)) {
    await response.body?.cancel();
    throw new ApiUnreachableError(path.split('?')[0] ?? path, response.status);
  }
  return response;
}

/** Sends a request; a non-ok status throws ApiError with the server's message. */
async function sendOk(
  path: string,
  init: RequestInit,
  options: RequestOptions,
  signal: AbortSignal,
): Promise<Response> {
  const response = await send(path, init, options, signal);
  if (!response.ok) {
    const message = (await readMessage(response)) ?? `Request failed (HTTP ${response.status})`;
    throw new ApiError(message, response.status);
  }
  return response;
}

/**
 * Sends a request and returns its JSON answer once it is what `schema` says; anything else
 * (not JSON, another shape) throws UnexpectedResponseError.
 */
function requestJson<S extends TSchema>(
  path: string,
  schema: S,
  init: RequestInit = {},
  options: RequestOptions = {},
): Promise<Static<S>> {
  return requestJsonAnswer(path, schema, init, options).then(({ body }) => body);
}

/** `requestJson()`, with the answer's headers too. */
function requestJsonAnswer<S extends TSchema>(
  path: string,
  schema: S,
  init: RequestInit = {},
  options: RequestOptions = {},
): Promise<{ body: Static<S>; headers: Headers }> {
  return withDeadline(options.signal, async (signal) => {
    const response = await sendOk(path, init, options, signal);
    const unexpected = () =>
      new UnexpectedResponseError(path.split('?')[0] ?? path, response.status);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // An abort or a timeout while the body was read stays what it is.
      if (signal.aborted) throw error;
      throw unexpected();
    }
    if (!check(schema, body)) throw unexpected();
    return { body, headers: response.headers };
  });
}

/** For answers without a body (204). */
function requestNoContent(path: string, init: RequestInit, options: RequestOptions): Promise<void> {
  return withDeadline(options.signal, async (signal) => {
    await sendOk(path, init, options, signal);
  });
}

function jsonBody(body: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}

// A list answer that is not an array is an error (docs/product.md#portfolio); the list schemas say
// so.
export function getProjects(options: ContentRequestOptions = {}): Promise<Project[]> {
  return requestJson(withDrafts('/projects', options), ProjectListSchema, {}, options);
}

export function getProject(id: string, options: ContentRequestOptions = {}): Promise<Project> {
  const path = withDrafts(`/projects/${encodeURIComponent(id)}`, options);
  return requestJson(path, ProjectSchema, {}, options);
}

export interface Page {
  limit?: number;
  offset?: number;
}

export function getArticles(
  page: Page = {},
  options: ContentRequestOptions = {},
): Promise<Article[]> {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.offset !== undefined) query.set('offset', String(page.offset));
  const suffix = query.size > 0 ? `?${query}` : '';
  return requestJson(withDrafts(`/articles${suffix}`, options), ArticleListSchema, {}, options);
}

/** The header in which the API says how many items a paged list has in all (the contract's). */
export { TOTAL_COUNT_HEADER };

/** One page of a list, and how many items the whole list has (null: the API did not say). */
export interface ListPage<T> {
  items: T[];
  total: number | null;
}

/**
 * The list's total from X-Total-Count. An API that does not send it (one older than the header)
 * still tells the last page: fewer items than asked for means nothing comes after them.
 */
function listPage<T>(items: T[], headers: Headers, limit: number, offset: number): ListPage<T> {
  const header = headers.get(TOTAL_COUNT_HEADER)?.trim();
  if (header && /^\d+$/.test(header)) return { items, total: Number(header) };
  return { items, total: items.length < limit ? offset + items.length : null };
}

export interface PageRequest {
  /** How many items, 1-100. */
  limit: number;
  /** How many to skip; default 0. */
  offset?: number;
}

/** Which articles a page lists (docs/decisions/132): all of them when nothing is given. */
export interface ArticleFilter {
  /** Only the articles with this tag. */
  tag?: string;
  /** Only those whose text matches (as search does), still newest first. */
  query?: string;
  /** One publication state; with `drafts` (admin). */
  state?: ContentState;
}

/** One page of the articles, newest first, with how many there are in all (X-Total-Count). */
export async function getArticlePage(
  { limit, offset = 0, tag, query: text, state }: PageRequest & ArticleFilter,
  options: ContentRequestOptions = {},
): Promise<ListPage<Article>> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (tag) query.set('tag', tag);
  if (text?.trim()) query.set('query', text.trim());
  if (state) query.set('state', state);
  const { body, headers } = await requestJsonAnswer(
    withDrafts(`/articles?${query}`, options),
    ArticleListSchema,
    {},
    options,
  );
  return listPage(body, headers, limit, offset);
}

/**
 * One page of a search's results, ranked, with how many match in all (X-Total-Count). The first
 * page of SEARCH_DEFAULT_LIMIT results is asked for as before `limit` and `offset` existed, so
 * an older API answers it too.
 */
export async function searchArticlePage(
  text: string,
  { limit, offset = 0, tag }: PageRequest & { tag?: string },
  options: RequestOptions = {},
): Promise<ListPage<SearchResult>> {
  const query = new URLSearchParams({ query: text });
  if (tag) query.set('tag', tag);
  if (limit !== SEARCH_DEFAULT_LIMIT) query.set('limit', String(limit));
  if (offset !== 0) query.set('offset', String(offset));
  const { body, headers } = await requestJsonAnswer(
    `/search?${query}`,
    SearchResultListSchema,
    {},
    options,
  );
  return listPage(body, headers, limit, offset);
}

export function getArticle(
  id: string,
  options: ContentRequestOptions = {},
): Promise<ArticleDetail> {
  const path = withDrafts(`/articles/${encodeURIComponent(id)}`, options);
  return requestJson(path, ArticleDetailSchema, {}, options);
}

/** Every tag of the public articles with how many use it (admin, `drafts`: of all articles). */
export function getTags(options: ContentRequestOptions = {}): Promise<TagCount[]> {
  return requestJson(withDrafts('/tags', options), TagListSchema, {}, options);
}

export function searchArticles(
  query: string,
  options: RequestOptions = {},
): Promise<SearchResult[]> {
  return requestJson(
    `/search?${new URLSearchParams({ query })}`,
    SearchResultListSchema,
    {},
    options,
  );
}

export function getAboutData(options: RequestOptions = {}): Promise<AboutData> {
  return requestJson('/about-data', AboutDataSchema, {}, options);
}

/** GET /settings: the site's settings (docs/decisions/141), for every page that shows them. */
export function getSiteSettings(options: RequestOptions = {}): Promise<SiteSettings> {
  return requestJson('/settings', SiteSettingsSchema, {}, options) as Promise<SiteSettings>;
}

export type { SiteSettings, SiteSettingsInput };

/** PUT /settings (admin): replaces the whole document; answers it as stored. */
export function updateSiteSettings(
  input: SiteSettingsInput,
  options: RequestOptions,
): Promise<SiteSettings> {
  return requestJson(
    '/settings',
    SiteSettingsSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  ) as Promise<SiteSettings>;
}

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

// --- Members' comments (docs/decisions/200) ---

/** A page of an article's approved threads, or one thread with its replies (public, cached). */
export function getCommentPage(
  articleId: string,
  { order, page, thread }: CommentPageQuery = {},
  options: RequestOptions = {},
): Promise<CommentPage> {
  const query = new URLSearchParams();
  if (order && order !== 'newest') query.set('order', order);
  if (page && page > 1) query.set('page', String(page));
  if (thread) query.set('thread', thread);
  const search = query.size > 0 ? `?${query}` : '';
  return requestJson(
    `/articles/${encodeURIComponent(articleId)}/comments${search}`,
    CommentPageSchema,
    {},
    options,
  );
}

/** Posts a member's comment (their `token`); a refusal throws an ApiError with the API's text. */
export function postComment(
  articleId: string,
  input: CommentInput,
  options: RequestOptions,
): Promise<CommentPosted> {
  return requestJson(
    `/articles/${encodeURIComponent(articleId)}/comments`,
    CommentPostedSchema,
    { method: 'POST', ...jsonBody(input) },
    options,
  );
}

export type { OwnComment };

/** The signed-in member's comments, in every state, the newest first. */
export function getMyComments(options: RequestOptions): Promise<OwnComment[]> {
  return requestJson('/comments/mine', OwnCommentListSchema, {}, options);
}

/** A page of comments to moderate, and how many wait for approval (null: the API did not say). */
export interface ModerationPage extends ListPage<ModeratedComment> {
  pending: number | null;
}

/** Comments for the owner: the pending first, then the newest (admin). */
export async function getModerationPage(
  {
    limit,
    offset = 0,
    status,
    query: text,
  }: PageRequest & { status?: CommentStatus; query?: string },
  options: RequestOptions,
): Promise<ModerationPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (status) query.set('status', status);
  if (text?.trim()) query.set('query', text.trim());
  const { body, headers } = await requestJsonAnswer(
    `/comments?${query}`,
    ModeratedCommentListSchema,
    {},
    options,
  );
  const pending = headers.get(PENDING_COUNT_HEADER)?.trim();
  return {
    ...listPage(body, headers, limit, offset),
    pending: pending && /^\d+$/.test(pending) ? Number(pending) : null,
  };
}

/** Approves, hides or deletes comments (admin); how many changed. */
export async function actOnComments(
  ids: readonly string[],
  action: CommentBulkInput['action'],
  options: RequestOptions,
): Promise<number> {
  const { changed } = await requestJson(
    '/comments/bulk',
    CommentBulkResultSchema,
    { method: 'POST', ...jsonBody({ ids, action }) },
    options,
  );
  return changed;
}

/** Blocks a member from commenting (their pending comments go), or lets them again (admin). */
export async function setMemberBlocked(
  uid: string,
  blocked: boolean,
  options: RequestOptions,
): Promise<void> {
  await withDeadline(options.signal, (signal) =>
    sendOk(
      `/members/${encodeURIComponent(uid)}/block`,
      { method: blocked ? 'PUT' : 'DELETE' },
      options,
      signal,
    ),
  );
}

export function getCommentSettings(options: RequestOptions): Promise<CommentSettings> {
  return requestJson('/comments/settings', CommentSettingsSchema, {}, options);
}

export function saveCommentSettings(
  settings: CommentSettings,
  options: RequestOptions,
): Promise<CommentSettings> {
  return requestJson(
    '/comments/settings',
    CommentSettingsSchema,
    { method: 'PUT', ...jsonBody(settings) },
    options,
  );
}

// --- The newsletter (docs/decisions/206) ---

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
  const { body, headers } = await requestJsonAnswer(
    `/newsletter/subscribers?${query}`,
    SubscriberListSchema,
    {},
    options,
  );
  const confirmed = headers.get(CONFIRMED_COUNT_HEADER)?.trim();
  return {
    ...listPage(body, headers, limit, offset),
    confirmed: confirmed && /^\d+$/.test(confirmed) ? Number(confirmed) : null,
  };
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

// --- A member's own data (docs/decisions/207) ---

export type { MemberDeleted };

/** Everything the site keeps of the signed-in member, as the JSON file they download. */
export function exportMyData(options: RequestOptions): Promise<string> {
  return withDeadline(options.signal, async (signal) => {
    const response = await sendOk('/members/me/export', {}, options, signal);
    return response.text();
  });
}

/**
 * Deletes the signed-in member's data (a token from a sign-in of the last 5 minutes, else an
 * ApiError 401 saying to sign in again); their Firebase account is the caller's to delete next.
 */
export function deleteMyData(options: RequestOptions): Promise<MemberDeleted> {
  return requestJson('/members/me', MemberDeletedSchema, { method: 'DELETE' }, options);
}

// --- Signed-in user: profile documents (embedded-default profile store) ---

export function getMyProfile(options: RequestOptions): Promise<ApiUserProfile> {
  return requestJson('/users/me', ApiUserProfileSchema, {}, options);
}

export type ProfileWrite = ProfileInput;

export function putMyProfile(
  profile: ProfileWrite,
  options: RequestOptions,
): Promise<ApiUserProfile> {
  return requestJson(
    '/users/me',
    ApiUserProfileSchema,
    { method: 'PUT', ...jsonBody(profile) },
    options,
  );
}

// --- Admin (role admin; the API enforces it) ---

export type { ArticleInput, ProjectInput, PublicationInput };

export function createProject(input: ProjectInput, options: RequestOptions): Promise<Project> {
  return requestJson('/projects', ProjectSchema, { method: 'POST', ...jsonBody(input) }, options);
}

export function updateProject(
  id: string,
  input: ProjectInput,
  options: RequestOptions,
): Promise<Project> {
  return requestJson(
    `/projects/${encodeURIComponent(id)}`,
    ProjectSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

/** Publishes, schedules or unpublishes a project (docs/decisions/120). */
export function setProjectPublication(
  id: string,
  input: PublicationInput,
  options: RequestOptions,
): Promise<Project> {
  return requestJson(
    `/projects/${encodeURIComponent(id)}`,
    ProjectSchema,
    { method: 'PATCH', ...jsonBody(input) },
    options,
  );
}

export function deleteProject(id: string, options: RequestOptions): Promise<void> {
  return requestNoContent(`/projects/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

export function createArticle(input: ArticleInput, options: RequestOptions): Promise<Article> {
  return requestJson('/articles', ArticleSchema, { method: 'POST', ...jsonBody(input) }, options);
}

export function updateArticle(
  id: string,
  input: ArticleInput,
  options: RequestOptions,
): Promise<Article> {
  return requestJson(
    `/articles/${encodeURIComponent(id)}`,
    ArticleSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

/** Publishes, schedules or unpublishes an article (docs/decisions/120). */
export function setArticlePublication(
  id: string,
  input: PublicationInput,
  options: RequestOptions,
): Promise<Article> {
  return requestJson(
    `/articles/${encodeURIComponent(id)}`,
    ArticleSchema,
    { method: 'PATCH', ...jsonBody(input) },
    options,
  );
}

export function deleteArticle(id: string, options: RequestOptions): Promise<void> {
  return requestNoContent(`/articles/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

// --- Revisions: the saved versions of an article or a project (docs/decisions/143) ---

export type { ArticleRevision, ProjectRevision, RevisionSummary };

/** The item's saved versions, newest first, without their text (admin only). */
export function getRevisions(
  kind: 'articles' | 'projects',
  id: string,
  options: RequestOptions,
): Promise<RevisionSummary[]> {
  return requestJson(
    `/${kind}/${encodeURIComponent(id)}/revisions`,
    RevisionListSchema,
    {},
    options,
  );
}

/** One saved version of an article, whole (admin only). */
export function getArticleRevision(
  id: string,
  number: number,
  options: RequestOptions,
): Promise<ArticleRevision> {
  return requestJson(
    `/articles/${encodeURIComponent(id)}/revisions/${number}`,
    ArticleRevisionSchema,
    {},
    options,
  );
}

/** One saved version of a project, whole (admin only). */
export function getProjectRevision(
  id: string,
  number: number,
  options: RequestOptions,
): Promise<ProjectRevision> {
  return requestJson(
    `/projects/${encodeURIComponent(id)}/revisions/${number}`,
    ProjectRevisionSchema,
    {},
    options,
  );
}

/** DELETE /images/:name for an `imagePath` such as /images/diagram-1a2b.png (admin only). */
export function deleteImage(imagePath: string, options: RequestOptions): Promise<void> {
  const name = imagePath.replace(/^\/images\//, '');
  return requestNoContent(`/images/${encodeURIComponent(name)}`, { method: 'DELETE' }, options);
}

/** Which images a page of the media library lists (docs/decisions/142): all when nothing is given. */
export interface MediaFilter {
  /** Only the images something shows, or only those nothing shows. */
  usage?: MediaUsage;
  /** Only those whose name contains this. */
  query?: string;
  /** Only those this article shows (its cover and the images its text names). */
  article?: string;
}

/** One page of the media library, newest first, with how many images match (admin). */
export async function getMediaPage(
  { limit, offset = 0, usage, query: text, article }: PageRequest & MediaFilter,
  options: RequestOptions,
): Promise<ListPage<MediaItem>> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (usage) query.set('usage', usage);
  if (text?.trim()) query.set('query', text.trim());
  if (article) query.set('article', article);
  const { body, headers } = await requestJsonAnswer(
    `/images?${query}`,
    MediaListSchema,
    {},
    options,
  );
  return listPage(body, headers, limit, offset);
}

export function uploadImage(
  file: Blob,
  fileName: string,
  options: RequestOptions,
): Promise<ImageUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return requestJson('/images', ImageUploadSchema, { method: 'POST', body: form }, options);
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
  const { body, headers } = await requestJsonAnswer(
    `/contact?${query}`,
    StoredContactMessageListSchema,
    {},
    options,
  );
  const unread = headers.get(UNREAD_COUNT_HEADER)?.trim();
  return {
    ...listPage(body, headers, limit, offset),
    unread: unread && /^\d+$/.test(unread) ? Number(unread) : null,
  };
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

export type { Insights, InsightsRange };

/** The site's page views over the last `days` days, today included (admin, docs/decisions/180). */
export function getInsights(days: InsightsRange, options: RequestOptions): Promise<Insights> {
  return requestJson(`${INSIGHTS_PATH}?days=${days}`, InsightsSchema, {}, options);
}

/** The same range as CSV, a row per day and page (admin). */
export function getInsightsCsv(days: InsightsRange, options: RequestOptions): Promise<string> {
  return withDeadline(options.signal, async (signal) => {
    const response = await sendOk(`${INSIGHTS_EXPORT_PATH}?days=${days}`, {}, options, signal);
    return response.text();
  });
}
