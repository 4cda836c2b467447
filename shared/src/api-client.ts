// The one typed client for the content API. Every page call goes through here, so the base
// address, timeouts and the spec's error handling live in one place.
import { getRuntimeConfig } from '@portfolio/shared/config';
import type {
  AboutData,
  Article,
  ArticleDetail,
  ContactMessage,
  Project,
  SearchResult,
  StoredContactMessage,
  UserProfile,
} from '@portfolio/shared/types';

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

export interface RequestOptions {
  signal?: AbortSignal;
  /** Firebase ID token for calls that need a signed-in user. */
  token?: string;
}

function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiBase}${path}`;
}

/** Absolute URL of an image whose imagePath is relative to the API base (spec: base + imagePath). */
export function imageUrl(imagePath: string): string {
  if (/^https?:\/\//.test(imagePath)) return imagePath;
  return apiUrl(imagePath.startsWith('/') ? imagePath : `/${imagePath}`);
}

async function readMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string') return message;
    }
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

function send(
  path: string,
  init: RequestInit,
  token: string | undefined,
  signal: AbortSignal,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(apiUrl(path), { ...init, headers, signal });
}

/** Sends a request and parses JSON; a non-ok status throws ApiError with the server's message. */
function requestJson<T>(
  path: string,
  init: RequestInit = {},
  options: RequestOptions = {},
): Promise<T> {
  return withDeadline(options.signal, async (signal) => {
    const response = await send(path, init, options.token, signal);
    if (!response.ok) {
      const message = (await readMessage(response)) ?? `Request failed (HTTP ${response.status})`;
      throw new ApiError(message, response.status);
    }
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  });
}

function jsonBody(body: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}

async function requestArray<T>(path: string, options: RequestOptions): Promise<T[]> {
  const data = await requestJson<unknown>(path, {}, options);
  // Spec: "Returns an array; if not an array it is an error."
  if (!Array.isArray(data)) throw new ApiError('Expected an array', 200);
  return data as T[];
}

export function getProjects(options: RequestOptions = {}): Promise<Project[]> {
  return requestArray<Project>('/projects', options);
}

export function getProject(id: string, options: RequestOptions = {}): Promise<Project> {
  return requestJson<Project>(`/projects/${encodeURIComponent(id)}`, {}, options);
}

export interface Page {
  limit?: number;
  offset?: number;
}

export function getArticles(page: Page = {}, options: RequestOptions = {}): Promise<Article[]> {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.offset !== undefined) query.set('offset', String(page.offset));
  const suffix = query.size > 0 ? `?${query}` : '';
  return requestArray<Article>(`/articles${suffix}`, options);
}

export function getArticle(id: string, options: RequestOptions = {}): Promise<ArticleDetail> {
  return requestJson<ArticleDetail>(`/articles/${encodeURIComponent(id)}`, {}, options);
}

export function searchArticles(
  query: string,
  options: RequestOptions = {},
): Promise<SearchResult[]> {
  return requestArray<SearchResult>(`/search?${new URLSearchParams({ query })}`, options);
}

export function getAboutData(options: RequestOptions = {}): Promise<AboutData> {
  return requestJson<AboutData>('/about-data', {}, options);
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
 * spec judge it differently (home wants 201, the contact page any ok). Network errors throw.
 * The Idempotency-Key lets the API store a message once even if the request is sent again.
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
      options.token,
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

// --- Signed-in user: profile documents (embedded-default profile store) ---

export function getMyProfile(options: RequestOptions): Promise<UserProfile> {
  return requestJson<UserProfile>('/users/me', {}, options);
}

export type ProfileWrite = Partial<Omit<UserProfile, 'uid'>>;

export function putMyProfile(profile: ProfileWrite, options: RequestOptions): Promise<UserProfile> {
  return requestJson<UserProfile>('/users/me', { method: 'PUT', ...jsonBody(profile) }, options);
}

// --- Admin (role admin; the API enforces it) ---

export type ProjectInput = Omit<Project, '_id' | 'createdAt'>;
export type ArticleInput = Omit<Article, '_id' | 'createdAt'>;

export function createProject(input: ProjectInput, options: RequestOptions): Promise<Project> {
  return requestJson<Project>('/projects', { method: 'POST', ...jsonBody(input) }, options);
}

export function updateProject(
  id: string,
  input: ProjectInput,
  options: RequestOptions,
): Promise<Project> {
  return requestJson<Project>(
    `/projects/${encodeURIComponent(id)}`,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

export function deleteProject(id: string, options: RequestOptions): Promise<void> {
  return requestJson<void>(`/projects/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

export function createArticle(input: ArticleInput, options: RequestOptions): Promise<Article> {
  return requestJson<Article>('/articles', { method: 'POST', ...jsonBody(input) }, options);
}

export function updateArticle(
  id: string,
  input: ArticleInput,
  options: RequestOptions,
): Promise<Article> {
  return requestJson<Article>(
    `/articles/${encodeURIComponent(id)}`,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

export function deleteArticle(id: string, options: RequestOptions): Promise<void> {
  return requestJson<void>(`/articles/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

/** DELETE /images/:name for an `imagePath` such as /images/diagram-1a2b.png (admin only). */
export function deleteImage(imagePath: string, options: RequestOptions): Promise<void> {
  const name = imagePath.replace(/^\/images\//, '');
  return requestJson<void>(`/images/${encodeURIComponent(name)}`, { method: 'DELETE' }, options);
}

export function uploadImage(
  file: Blob,
  fileName: string,
  options: RequestOptions,
): Promise<{ imagePath: string }> {
  const form = new FormData();
  form.append('file', file, fileName);
  return requestJson<{ imagePath: string }>('/images', { method: 'POST', body: form }, options);
}

export function getContactMessages(options: RequestOptions): Promise<StoredContactMessage[]> {
  return requestArray<StoredContactMessage>('/contact', options);
}

export function markContactMessageRead(
  id: string,
  read: boolean,
  options: RequestOptions,
): Promise<StoredContactMessage> {
  return requestJson<StoredContactMessage>(
    `/contact/${encodeURIComponent(id)}`,
    { method: 'PATCH', ...jsonBody({ read }) },
    options,
  );
}
