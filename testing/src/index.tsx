// Test support for every front-end package (`import { … } from '@portfolio/testing'`): the test
// runtime config, a fetch mock, and the one way to render a page: renderPage() as the site's
// router does in the browser, renderPageOnServer() as the shell's server does. The Firebase
// stand-in is '@portfolio/testing/firebase', fixtures '@portfolio/testing/fixtures'.
import { isValidElement } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import {
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
  createMemoryRouter,
  matchPath,
  useLocation,
} from 'react-router-dom';
import type { LoaderFunctionArgs } from 'react-router-dom';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from '@portfolio/shared/router-server';
import { AuthProvider } from '@portfolio/shared/auth';
import { getRuntimeConfig, hasRuntimeConfig, setRuntimeConfig } from '@portfolio/shared/config';
import { applyDocumentHead, documentTitle, siteContext } from '@portfolio/shared/head';
import type { HeadArgs, HeadSpec } from '@portfolio/shared/head';
import { pageRouteLoader } from '@portfolio/shared/page-data';
import type { RuntimeConfig } from '@portfolio/shared/config';

export { setReducedMotion } from './media';

export const TEST_API_BASE = 'http://api.test/api';

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: TEST_API_BASE,
  remotes: {
    portfolio: 'http://portfolio.test/mf-manifest.json',
    blog: 'http://blog.test/mf-manifest.json',
    auth: 'http://auth.test/mf-manifest.json',
    shop: 'http://shop.test/mf-manifest.json',
  },
  remoteOrigins: [
    'http://portfolio.test',
    'http://blog.test',
    'http://auth.test',
    'http://shop.test',
  ],
  firebase: { apiKey: 'test-key', authDomain: 'demo-test.firebaseapp.com', projectId: 'demo-test' },
  profileStore: 'api',
  siteUrl: 'http://site.test',
  owner: {
    name: 'Test Owner',
    email: 'owner@example.test',
    social: [{ label: 'GitHub', url: 'https://github.com/test' }],
  },
};

/** Call at the top of a test file: every test then sees the test runtime config. */
export function setUpTestRuntimeConfig(config: RuntimeConfig = TEST_RUNTIME_CONFIG): void {
  beforeEach(() => setRuntimeConfig(config));
}

export interface RenderAtOptions {
  /** The URL the page is rendered at, e.g. '/projects/abc'. */
  route?: string;
  /** The route pattern, e.g. '/projects/:id', so useParams works. */
  path?: string;
}

/** Renders a page inside a router at a URL, with a catch-all that shows where it navigated. */
export function renderAt(
  ui: ReactElement,
  { route = '/', path = '*' }: RenderAtOptions = {},
): RenderResult {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** What the catch-all route shows: where the page navigated to (see navigatedTo()). */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The path (and query) the page navigated to; waits for the navigation. */
export async function navigatedTo(): Promise<string | null> {
  return (await screen.findByTestId('location')).textContent;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Headers of the answer besides its Content-Type (e.g. X-Total-Count). */
  headers?: Record<string, string>;
}

/**
 * Replaces global fetch: `routes` maps "METHOD /path" (path relative to the API base, query
 * included) to a response, a function returning one, or an Error to throw.
 */
export function mockFetch(
  routes: Record<string, MockResponse | Error | ((init?: RequestInit) => MockResponse | Error)>,
): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.startsWith(TEST_API_BASE) ? url.slice(TEST_API_BASE.length) : url;
    const handler = routes[`${method} ${path}`];
    if (handler === undefined) throw new Error(`Unexpected fetch: ${method} ${path}`);
    const result = typeof handler === 'function' ? handler(init) : handler;
    if (result instanceof Error) throw result;
    const status = result.status ?? 200;
    const body = result.body === undefined ? null : JSON.stringify(result.body);
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json', ...result.headers },
    });
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/**
 * Makes every IntersectionObserver report its elements in view at once (jsdom has no layout), for
 * what a page loads only when the visitor scrolls near it. Returns a function that undoes it.
 */
