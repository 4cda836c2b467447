// Renders one page on the server: the shell's layout and the page of the remote that owns the
// route, with the page's data, streamed with React's renderToPipeableStream. The site's server
// (shell/server/) loads this bundle and writes what a render gives back into the one document it
// assembles (shell/server/document.ts); the seam between the two is render-types.ts.
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { AuthProvider } from '@portfolio/shared/auth';
import { pageOutcome } from '@portfolio/shared/page-data';
import type { SiteRequestContext } from '@portfolio/shared/page-data';
import type { RemoteName } from '@portfolio/shared/config';
import { setRuntimeConfig } from '@portfolio/shared/config';
import { getSiteSettings } from '@portfolio/shared/api-client';
import type { SiteSettings } from '@portfolio/shared/api-client';
import { ownerIdentity, renderHeadTags, siteContext } from '@portfolio/shared/head';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from '@portfolio/shared/router-server';
import { Spinner } from '@portfolio/shared/ui';
import { siteRoutes } from '../App';
import { framed, pageFrameId } from '../federation/PageFrame';
import { SiteOwnerContext } from '../layout/site-owner';
import { PageSourceContext } from '../federation/page-source';
import { NOT_FOUND_HEAD, pageHead } from '../head/page-head';
import type { PageLoaderData, PageModule, PageSource } from '../federation/page-source';
import { NOT_FOUND_ROUTE_ID, pageRouteId, remoteRouteEntries } from '../routes';
import type { SiteRouteTable } from '../routes';
import { siteDataScript } from '../site-data';
import type { IslandPageData } from '../site-data';
import type { SiteData } from '../site-data';
import { pageAddress } from './page-address';
import { ServerRemotes } from './remotes';
import type { RemoteCandidate, RemotesView, ServerRemotesOptions } from './remotes';
import type {
  RenderContextOptions,
  RenderResult,
  RendererOptions,
  SiteRenderer,
} from './render-types';
import { allSettledWell, resolveDeferred } from './resolve-deferred';

/** The remotes' routes when the shell was built (tools/webpack/create-config.ts). */
declare const __KNOWN_ROUTES__: ServerRemotesOptions['knownRoutes'];

/** A request's context for the routes' loaders: its session, and the page modules it loaded. */
interface RenderContext extends SiteRequestContext {
  loaded: Map<string, { page: PageModule; remote: RemoteName; module: string }>;
  /** Route ids whose page module could not be loaded: drawn in the browser. */
  failed: Set<string>;
  /** The remotes' versions this render uses (the live ones, or a candidate's). */
  view: RemotesView;
}

/** How many route tables' handlers are kept: the live one and a few candidates'. */
const HANDLERS_KEPT = 4;

/** Whether two route tables hold the same routes (each remote's list is kept as published). */
function sameTable(a: SiteRouteTable, b: SiteRouteTable): boolean {
  const remotes = Object.keys(a) as RemoteName[];
  return (
    remotes.length === Object.keys(b).length && remotes.every((remote) => a[remote] === b[remote])
  );
}

type StaticHandler = ReturnType<typeof createStaticHandler>;

function ServerSpinner() {
  return <Spinner />;
}

/** The remote whose page a route id is, in this table. */
function leafRemoteOf(table: SiteRouteTable, id: string): RemoteName | undefined {
  return remoteRouteEntries(table).find((entry) => pageRouteId(entry) === id)?.remote;
}

