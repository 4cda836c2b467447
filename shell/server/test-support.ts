// What the site's server's tests build it from (never imported by the server itself): a small
// content API on loopback, a renderer at the seam's type, the shell's assets and a content watch
// the test switches. Each plugin's test builds the whole server with buildSiteServer and talks to
// it with inject(), as the server is used.
import type { CanaryPlan } from '@portfolio/platform/remote-rollout';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, escapeHtml } from '@portfolio/contract';
import type { Env } from '@portfolio/platform/settings';
import type { FastifyInstance } from 'fastify';
import { remoteRouteEntries } from '../src/routes';
import type { SiteRouteTable } from '../src/routes';
import { pageAddress } from '../src/render/page-address';
import type { RenderResult, SiteRenderer } from '../src/render/render-types';
import { buildSiteServer } from './app';
import type { ContentWatch } from './content-events';
import type { SiteServerOptions } from './options';
import { readSiteServerSettings } from './settings';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A content API on loopback: each test sets how a path answers; calls are recorded. */
export async function startTestApi() {
  const routes = new Map<string, Handler>();
  const calls: {
    method: string;
    url: string;
    body: string;
    headers: IncomingMessage['headers'];
  }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body,
        headers: request.headers,
      });
      const handler = routes.get(`${request.method} ${request.url?.split('?')[0]}`);
      if (!handler) {
        response
          .writeHead(404, { 'Content-Type': 'application/json' })
          .end('{"message":"Not found"}');
        return;
      }
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return {
    base,
    calls,
    /** `answer` for METHOD /path (the path under /api). */
    on(
      method: string,
      path: string,
      answer: {
        status?: number;
        json?: unknown;
        text?: string;
        type?: string;
        headers?: Record<string, string>;
      },
    ) {
      routes.set(`${method} /api${path}`, (_request, _body, response) => {
        response.writeHead(answer.status ?? 200, {
          'Content-Type':
            answer.type ?? (answer.text === undefined ? 'application/json' : 'text/plain'),
          ...answer.headers,
        });
        response.end(answer.text ?? JSON.stringify(answer.json ?? {}));
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** What the API's POST /sessions/verify answers for a signed-in user (a session issued now). */
export function testIdentity() {
  return {
    uid: 'u1',
    email: 'a@b.test',
    displayName: 'A',
    photoURL: null,
    role: 'user',
    issuedAt: Math.floor(Date.now() / 1000),
  };
}

/** A content stream the test switches: live, and each `change()` is an announced change. */
export function testWatch(live = true) {
  const listeners = new Set<() => void>();
  const watch: ContentWatch & { live: boolean; change(): void } = {
    live,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
    change: () => listeners.forEach((listener) => listener()),
  };
  return watch;
}

export const TEST_TABLE: SiteRouteTable = {
  blog: [
    { path: '/blog', module: './BlogPage' },
    { path: '/article/:id', module: './ArticlePage' },
    { path: '/search-article', module: './SearchPage', query: ['query'] },
  ],
  auth: [{ path: '/signin', module: './SignInPage', private: true }],
};

export interface TestRenderer extends SiteRenderer {
  /** The URLs rendered, in order. */
  rendered: string[];
  /**
   * What the next renders give (a page of the URL's path, by default), given what the render was
   * given (a nonce: React's scripts carry it; a page of islands' key: its islands carry it).
   */
  next: (
    url: URL,
    context: { nonce?: string; islandKey: string },
  ) => Partial<Extract<RenderResult, { kind: 'page' }>> | RenderResult | Error;
  reachable: boolean;
  /** Whether every remote's server code is loaded (the warm-up waits for it). */
  loaded: boolean;
  versions: string;
  /** Every stylesheet of the remotes' live versions. */
  stylesheets: string[];
  /** The remotes' running canaries (docs/decisions/191). */
  canaries: Map<string, CanaryPlan>;
  /** Remote name → its live version. */
  live: Record<string, string>;
}

/** A renderer at the seam's type: a page whose body names its URL and render number. */
export function testRenderer(table: SiteRouteTable = TEST_TABLE): TestRenderer {
  const renderer: TestRenderer = {
    rendered: [],
    next: () => ({}),
    reachable: true,
    loaded: true,
    versions: 'blog@1',
    stylesheets: [],
    canaries: new Map(),
    live: { blog: '1' },
    async render(request, { nonce, candidates = {}, islandKey }) {
      const url = new URL(request.url);
      renderer.rendered.push(`${url.pathname}${url.search}`);
      const given = renderer.next(url, { nonce, islandKey });
      if (given instanceof Error) throw given;
      if ('kind' in given && given.kind === 'redirect') return given;
      const count = renderer.rendered.length;
      const versions = { ...renderer.live, ...candidates } as Record<string, string>;
      const from = Object.entries(candidates)
        .map(([remote, version]) => ` ${remote}@${version}`)
        .join('');
      return {
        kind: 'page',
        status: 200,
        versions,
        page: { remote: 'blog', failed: false },
        stylesheets: ['http://localhost:3000/remotes/blog/v/1/blog.css'],
        // Escaped, as React and the head's renderer escape what a page shows.
        headTags: `<title>${escapeHtml(url.pathname)}</title>`,
        siteDataScript: '<script type="application/json" id="site-data">{}</script>',
        cacheable: true,
        pipe: async (target) => {
          target.write(`<main>page ${escapeHtml(url.pathname)} render ${count}${from}</main>`);
          return true;
        },
        ...given,
      };
    },
    locate: (url) => pageAddress(url, remoteRouteEntries(table)),
    remotes: {
      refresh: async () => {},
      versions: () => renderer.versions,
      table: () => table,
      allReachable: () => renderer.reachable,
      allLoaded: () => renderer.loaded,
      unreachable: () => (renderer.reachable ? [] : ['blog']),
      allStylesheets: () => renderer.stylesheets,
      canaries: () => renderer.canaries,
      liveVersions: () => renderer.live,
    },
  };
  return renderer;
}

export interface TestSite {
  app: FastifyInstance;
  renderer: TestRenderer;
  watch: ReturnType<typeof testWatch>;
  api: TestApi;
  /** Resolves once the render cache has made the compressed forms of the pages it keeps. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A shell build folder with a script, a stylesheet and the files the server must not serve. */
export function testShellBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), 'console.log("shell");');
  writeFileSync(path.join(dir, 'main.1a2b3c4d.css'), 'body{margin:0}');
  writeFileSync(path.join(dir, 'main.1a2b3c4d.js.map'), '{}');
  writeFileSync(path.join(dir, 'favicon.txt'), 'not hashed');
  writeFileSync(path.join(dir, 'server', 'render.cjs'), 'module.exports = {};');
  writeFileSync(path.join(dir, 'assets.json'), '{"scripts":[],"stylesheets":[]}');
  return dir;
}

/**
 * The whole site's server over a test API, renderer, assets and watch. `env`: settings as the
 * environment would give them (PUBLIC_HOSTS, REMOTE_BLOG_URL…), read by the server's schema.
 */
export async function buildTestSite(
  options: Partial<Omit<SiteServerOptions, 'settings'>> & { env?: Env } = {},
  { table }: { table?: SiteRouteTable } = {},
): Promise<TestSite> {
  const api = await startTestApi();
  api.on('GET', '/health', { json: { status: 'ok' } });
  const renderer = testRenderer(table);
  const watch = testWatch();
  const { env: given, ...rest } = options;
  const env: Env = {
    API_BASE_URL: api.base,
    SITE_URL: 'http://localhost:3000',
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        `REMOTE_${name.toUpperCase()}_URL`,
        `http://${name}.test/mf-manifest.json`,
      ]),
    ),
    ...given,
  };
  const app = await buildSiteServer(
    {
      distDir: testShellBuild(),
      publicHostname: 'localhost',
      renderBudgetMs: 1000,
      remotePollMs: 60_000,
      renderCache: true,
      contentCache: true,
      logger: false,
      logRequests: false,
      hotReload: false,
      ...rest,
      settings: readSiteServerSettings(env),
    },
    {
      renderer,
      watch,
      assets: { scripts: ['/main.1a2b3c4d.js'], stylesheets: ['/main.1a2b3c4d.css'] },
    },
  );
  return {
    app,
    renderer,
    watch,
    api,
    settled: async () => {
      await app.renderCache?.settled();
    },
    close: async () => {
      await app.close();
      await api.close();
    },
  };
}
