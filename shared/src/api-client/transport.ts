// How the one API client (./index.ts) reaches the content API: the base address, the deadline,
// the errors of docs/product.md#content-api, and each answer checked against the API's contract
// (docs/decisions/052) before anyone sees it: an answer of another shape is an
// UnexpectedResponseError, which each page turns into its error state. The functions after
// `imageUrl` are the resource files' own, not the package's (index.ts does not export them).
import { MessageSchema, INCLUDE_DRAFTS, TOTAL_COUNT_HEADER, check } from '@portfolio/contract';
import type { Static, TArray, TSchema } from '@portfolio/contract';
import { getRuntimeConfig } from '@portfolio/shared/config';
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
export function withDrafts(path: string, options: ContentRequestOptions): string {
  if (!options.includeDrafts) return path;
  return `${path}${path.includes('?') ? '&' : '?'}include=${INCLUDE_DRAFTS}`;
}

export function apiUrl(path: string, api?: ApiTransport): string {
  return `${api?.base ?? getRuntimeConfig().apiBase}${path}`;
}

/**
 * Absolute URL of an image whose imagePath is relative to the API base (spec: base + imagePath).
 */
export function imageUrl(imagePath: string): string {
  if (/^https?:\/\//.test(imagePath)) return imagePath;
  return apiUrl(imagePath.startsWith('/') ? imagePath : `/${imagePath}`);
}

export async function readMessage(response: Response): Promise<string | undefined> {
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
export async function withDeadline<T>(
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
export async function send(
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
export async function sendOk(
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
export function requestJson<S extends TSchema>(
  path: string,
  schema: S,
  init: RequestInit = {},
  options: RequestOptions = {},
): Promise<Static<S>> {
  return requestJsonAnswer(path, schema, init, options).then(({ body }) => body);
}

/** `requestJson()`, with the answer's headers too. */
export function requestJsonAnswer<S extends TSchema>(
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
export function requestNoContent(
  path: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<void> {
  return withDeadline(options.signal, async (signal) => {
    await sendOk(path, init, options, signal);
  });
}

export function jsonBody(body: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}

// A list answer that is not an array is an error (docs/product.md#portfolio); the list schemas say

/** The header in which the API says how many items a paged list has in all (the contract's). */
export { TOTAL_COUNT_HEADER };

/** One page of a list, and how many items the whole list has (null: the API did not say). */
export interface ListPage<T> {
  items: T[];
  total: number | null;
}

/**
 * One page of a list: GETs `path` (its query already asking for `limit` and `offset`), checks the
 * answer against the list's `schema`, and reads the total from X-Total-Count. The answer's headers
 * come back too, for the counts some lists send beside the total (`countHeader()`).
 */
export async function requestListPage<Item extends TSchema>(
  path: string,
  schema: TArray<Item>,
  { limit, offset = 0 }: PageRequest,
  options: RequestOptions = {},
): Promise<ListPage<Static<Item>> & { headers: Headers }> {
  const { body: items, headers } = await requestJsonAnswer(path, schema, {}, options);
  return { ...listPage(items, headers, limit, offset), headers };
}

/**
 * The list's total from X-Total-Count. An API that does not send it (one older than the header)
 * still tells the last page: fewer items than asked for means nothing comes after them.
 */
function listPage<T>(items: T[], headers: Headers, limit: number, offset: number): ListPage<T> {
  const total = countHeader(headers, TOTAL_COUNT_HEADER);
  if (total !== null) return { items, total };
  return { items, total: items.length < limit ? offset + items.length : null };
}

/** A count the API sends in a header (X-Total-Count, X-Unread-Count…); null when it sent none. */
export function countHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name)?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

export interface PageRequest {
  /** How many items, 1-100. */
  limit: number;
  /** How many to skip; default 0. */
  offset?: number;
}
