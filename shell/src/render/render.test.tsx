/** @jest-environment node */
// The server's render with the site settings and a page's data late (docs/decisions/117): it
// never throws, never hands a page a state its loader did not make, and says "not whole" (503,
// not kept) when what the page needed did not come within the budget.
import { Writable } from 'node:stream';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@portfolio/shared/config';
import type { SiteSettings } from '@portfolio/shared/types';
import { loaderRequestOptions, unavailable, usePageData } from '@portfolio/shared/page-data';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { HeadArgs } from '@portfolio/shared/head';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import { createRenderer } from './render';
import type { RenderResult } from './render-types';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
void registerPlugins;
void registerRemotes;

const SETTINGS = makeSiteSettings({ owner: { name: 'Ada Lovelace', jobTitle: 'Analyst' } });
const BUILT_IN = makeSiteSettings({ owner: { name: 'Built-in Owner', jobTitle: 'Seed' } });

/** How the fake API answers: at once, never (until the caller gives up), or per test. */
const api = { settings: 'fast' as 'fast' | 'never', page: 'fast' as 'fast' | 'never' | 'ignore' };

/** Answers when told to, or never: a call that never ends but for its caller's signal. */
function answer(json: unknown, mode: 'fast' | 'never', signal?: AbortSignal | null) {
  if (mode === 'fast') {
    return Promise.resolve(
      new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } }),
    );
  }
  return new Promise<Response>((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

const apiFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/settings')) return answer(SETTINGS, api.settings, init?.signal);
  return answer({}, 'fast');
}) as typeof fetch;

/** A page like the home page: its loader falls back to built-in settings, its head and body read them. */
type HomeState = { status: 'loaded' | 'error'; settings: SiteSettings };
const homePage = {
  async loader(args: LoaderFunctionArgs): Promise<HomeState> {
    const options = loaderRequestOptions(args);
    if (api.page === 'ignore') return new Promise<HomeState>(() => undefined);
    try {
      // The page's own call for its data (the settings, as the home page's).
      await answer(null, api.page, options.signal);
      return { status: 'loaded', settings: SETTINGS };
    } catch {
      return unavailable({ settings: BUILT_IN });
    }
  },
  head: ({ data }: HeadArgs<HomeState | null>) => ({
    // As the pages' heads: `data` is null when the page was left to the browser.
    title: data ? data.settings.owner.name : 'no data',
  }),
  default: function Home() {
    const { owner } = usePageData<HomeState>().settings;
    return <h1>Hello, {owner.name}</h1>;
  },
};

const config = {
  siteUrl: 'http://localhost:3000',
  apiBase: 'http://localhost:3000/api',
  remotes: {
    portfolio: 'http://localhost:3000/remotes/portfolio/mf-manifest.json',
    blog: 'http://localhost:3000/remotes/blog/mf-manifest.json',
    auth: 'http://localhost:3000/remotes/auth/mf-manifest.json',
    shop: 'http://localhost:3000/remotes/shop/mf-manifest.json',
  },
  remoteOrigins: ['http://localhost:3000'],
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-x' },
  profileStore: 'api',
  owner: { name: 'Environment Owner', email: 'env@example.com', social: [] },
} satisfies RuntimeConfig;

const BUDGET_MS = 150;
const logged: string[] = [];

function renderer() {
  (globalThis as Record<string, unknown>).__KNOWN_ROUTES__ = {
    portfolio: [{ path: '/', module: './HomePage', islands: true }],
  };
  (loadRemote as jest.Mock).mockResolvedValue(homePage);
  return createRenderer({
    config,
    loadTimeoutMs: BUDGET_MS,
    api: { base: 'http://api.test/api', fetch: apiFetch },
    log: (message) => logged.push(message),
  });
}

async function renderHome(site: ReturnType<typeof renderer>) {
  const result = await site.render(new Request('http://localhost:3000/'), {
    session: null,
    islandKey: 'k'.repeat(22),
  });
  if (result.kind !== 'page') throw new Error('not a page');
  let html = '';
  const complete = await result.pipe(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    }),
  );
  return { result: result as Extract<RenderResult, { kind: 'page' }>, html, complete };
}

beforeEach(() => {
  api.settings = 'fast';
  api.page = 'fast';
  logged.length = 0;
});

describe('a render', () => {
  it('with everything in time: a whole page, kept', async () => {
    const { result, html, complete } = await renderHome(renderer());
    expect(result.status).toBe(200);
    expect(result.cacheable).toBe(true);
    expect(result.headTags).toContain('<title>Ada Lovelace</title>');
    expect(html).toContain('Hello, <!-- -->Ada Lovelace');
    expect(complete).toBe(true);
  });

  it("whose page data is late: the loader's own fallback state, a 503 not kept, nothing thrown", async () => {
    api.page = 'never';
    const { result, html, complete } = await renderHome(renderer());
    expect(result.status).toBe(503);
    expect(result.cacheable).toBe(false);
    // The page got the state its loader made when told the budget was spent.
    expect(result.headTags).toContain('<title>Built-in Owner ·');
    expect(html).toContain('Built-in Owner');
    expect(complete).toBe(true);
    expect(logged.filter((line) => /failed|Render error/.test(line))).toEqual([]);
  });

  it('whose loader never settles: its page is left to the browser, its head gets no data', async () => {
    api.page = 'ignore';
    const { result, html } = await renderHome(renderer());
    expect(result.status).toBe(503);
    expect(result.headTags).toContain('<title>no data ·');
    expect(html).not.toContain('Hello');
    expect(result.siteDataScript).toContain('"drawnInBrowser":["portfolio/HomePage"]');
    expect(result.siteDataScript).toContain('"reloadData":true');
    expect(logged.filter((line) => /failed|Render error/.test(line))).toEqual([]);
  });

  it('with the site settings late: the last known ones, or a 503 when none were ever had', async () => {
    api.settings = 'never';
    const cold = renderer();
    const first = await renderHome(cold);
    // The page's own loader has its settings (a later render of it would be whole); the site's
    // own settings never came: the owner is the environment's, and the page is not whole.
    expect(first.result.status).toBe(503);
    expect(first.result.siteDataScript).toContain('Environment Owner');

    api.settings = 'fast';
    await renderHome(cold);
    api.settings = 'never';
    const { result } = await renderHome(cold);
    expect(result.status).toBe(200);
    expect(result.cacheable).toBe(false);
    expect(result.siteDataScript).toContain('Ada Lovelace');
  });
});
