// The seam between the site's server (shell/server/, a Fastify app on Node) and its rendering
// bundle (this folder, built by webpack as a federation host: src/render/entry.ts → dist/server/
// render.cjs). The server loads the bundle once, gives it what a render needs, and writes what a
// render gives back into the document (docs/decisions/090). Types only: both sides import them.
import type { Writable } from 'node:stream';
import type { ApiTransport } from '@portfolio/shared/api-client';
import type { ServerSession } from '@portfolio/shared/auth';
import type { RuntimeConfig } from '@portfolio/shared/config';
import type { CanaryPlan } from '@portfolio/platform/remote-rollout';
import type { SiteRouteTable } from '../routes';

export interface RendererOptions {
  /** The runtime config the pages read (the browser's view: public addresses). */
  config: RuntimeConfig;
  /**
   * Remote name → its mf-manifest.json where this server reaches the remote (its own origin);
   * the browser asks for the same files on the site's origin (`config.remotes`, docs/decisions/
   * 101). `config.remotes` when not given.
   */
  remoteUpstreams?: RuntimeConfig['remotes'];
  /** Page module load budget, and the budget for a page's data (ms). */
  loadTimeoutMs: number;
  /**
   * How the pages' loaders call the content API from this server: its address of the API and a
   * fetch that keeps the API's public answers. Handed to each loader through its context.
   */
  api: ApiTransport;
  log?: (message: string, error?: unknown) => void;
}

/** What the server knows of the visitor: a user, null without a session, undefined unknown. */
export type RenderSession = ServerSession | null | undefined;

/** Who a render is for, and which remotes' candidates it uses (docs/decisions/191). */
export interface RenderContextOptions {
  /**
   * A signed-in visitor's page carries the response's nonce on the scripts React writes; a page
   * for everyone else carries none (its policy names each script's hash).
   */
  nonce?: string;
  session: RenderSession;
  /**
   * Remote name → a kept version to render that remote from instead of its live one (a preview,
   * a canary). A version that cannot be loaded leaves its remote live.
   */
  candidates?: Readonly<Partial<Record<string, string>>>;
  /**
   * A page of islands' key (docs/decisions/161): React's identifier prefix in its render, so
   * each <Island>'s key holds it, and its data block says it. A fresh random value of at least
   * 22 URL-safe characters; a page for everyone has it replaced by sealIslandKey() afterwards.
   */
  islandKey: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Remote name → the deployed version this page was rendered with (live or candidate). */
      versions: Readonly<Record<string, string>>;
      /** The remote whose page this is, and whether its page module failed (drawn in the browser). */
      page?: { remote: string; failed: boolean };
      /** Stylesheets of the page's remote, for the head. */
      stylesheets: string[];
      /**
       * The page's own head tags (title, description, canonical, Open Graph, Twitter, feed link,
       * JSON-LD), from the page module's `head` declaration (docs/decisions/060).
       */
      headTags: string;
      /** The data block: a non-executable script element for the head (site-data.ts). */
      siteDataScript: string;
      /**
       * A page of islands (docs/decisions/148): the document marks it so, its inline script is
       * the island loader, not the app's, and it prerenders the pages of islands (`prerender`:
       * their route paths) its visitor is about to open. Undefined for the app's pages.
       */
      islands?: { prerender: readonly string[] };
      /**
       * The page as every visitor without a session gets it while content and remotes stay as
       * they are: a 200 with its data, no part left to the browser (the render cache keeps it).
       */
      cacheable: boolean;
      /**
       * Pipes the rendered app into `target`; resolves when it is all written, with false when
       * part of it was cut off or failed and is left for the browser to draw.
       */
      pipe(target: Writable): Promise<boolean>;
    };

/**
 * Where a request belongs: its page's one address (the path as the route spells it, and only
 * the query parameters the page reads: the render cache's key), or another spelling of it to
 * redirect from, or no page of the site (its 404 is rendered, never kept).
 */
export type PageAddress =
  | { kind: 'page'; canonical: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'unknown' };

/** The remotes as the server follows them (their published routes and deployed versions). */
export interface RemoteVersions {
  /**
   * Reads every remote's published routes and loads a redeployed one; never throws. A call while
   * one is under way waits for that one.
   */
  refresh(): Promise<void>;
  /** Names the versions rendered with: it changes when any remote is redeployed. */
  versions(): string;
  table(): SiteRouteTable;
  /** Whether every remote answered its last refresh. */
  allReachable(): boolean;
  /** Whether every remote's server code is loaded (its live version's container started). */
  allLoaded(): boolean;
  /** The remotes that did not answer their last refresh (for /readyz). */
  unreachable(): string[];
  /** Every stylesheet of every remote's live version, addressed as pages link them. */
  allStylesheets(): string[];
  /** Each remote's running canary (docs/decisions/191), by remote. */
  canaries(): ReadonlyMap<string, CanaryPlan>;
  /** Remote name → the deploy id of its live version (null before it is loaded). */
  liveVersions(): Readonly<Record<string, string | null>>;
}

export interface SiteRenderer {
  render(request: Request, context: RenderContextOptions): Promise<RenderResult>;
  /** Where a URL's path and query belong in the current route table. */
  locate(url: URL): PageAddress;
  remotes: RemoteVersions;
}

/** The bundle's module: what `require('<shell dist>/server/render.cjs')` gives. */
export interface RenderBundle {
  renderer: Promise<{ createRenderer(options: RendererOptions): SiteRenderer }>;
}
