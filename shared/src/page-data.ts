// A page's data, from its route's loader (docs/decisions/035). A page module exports `loader`,
// which returns a promise of the page's state (a union with a `status`, never rejected); the
// shell's route hands it to the page as `page`. On the server the promise is awaited before the
// render and the browser hydrates with the value; on a client navigation it is still pending, and
// the page's <Suspense> shows the loading state until it settles.
import { use, useEffect, useRef } from 'react';
import { useLoaderData, useRevalidator } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { ApiError } from '@portfolio/shared/api-client';
import type { ContentRequestOptions } from '@portfolio/shared/api-client';
import { readPersistedUser } from '@portfolio/shared/auth';
import type { ServerSession } from '@portfolio/shared/auth';
import type { ApiTransport, RequestOptions } from '@portfolio/shared/api-client';
import { getFirebaseAuth } from '@portfolio/shared/firebase';

/** What the shell's page route loader gives: the page loader's result, deferred. */
export interface PageRouteData {
  page: unknown;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * The page loader's state; suspends while it is still on its way (wrap the caller in Suspense).
 * A state that says the data could not be had (`unavailable()`) is loaded again by itself until
 * it can be (useRecovery): every page that shows such a message recovers without a reload.
 */
export function usePageData<T>(): T {
  const data = useLoaderData() as PageRouteData | null | undefined;
  const page = data?.page;
  // The very promise the loader returned (kept in the router's state), so React can track it.
  const state = (isThenable(page) ? use(page as Promise<unknown>) : page) as T;
  useRecovery(isUnavailable(state), page);
  return state;
}

/** The waits before each new attempt to load data that could not be had (then the last, again). */
const RECOVERY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 30_000] as const;

/**
 * While `unavailable`, runs the route's loaders again (docs/decisions/116): after 1, 2, 4, 8, 15
 * and then every 30 s, at once when the browser comes back online or the tab is shown again, and
 * not while the tab is hidden. The message stays on screen meanwhile (the router's updates are
 * transitions), and the page shows its data once an attempt brings it.
 */
function useRecovery(unavailable: boolean, answer: unknown): void {
  const { revalidate } = useRevalidator();
  /** Attempts since the data was last had: each waits longer. */
  const attempts = useRef(0);
  useEffect(() => {
    if (!unavailable) {
      attempts.current = 0;
      return undefined;
    }
    // The timer, back online, the tab shown again: whichever comes first, once, when visible.
    const retry = () => {
      if (document.hidden) return;
      stop();
      attempts.current += 1;
      void revalidate();
    };
    const timer = setTimeout(
      retry,
      RECOVERY_DELAYS_MS[Math.min(attempts.current, RECOVERY_DELAYS_MS.length - 1)],
    );
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    function stop() {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
    }
    return stop;
    // Each attempt's answer (a new loader result, still unavailable) starts the next wait.
  }, [unavailable, revalidate, answer]);
}

export type PageLoader = (args: LoaderFunctionArgs) => unknown;

/**
 * The loader of a page's route, for every router of the site (the shell's, a standalone
 * remote's, the tests'): it starts the page module's load and the page's own loader without
 * waiting, and hands the result over as `page`. In a browser, a new load of the same route (a new
 * search, the next article) aborts the one before it, so a slow answer to an old address never
 * lingers. `loadPageLoader` gives the page's loader (loading its module if need be) or null; it
 * is given the route's loader arguments.
 *
 * `concurrent`: the route serves many requests at once (the site's server, which keeps one route
 * table for all of them), so no load aborts another.
 */
export function pageRouteLoader(
  loadPageLoader: (args: LoaderFunctionArgs) => Promise<PageLoader | null | undefined>,
  { concurrent = false }: { concurrent?: boolean } = {},
): (args: LoaderFunctionArgs) => PageRouteData {
  let previous: AbortController | undefined;
  return (args) => {
    let request = args.request;
    if (!concurrent) {
      previous?.abort();
      const controller = new AbortController();
      previous = controller;
      const { signal } = args.request;
      if (signal.aborted) controller.abort();
      else signal.addEventListener('abort', () => controller.abort(), { once: true });
      request = new Request(args.request, { signal: controller.signal });
    }
    return {
      page: loadPageLoader(args).then(
        (loader) => (loader ? loader({ ...args, request }) : null),
        () => null,
      ),
    };
  };
}