export function revealOnObserve(): () => void {
  const original = window.IntersectionObserver;
  window.IntersectionObserver = class {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  return () => {
    window.IntersectionObserver = original;
  };
}

/**
 * A page's deferred state, settled inside act(): React then re-renders the suspended page in the
 * test's act scope, as Testing Library expects, instead of queueing it where nothing flushes it.
 */
function settlesInAct(value: unknown): unknown {
  if (!(value instanceof Promise)) return value;
  return new Promise((resolve, reject) => {
    const settling = value.then(
      (settled: unknown) => act(async () => resolve(settled)),
      // A load aborted by the next navigation: the router drops it.
      (error: unknown) => act(async () => reject(error)),
    );
    pendingSettlements.add(settling);
    void settling.finally(() => pendingSettlements.delete(settling));
  });
}

/** The act() scopes in which page data is being settled, open or to come. */
const pendingSettlements = new Set<Promise<unknown>>();

/** Until every page data load started so far has settled inside its act() scope. */
async function pageDataSettled(): Promise<void> {
  while (pendingSettlements.size > 0) await Promise.allSettled([...pendingSettlements]);
}

export interface PageModuleUnderTest {
  default: ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
  // The page's own data type; the site calls it with its loader's state (docs/decisions/060).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  head?: (args: HeadArgs<any>) => HeadSpec;
}

/** The document title the site shows for a page titled `title` (the test owner's site). */
export function siteTitle(title: string): string {
  return documentTitle({ title }, siteContext(TEST_RUNTIME_CONFIG));
}

export interface RenderPageOptions {
  /** The URL the page is rendered at, e.g. '/projects/abc?tab=1'. Default '/'. */
  route?: string;
  /** The route pattern, e.g. '/projects/:id'. Default: the route's path, so that any other
   * URL the page navigates to shows the catch-all (navigatedTo()). */
  path?: string;
  /** Inside the site's AuthProvider, as the shell renders every page (sign-in, dashboards…). */
  auth?: boolean;
}

export interface RenderedPage {
  container: HTMLElement;
  unmount(): void;
  router: ReturnType<typeof createMemoryRouter>;
  /** A user-event instance for this render (user.click, user.type…). */
  user: UserEvent;
  /**
   * Navigates as a link would and waits, inside one act() scope, until the new page's data has
   * settled and been rendered: the data's own act() then nests in it instead of overlapping it.
   */
  navigate(to: string): Promise<void>;
}

/**
 * Renders a page as the site does in the browser: on a data router whose route runs the page's
 * loader and hands its (deferred) state to the page, optionally inside the AuthProvider. `page`
 * is a page module (`import * as Page from './Page'`: default export, loader, head) or an
 * element (`<SignInPage />`) for a page without a loader. The first render shows the page's
 * loading state, as a client navigation does; a catch-all shows where it navigated.
 */
export function renderPage(
  pageOrElement: PageModuleUnderTest | ReactElement,
  { route = '/', path, auth = false }: RenderPageOptions = {},
): RenderedPage {
  const page: PageModuleUnderTest = isValidElement(pageOrElement)
    ? { default: () => pageOrElement }
    : pageOrElement;
  const url = new URL(route, 'http://site.test');
  path ??= url.pathname;
  // Decoded, as the router hands them to loaders.
  const params = Object.fromEntries(
    Object.entries(matchPath(path, url.pathname)?.params ?? {}).map(([key, value]) => [
      key,
      value === undefined ? value : decodeURIComponent(value),
    ]),
  );
  const Page = page.default;
  const pageLoader = page.loader;
  const routeLoader = pageRouteLoader(async () =>
    pageLoader ? (args: LoaderFunctionArgs) => pageLoader(args) : null,
  );
  // The page's head, applied as the shell applies it once the page's data is in.
  const applyHead = (state: unknown, args: LoaderFunctionArgs) => {
    if (!page.head || !hasRuntimeConfig()) return;
    const site = siteContext(getRuntimeConfig());
    const at = new URL(args.request.url);
    const spec = page.head({ data: state ?? null, params: args.params, url: at, site });
    applyDocumentHead(document, spec, site, at);
  };
  const load = (args: LoaderFunctionArgs) => {
    const state = routeLoader(args).page;
    void Promise.resolve(state).then((value) => applyHead(value, args));
    return { page: settlesInAct(state) };
  };
  const data = load({
    request: new Request(url),
    url,
    pattern: path,
    params,
    context: undefined,
  });
  const router = createMemoryRouter(
    [
      { id: 'page', path, loader: load, element: <Page /> },
      { path: '*', element: <LocationProbe /> },
    ],
    // The first render's data is handed over, as the server does, so it needs no wait.
    { initialEntries: [route], hydrationData: { loaderData: { page: data } } },
  );
  // Rendered outside act(): React 19 parks a render that suspends inside a synchronous act()
  // (as Testing Library's render() is) and never retries it. The page's data then settles
  // inside act() (settlesInAct), which renders the loaded page.
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    const app = <RouterProvider router={router} />;
    flushSync(() => root.render(auth ? <AuthProvider>{app}</AuthProvider> : app));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
  }
  const unmount = () => {
    if (!mountedPages.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mountedPages.add(unmount);
  const navigate = (to: string) =>
    act(async () => {
      await router.navigate(to);
      await pageDataSettled();
    });
  return { container, unmount, router, user: userEvent.setup(), navigate };
}

/**
 * Renders a page module as the shell's server does (shell/src/render/render.tsx): a static
 * handler runs the route's loader (pageRouteLoader, with the page's loader and the API client),
 * the page's state is awaited, and the page is rendered to HTML with that state.
 */
export async function renderPageOnServer(
  page: PageModuleUnderTest,
  { route = '/', path = '*' }: RenderAtOptions = {},
): Promise<string> {
  const Page = page.default;
  const pageLoader = page.loader;
  const routeLoader = pageRouteLoader(async () =>
    pageLoader ? (args: LoaderFunctionArgs) => pageLoader(args) : null,
  );
  const handler = createStaticHandler([
    { id: 'page', path, loader: routeLoader, element: <Page /> },
  ]);
  const context = await handler.query(new Request(new URL(route, 'http://site.test')));
  if (context instanceof Response)
    throw new Error(`Redirected to ${context.headers.get('Location')}`);
  const loaderData = { ...context.loaderData };
  const data = loaderData.page as { page: unknown } | undefined;
  if (data) loaderData.page = { page: await data.page };
  const resolved = { ...context, loaderData };
  const router = createStaticRouter(handler.dataRoutes, resolved);
  return renderToString(
    <StaticRouterProvider router={router} context={resolved} hydrate={false} />,
  );
}

const mountedPages = new Set<() => void>();

/** Unmounts what renderPage() mounted (testing/jest/setup-dom.ts calls it after each test). */
export function cleanupPages(): void {
  for (const unmount of [...mountedPages]) unmount();
}