export function createRenderer(options: RendererOptions): SiteRenderer {
  const { config } = options;
  // Pages (and the API client) read the runtime config; on the server it is the site's.
  setRuntimeConfig(config);

  /**
   * The site's settings as last had: a render whose own load of them is late or fails uses these
   * (docs/decisions/117), and only a render before any load ever succeeded has none.
   */
  let lastSettings: SiteSettings | null = null;

  /**
   * The site's settings for one render (docs/decisions/141), through the server's copy of the
   * API's answers (kept until the next content change, as every page's data), within the budget.
   * `fresh`: they came for this render; otherwise the last known ones (or null, never had), and
   * the page is then not kept. Never throws.
   */
  async function loadSettings(
    signal: AbortSignal,
  ): Promise<{ settings: SiteSettings | null; fresh: boolean }> {
    const budget = AbortSignal.timeout(options.loadTimeoutMs);
    try {
      const settings = await getSiteSettings({
        api: options.api,
        signal: AbortSignal.any([signal, budget]),
      });
      lastSettings = settings;
      return { settings, fresh: true };
    } catch (error) {
      if (budget.aborted) {
        options.log?.('The site settings missed the render budget', error);
      } else if (!signal.aborted) {
        options.api.report?.('Could not load the site settings', error);
      }
    }
    return { settings: lastSettings, fresh: false };
  }

  const remotes = new ServerRemotes({
    manifests: options.remoteUpstreams ?? config.remotes,
    publicManifests: config.remotes,
    loadTimeoutMs: options.loadTimeoutMs,
    knownRoutes: __KNOWN_ROUTES__,
    log: options.log,
  });

  /**
   * The static handler of the current route table, made again only when the table changes (a
   * remote redeployed with other routes): building one ranks every route, too much to redo per
   * request. Its routes serve all requests at once; what each request loaded is in its context.
   */
  /** The pages of islands of a route table (docs/decisions/148): their ids and route paths. */
  interface IslandPages {
    ids: ReadonlySet<string>;
    prerender: readonly string[];
  }
  // Newest first: the live table's, and those of the candidates being previewed or canaried.
  let handlers: { table: SiteRouteTable; handler: StaticHandler; islandPages: IslandPages }[] = [];
  function handlerFor(table: SiteRouteTable): { handler: StaticHandler; islandPages: IslandPages } {
    const known = handlers.find((entry) => sameTable(entry.table, table));
    if (known) return known;
    const loadPage = async (remote: RemoteName, module: string, context: unknown) => {
      const { loaded, failed, view } = context as RenderContext;
      const id = pageRouteId({ remote, module });
      try {
        const page = await view.load(remote, module);
        loaded.set(id, { page, remote, module });
        return page;
      } catch (error) {
        failed.add(id);
        options.log?.(`Page ${id} is drawn in the browser`, error);
        throw error;
      }
    };
    const handler = createStaticHandler(
      siteRoutes({ owner: config.owner, table, loadPage, concurrent: true }),
    );
    const islandEntries = remoteRouteEntries(table).filter((entry) => entry.islands);
    const islandPages = {
      ids: new Set(islandEntries.map((entry) => pageRouteId(entry))),
      prerender: islandEntries.map((entry) => entry.path),
    };
    const made = { table, handler, islandPages };
    handlers = [made, ...handlers].slice(0, HANDLERS_KEPT);
    return made;
  }

  /**
   * The candidates a render was asked for (remote → kept version), loaded beside the live
   * versions; those that could not be loaded (or are live) are left out: their remote is live.
   */
  async function candidatesFor(
    wanted: Readonly<Partial<Record<RemoteName, string>>> | undefined,
  ): Promise<RemoteCandidate[]> {
    const entries = Object.entries(wanted ?? {}) as [RemoteName, string][];
    if (entries.length === 0) return [];
    const loaded = await Promise.all(
      entries.map(([remote, version]) => remotes.candidate(remote, version)),
    );
    return loaded.filter((candidate): candidate is RemoteCandidate => candidate !== null);
  }

  /**
   * `session`: who the page is for (the site's session cookie, checked by the site's server):
   * a user, null without a session, undefined when it could not be checked.
   */
  async function render(
    request: Request,
    { nonce, session, candidates, islandKey }: RenderContextOptions,
  ): Promise<RenderResult> {
    // Asked for at once, beside the page's own data.
    const settingsLoad = loadSettings(request.signal);
    const view = remotes.view(await candidatesFor(candidates));
    const table = view.table();
    const { handler, islandPages } = handlerFor(table);
    const loaded: RenderContext['loaded'] = new Map();
    const failed: RenderContext['failed'] = new Set();
    // The loaders call the API as this server does (its address, its content cache), with a
    // signal that also ends when the render budget is spent: they then settle with their own
    // "could not be had" state (resolve-deferred.ts).
    const requestContext: RenderContext = { session, api: options.api, loaded, failed, view };
    const budget = new AbortController();
    const loaderRequest = new Request(request.url, {
      signal: AbortSignal.any([request.signal, budget.signal]),
    });
    const context = await handler.query(loaderRequest, { requestContext });
    if (context instanceof Response) {
      return {
        kind: 'redirect',
        status: context.status,
        location: context.headers.get('Location') ?? '/',
      };
    }
    const [{ loaderData, late }, { settings, fresh: freshSettings }] = await Promise.all([
      resolveDeferred(context.loaderData, {
        budgetMs: options.loadTimeoutMs,
        onSpent: () => budget.abort(),
      }),
      settingsLoad,
    ]);
    // A route whose loader did not even settle with its own state is left to the browser: its
    // page is never handed a state its loader did not make (docs/decisions/117).
    for (const id of late) failed.add(id);
    if (late.size > 0) {
      options.log?.('Page data missed the render budget: drawn in the browser', new Error('late'));
    }
    // The page's site: its owner, job title, card versions and theme (docs/decisions/141).
    const site = siteContext(config, settings ?? undefined);
    const owner = settings ? ownerIdentity(settings) : config.owner;
    const leaf = context.matches[context.matches.length - 1];
    const leafId = leaf?.route.id ?? NOT_FOUND_ROUTE_ID;
    const pageResult = failed.has(leafId)
      ? undefined
      : (loaderData[leafId] as PageLoaderData | undefined)?.page;
    // What the page's state asks of the answer (the page-state protocol, docs/decisions/091).
    const outcome = pageOutcome(pageResult);
    // A page for signed-in visitors only sends the others to sign in (its loader says where):
    // a 302. A page whose address is now another (an article's former slug, docs/decisions/132)
    // says so permanently: a 301.
    if (outcome.kind === 'redirect') {
      const status = outcome.permanent ? 301 : 302;
      return { kind: 'redirect', status, location: outcome.location };
    }
    // An unknown article or project is a 404, like an unknown route; a page the visitor's role
    // does not open is a 403.
    const notFound = leafId === NOT_FOUND_ROUTE_ID || outcome.kind === 'not-found';
    // A page the server could not render whole for lack of its data or code (the API down or
    // late, a remote's module not loaded, no settings ever had) is not a success a cache or a
    // crawler should take: 503, the same page drawn and recovered in the browser
    // (docs/decisions/117).
    const incomplete = outcome.kind === 'unavailable' || failed.size > 0 || settings === null;
    const status = notFound
      ? 404
      : outcome.kind === 'forbidden'
        ? 403
        : incomplete && context.statusCode === 200
          ? 503
          : context.statusCode;

    const source: PageSource = {
      page: (remote, module) => {
        const id = pageRouteId({ remote, module });
        const page = failed.has(id) ? undefined : loaded.get(id)?.page.default;
        // In its frame, as the browser draws it (PageFrame.tsx, docs/decisions/114).
        return page ? framed(page, pageFrameId(remote, module)) : ServerSpinner;
      },
    };
    const rendered = loaded.get(leafId);
    const stylesheets = rendered ? view.stylesheets(rendered.remote, rendered.module) : [];
    const url = new URL(request.url);
    const head =
      leafId === NOT_FOUND_ROUTE_ID
        ? NOT_FOUND_HEAD
        : pageHead(
            rendered?.page.head,
            { data: pageResult ?? null, params: leaf?.params ?? {}, url, site },
            (error) => options.log?.(`The head of page ${leafId} failed`, error),
          );
    // The browser loads each remote's code from the version this page was rendered with.
    // …and the owner it was rendered for, whom the layout keeps naming in the browser.
    const pageConfig = { ...config, owner, remotes: view.manifests() };
    // A page of islands (docs/decisions/148), rendered whole: its islands are hydrated alone,
    // with their own props, so the block carries no route table and no loader data. A page
    // that is not whole (a part left to the browser, data to load again, a draft the admin's
    // browser loads with their token) is the app's to draw.
    const islands =
      islandPages.ids.has(leafId) &&
      failed.size === 0 &&
      (outcome.kind === 'content' || outcome.kind === 'not-found') &&
      allSettledWell(loaderData);
    const data: SiteData | IslandPageData = islands
      ? { config: pageConfig, ...(session !== undefined && { session }), islandKey }
      : {
          config: pageConfig,
          routes: table,
          loaderData,
          drawnInBrowser: [...failed],
          // The API down or slow while rendering: the browser loads the data again.
          reloadData: outcome.kind === 'unavailable' || late.size > 0,
          ...(session !== undefined && { session }),
        };
    const resolved = { ...context, loaderData };
    const router = createStaticRouter(handler.dataRoutes, resolved);
    const app = (
      <PageSourceContext.Provider value={source}>
        <SiteOwnerContext.Provider value={owner}>
          <AuthProvider hydrating session={session}>
            <StaticRouterProvider
              router={router}
              context={resolved}
              hydrate={false}
              nonce={nonce}
            />
          </AuthProvider>
        </SiteOwnerContext.Provider>
      </PageSourceContext.Provider>
    );
    const leafRemote = leafId === NOT_FOUND_ROUTE_ID ? undefined : leafRemoteOf(table, leafId);
    return {
      kind: 'page',
      status,
      versions: view.versions(),
      ...(leafRemote && { page: { remote: leafRemote, failed: failed.has(leafId) } }),
      stylesheets,
      headTags: renderHeadTags(head, site, url),
      siteDataScript: siteDataScript(data),
      ...(islands && { islands: { prerender: islandPages.prerender } }),
      cacheable: status === 200 && failed.size === 0 && allSettledWell(loaderData) && freshSettings,
      pipe: (target) =>
        new Promise<boolean>((resolve, reject) => {
          let complete = true;
          // A render that never completes is cut off: its unfinished parts are drawn in the browser.
          const deadline = setTimeout(() => {
            complete = false;
            stream.abort();
          }, options.loadTimeoutMs * 2);
          const stream = renderToPipeableStream(app, {
            nonce,
            // Every <Island>'s key holds the page's (docs/decisions/161); only a page of islands
            // has a loader that reads it.
            ...(islands && { identifierPrefix: islandKey }),
            // The page is sent whole (onAllReady), so every finished part belongs in place. React
            // otherwise moves a finished Suspense boundary of more than 12,800 bytes (an article
            // list with two links per card) to the end of the page, where only a script puts it
            // back: without JavaScript the list would not show.
            progressiveChunkSize: Number.MAX_SAFE_INTEGER,
            onAllReady() {
              // Everything is ready, so React writes the page at once, in chunks of a few KB:
              // gathered here and handed on as one write, not one socket write per chunk.
              const chunks: Buffer[] = [];
              const gather = new Writable({
                write(chunk: Buffer, _encoding, done) {
                  chunks.push(chunk);
                  done();
                },
                final(done) {
                  clearTimeout(deadline);
                  target.write(Buffer.concat(chunks));
                  resolve(complete);
                  done();
                },
              });
              gather.on('error', reject);
              stream.pipe(gather);
            },
            onShellError(error) {
              clearTimeout(deadline);
              reject(error);
            },
            onError(error) {
              complete = false;
              options.log?.('Render error', error);
            },
          });
        }),
    };
  }

  return {
    render,
    locate: (url) => pageAddress(url, remoteRouteEntries(remotes.table())),
    remotes,
  };
}