/** What the site's server gives its routes' loaders (shell/src/render/render.tsx). */
export interface SiteRequestContext {
  /** The visitor's session, from the site's session cookie (docs/decisions/037). */
  session: ServerSession | null | undefined;
  /**
   * How the server calls the content API: its own address of it and a fetch that keeps the API's
   * public answers (docs/decisions/090). Absent in the browser.
   */
  api?: ApiTransport;
}

/**
 * The API client's options for a page loader's calls: the request's signal, and on the site's
 * server the transport its context gives (the browser calls the API as the runtime config says).
 */
export function loaderRequestOptions(
  args: Pick<LoaderFunctionArgs, 'request' | 'context'>,
): RequestOptions {
  const context = args.context as Partial<SiteRequestContext> | undefined;
  return context?.api
    ? { signal: args.request.signal, api: context.api }
    : { signal: args.request.signal };
}

/**
 * A page's loader could not have its data (the API down, slow, answering something else): says
 * so where it belongs. On the site's server its log, one line per kind (`what`, a constant
 * sentence), rate-limited; in the browser the console. A load the router gave up (its signal
 * aborted: a newer one replaced it) says nothing.
 */
export function reportLoadFailure(options: RequestOptions, what: string, error: unknown): void {
  if (options.signal?.aborted) return;
  if (options.api?.report) options.api.report(what, error);
  else console.error(what, error);
}

/**
 * The session a page is rendered for on the site's server: a user, or null for a visitor
 * without one. Undefined in the browser (the Auth SDK decides there) and when the server could
 * not tell.
 */
export function requestSession(
  args: Pick<LoaderFunctionArgs, 'context'>,
): ServerSession | null | undefined {
  const context = args.context as Partial<SiteRequestContext> | undefined;
  return context?.session;
}

/**
 * Who may see a project or an article that is not public (a draft or a scheduled item,
 * docs/decisions/122), as a page loader sees it:
 * - `token`: in the browser, the signed-in admin's ID token (the API trusts only those);
 * - `in-browser`: on the site's server, for an admin, who holds no ID token there: the page is
 *   sent in its loading state (private, never cached) and the browser loads the item;
 * - `none`: anyone else, who gets the not-found page.
 */
type DraftAccess = { kind: 'none' } | { kind: 'in-browser' } | { kind: 'token'; token: string };

/**
 * The signed-in user's ID token when their role claim is admin, else null. A visitor without a
 * stored session gets null at once: the Auth SDK is not loaded for them (docs/decisions/028).
 */
async function adminIdToken(): Promise<string | null> {
  if (!readPersistedUser()) return null;
  try {
    const auth = await getFirebaseAuth();
    await auth.authStateReady();
    const user = auth.currentUser;
    if (!user) return null;
    const { claims } = await user.getIdTokenResult();
    return claims.role === 'admin' ? await user.getIdToken() : null;
  } catch {
    // Auth unreachable: the visitor sees what everyone sees.
    return null;
  }
}

/** How the page loader with these arguments may reach an item that is not public. */
async function draftAccess(args: Pick<LoaderFunctionArgs, 'context'>): Promise<DraftAccess> {
  // The site's server says whose page it renders (a session, or null); the browser does not.
  const session = requestSession(args);
  if (session !== undefined) {
    return session?.role === 'admin' ? { kind: 'in-browser' } : { kind: 'none' };
  }
  // On the server without a verdict on the session there is no stored user either: none.
  const token = await adminIdToken();
  return token ? { kind: 'token', token } : { kind: 'none' };
}

/**
 * A project or an article for its page: the public one, else (the API does not know it: 404) the
 * draft or scheduled one when an admin is looking (docs/decisions/122). `in-browser`: on the
 * site's server for an admin; the page shows its loading state and the browser loads it
 * (useLoadInBrowser). Anyone else gets the 404 (an ApiError) as thrown.
 */
export async function loadPublicOrDraft<T>(
  args: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  load: (options: ContentRequestOptions) => Promise<T>,
): Promise<T | 'in-browser'> {
  // The loader's signal, and on the site's server its way to the API (loaderRequestOptions).
  const options = loaderRequestOptions(args);
  try {
    return await load(options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const access = await draftAccess(args);
    if (access.kind === 'none') throw error;
    if (access.kind === 'in-browser') return 'in-browser';
    return load({ ...options, token: access.token, includeDrafts: true });
  }
}

/**
 * For a page whose server render left its data to the browser (a page state `loading`, see
 * DraftAccess): runs the page's loader again once the page is live.
 */
export function useLoadInBrowser(pending: boolean): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (pending && state === 'idle') void revalidate();
    // Once per pending state: a revalidation that ends still pending is not started again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);
}

