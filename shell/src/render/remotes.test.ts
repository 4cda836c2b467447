/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SERVER_ASSET_BASE_OPTION, SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';
import { ServerRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.Mock;
const registerRemotesMock = registerRemotes as jest.Mock;
const registerPluginsMock = registerPlugins as jest.Mock;

/**
 * The base a container of `remote` starts from: what the server's federation plugin puts in the
 * init options the runtime hands the container (the container's own plugin reads it).
 */
function baseGivenTo(remote: string, option = SERVER_PUBLIC_PATH_OPTION): unknown {
  const [[plugins]] = registerPluginsMock.mock.calls.slice(-1) as [
    [ModuleFederationRuntimePlugin[]],
  ];
  const args = { remoteInfo: { name: remote }, remoteEntryInitOptions: {} };
  const out = plugins[0]?.beforeInitContainer?.(args as never) as unknown as typeof args;
  return (out.remoteEntryInitOptions as Record<string, unknown>)[option];
}

function Page() {
  return null;
}

/** A remote's published files, as its static host serves them; `version` can change. */
function startRemote() {
  const state = { version: 'v1', up: true, deployment: undefined as string | undefined };
  const server = http.createServer((request, response) => {
    if (!state.up) {
      request.socket.destroy();
      return;
    }
    if (request.url === '/server/routes.json') {
      response.end(
        JSON.stringify({
          version: state.version,
          ...(state.deployment && { deployment: state.deployment }),
          routes: [
            { path: '/blog', module: './BlogPage' },
            ...(state.version === 'v2' ? [{ path: '/new', module: './NewPage' }] : []),
          ],
        }),
      );
      return;
    }
    if (request.url === '/mf-manifest.json' || request.url?.endsWith('/mf-manifest.json')) {
      response.end(
        JSON.stringify({
          exposes: [{ path: './BlogPage', assets: { css: { sync: ['blog.css'] } } }],
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  return { server, state };
}

describe('ServerRemotes', () => {
  const { server, state } = startRemote();
  let manifest = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    manifest = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-manifest.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    state.deployment = undefined;
    loadRemoteMock.mockReset().mockResolvedValue({ default: Page });
    registerRemotesMock.mockReset();
  });

  const create = (
    log?: (message: string, error?: unknown) => void,
    options: { containerLoadTimeoutMs?: number } = {},
  ) =>
    new ServerRemotes({
      ...options,
      ...(log && { log }),
      manifests: {
        blog: manifest,
        // Nothing listens there: a remote never reached keeps the routes known at build time.
        portfolio: 'http://127.0.0.1:9/mf-manifest.json',
        auth: 'http://127.0.0.1:9/mf-manifest.json',
        shop: 'http://127.0.0.1:9/mf-manifest.json',
      },
      loadTimeoutMs: 500,
      fetchTimeoutMs: 500,
      knownRoutes: { shop: [{ path: '/store', module: './StorePage' }] },
    });

  it('reads the published routes, loads the container before it is live, and keeps known routes for a remote never reached', async () => {
    state.version = 'v1';
    const remotes = create();
    await remotes.refresh();
    expect(remotes.table().blog).toEqual([{ path: '/blog', module: './BlogPage' }]);
    expect(remotes.table().shop).toEqual([{ path: '/store', module: './StorePage' }]);
    // Nothing listens where the other three are.
    expect(remotes.unreachable().sort()).toEqual(['auth', 'portfolio', 'shop']);
    expect(registerRemotesMock).toHaveBeenCalledWith(
      [{ name: 'blog', entry: expect.stringMatching(/\/server\/remoteEntry\.js\?v=v1$/) }],
      { force: false },
    );
    expect(loadRemoteMock).toHaveBeenCalledWith('blog/BlogPage');
    expect(remotes.stylesheets('blog', './BlogPage')).toEqual([
      manifest.replace('mf-manifest.json', 'blog.css'),
    ]);
  });

  it('switches to a redeployed version (with force), and a new page appears without a shell change', async () => {
    state.version = 'v1';
    const remotes = create();
    await remotes.refresh();
    state.version = 'v2';
    await remotes.refresh();
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      [{ name: 'blog', entry: expect.stringMatching(/\?v=v2$/) }],
      { force: true },
    );
    expect(remotes.table().blog?.map((route) => route.path)).toEqual(['/blog', '/new']);
  });

  it('keeps serving the last good version when the new one cannot be loaded, and never throws', async () => {
    state.version = 'v1';
    const remotes = create();
    await remotes.refresh();
    state.version = 'v2';
    loadRemoteMock.mockRejectedValue(new Error('broken build'));
    await expect(remotes.refresh()).resolves.toBeUndefined();
    expect(remotes.table().blog?.map((route) => route.path)).toEqual(['/blog']);
    // The runtime is pointed back at the live version's container.
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      [{ name: 'blog', entry: expect.stringMatching(/\?v=v1$/) }],
      { force: true },
    );
    state.up = false;
    await expect(remotes.refresh()).resolves.toBeUndefined();
    expect(remotes.table().blog?.map((route) => route.path)).toEqual(['/blog']);
    state.up = true;
  });

  it('never loads a slow new version twice at once: a poll that gave up waits for that load to end', async () => {
    state.version = 'v1';
    const remotes = create(undefined, { containerLoadTimeoutMs: 50 });
    await remotes.refresh();
    // v2's container takes longer than the poll allows it (a saturated host).
    let finish: (value: unknown) => void = () => undefined;
    loadRemoteMock.mockReset().mockReturnValue(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    state.version = 'v2';
    await remotes.refresh();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    // The next polls leave it alone while it runs; v1 stays live.
    await remotes.refresh();
    await remotes.refresh();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    expect(remotes.table().blog?.map((route) => route.path)).toEqual(['/blog']);
    // Once it has ended, the next poll loads v2 (now at once) and switches to it.
    finish({ default: Page });
    loadRemoteMock.mockResolvedValue({ default: Page });
    await new Promise((resolve) => setImmediate(resolve));
    await remotes.refresh();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
    expect(remotes.table().blog?.map((route) => route.path)).toEqual(['/blog', '/new']);
  });

  it('says once that a remote is unreachable, from the start too, and once that it is back', async () => {
    const lines: string[] = [];
    const remotes = create((message) => lines.push(message));
    state.up = false;
    try {
      await remotes.refresh();
      await remotes.refresh();
      await remotes.refresh();
    } finally {
      state.up = true;
    }
    expect(lines.filter((line) => line.startsWith('Remote "blog"'))).toEqual([
      'Remote "blog" is unreachable',
    ]);
    await remotes.refresh();
    await remotes.refresh();
    expect(lines.filter((line) => line.startsWith('Remote "blog"'))).toEqual([
      'Remote "blog" is unreachable',
      'Remote "blog" answers again',
      expect.stringMatching(/^Remote "blog" version v\d is live on the server$/),
    ]);
    // The remotes nobody answers for were said once each.
    expect(lines.filter((line) => line === 'Remote "shop" is unreachable')).toHaveLength(1);
  });

  it('gives up on a page module that does not answer within the budget', async () => {
    const remotes = create();
    loadRemoteMock.mockReturnValue(new Promise(() => undefined));
    await expect(remotes.load('blog', './BlogPage')).rejects.toThrow(/no answer in 500 ms/);
  });

  it('loads a versioned deploy from its own folder, and tells the browser to use that version', async () => {
    state.version = 'v1';
    state.deployment = 'v/first/';
    const remotes = create();
    await remotes.refresh();
    const folder = manifest.replace('mf-manifest.json', 'v/first/');
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      [{ name: 'blog', entry: `${folder}server/remoteEntry.js` }],
      { force: false },
    );
    expect(remotes.manifests().blog).toBe(`${folder}mf-manifest.json`);
    expect(remotes.manifests().shop).toBe('http://127.0.0.1:9/mf-manifest.json');
    expect(remotes.stylesheets('blog', './BlogPage')).toEqual([`${folder}blog.css`]);
    // Every page's stylesheets of the live versions (the remotes never reached have none).
    expect(remotes.allStylesheets()).toEqual([`${folder}blog.css`]);
    // Its containers start from that folder, told through the federation init options.
    expect(baseGivenTo('blog')).toBe(folder);
    expect(baseGivenTo('shop')).toBe('http://127.0.0.1:9/');

    // The same build deployed again to another folder (a rollback) is a switch too.
    state.deployment = 'v/second/';
    await remotes.refresh();
    expect(remotes.manifests().blog).toBe(
      manifest.replace('mf-manifest.json', 'v/second/mf-manifest.json'),
    );

    // A failed switch leaves everything on the live version.
    state.deployment = 'v/third/';
    loadRemoteMock.mockRejectedValue(new Error('broken build'));
    await remotes.refresh();
    expect(baseGivenTo('blog')).toBe(manifest.replace('mf-manifest.json', 'v/second/'));
    expect(remotes.manifests().blog).toContain('/v/second/');
  });

  it("addresses the browser's files on the site's origin, and loads the server's from the remote", async () => {
    state.version = 'v1';
    state.deployment = 'v/first/';
    const site = 'http://localhost:3000/remotes';
    const remotes = new ServerRemotes({
      manifests: {
        blog: manifest,
        portfolio: 'http://127.0.0.1:9/mf-manifest.json',
        auth: 'http://127.0.0.1:9/mf-manifest.json',
        shop: 'http://127.0.0.1:9/mf-manifest.json',
      },
      publicManifests: {
        blog: `${site}/blog/mf-manifest.json`,
        portfolio: `${site}/portfolio/mf-manifest.json`,
        auth: `${site}/auth/mf-manifest.json`,
        shop: `${site}/shop/mf-manifest.json`,
      },
      loadTimeoutMs: 500,
      fetchTimeoutMs: 500,
      knownRoutes: {},
    });
    await remotes.refresh();
    const folder = manifest.replace('mf-manifest.json', 'v/first/');
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      [{ name: 'blog', entry: `${folder}server/remoteEntry.js` }],
      { force: false },
    );
    expect(remotes.manifests().blog).toBe(`${site}/blog/v/first/mf-manifest.json`);
    expect(remotes.manifests().shop).toBe(`${site}/shop/mf-manifest.json`);
    expect(remotes.stylesheets('blog', './BlogPage')).toEqual([`${site}/blog/v/first/blog.css`]);
    expect(baseGivenTo('blog')).toBe(folder);
    expect(baseGivenTo('blog', SERVER_ASSET_BASE_OPTION)).toBe(`${site}/blog/v/first/`);
  });

  it('refuses a deployment folder that leaves the remote', async () => {
    state.deployment = '../elsewhere/';
    const remotes = create();
    await remotes.refresh();
    expect(registerRemotesMock).not.toHaveBeenCalled();
  });
});