// ── The page-state protocol (docs/decisions/091) ────────────────────────────────────────────
// A page loader's state is a union of the page's own states. Those that decide the server's
// answer (a 404, a 403, a redirect, data that could not be had) are made with the functions
// below, and the server reads them with pageOutcome(): one protocol for every remote, never a
// string a remote invents.

/** The page's item does not exist (or is not the visitor's to see): 404. */
export type NotFound = { readonly status: 'not-found' };
/** The visitor's role does not open the page: 403. */
export type Forbidden = { readonly status: 'forbidden' };
/**
 * The page sends the visitor elsewhere on the site (a sign-in, say): 302; `permanent`, the
 * page's address is now that one (an article's former slug, docs/decisions/132): 301. In the
 * browser either one replaces the address.
 */
export type Redirect = {
  readonly status: 'redirect';
  readonly location: string;
  readonly permanent?: true;
};
/** The page's data could not be had (API down, too slow): shown with its error, loaded again. */
export type Unavailable = { readonly status: 'error' };
/** The page's data is left for the browser (an admin's draft, an unchecked session). */
export type InBrowser = { readonly status: 'loading' };

/**
 * Whether a page's item is not there, by the API's answer for it: it does not know the id (404)
 * or refuses it as no id at all (400: `/article/TLS-in-practice`, `/projects/a;b=c`). Either way
 * the page is its not-found state (a 404 no cache keeps), never `unavailable()`, which the
 * browser loads again and again (security round 4, finding E).
 */
export function isUnknownItem(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function notFound(): NotFound;
export function notFound<T extends object>(details: T): NotFound & T;
export function notFound(details: object = {}): NotFound {
  return { ...details, status: 'not-found' };
}

export function forbidden(): Forbidden {
  return { status: 'forbidden' };
}

/** Only a path on this site: a page state never sends a visitor elsewhere. */
const SITE_PATH = /^\/(?![/\\])/;

export function redirectTo(
  location: string,
  { permanent = false }: { permanent?: boolean } = {},
): Redirect {
  if (!SITE_PATH.test(location)) throw new Error(`A page redirects on the site only: ${location}`);
  return permanent ? { status: 'redirect', location, permanent } : { status: 'redirect', location };
}

export function unavailable(): Unavailable;
export function unavailable<T extends object>(details: T): Unavailable & T;
export function unavailable(details: object = {}): Unavailable {
  return { ...details, status: 'error' };
}

/** Whether a page state is `unavailable()` (what pageOutcome reads as such, in fewer bytes). */
function isUnavailable(state: unknown): boolean {
  return (state as Partial<Unavailable> | null)?.status === 'error';
}

export function inBrowser(): InBrowser {
  return { status: 'loading' };
}

/** What the server answers for a page state. */
export type PageOutcome =
  | { readonly kind: 'content' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'forbidden' }
  /** `permanent`: a 301 (the page's address is now `location`), else a 302. */
  | { readonly kind: 'redirect'; readonly location: string; readonly permanent?: true }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'in-browser' };

const CONTENT: PageOutcome = { kind: 'content' };

/**
 * The one reader of the protocol: what a page state (any value a loader gave) asks of the
 * server. Anything that is not one of the states above is content.
 */
export function pageOutcome(state: unknown): PageOutcome {
  if (typeof state !== 'object' || state === null) return CONTENT;
  const { status, location, permanent } = state as {
    status?: unknown;
    location?: unknown;
    permanent?: unknown;
  };
  switch (status) {
    case 'not-found':
      return { kind: 'not-found' };
    case 'forbidden':
      return { kind: 'forbidden' };
    case 'redirect':
      if (typeof location !== 'string' || !SITE_PATH.test(location)) return { kind: 'not-found' };
      return permanent === true
        ? { kind: 'redirect', location, permanent }
        : { kind: 'redirect', location };
    case 'error':
      return { kind: 'unavailable' };
    case 'loading':
      return { kind: 'in-browser' };
    default:
      return CONTENT;
  }
}
