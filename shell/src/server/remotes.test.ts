/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ServerRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.Mock;
const registerRemotesMock = registerRemotes as jest.Mock;

function Page() {
  return null;
}

/** A remote's published files, as its static host serves them; `version` can change. */
function startRemote() {
  const state = { version: 'v1', up: true };
  const server = http.createServer((request, response) => {
    if (!state.up) {
      request.socket.destroy();
      return;
    }
    if (request.url === '/server/routes.json') {
      response.end(
        JSON.stringify({
          version: state.version,
          routes: [
            { path: '/blog', module: './BlogPage' },
            ...(state.version === 'v2' ? [{ path: '/new', module: './NewPage' }] : []),
          ],
        }),
      );
      return;
    }
    if (request.url === '/mf-manifest.json') {
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
    loadRemoteMock.mockReset().mockResolvedValue({ default: Page });
    registerRemotesMock.mockReset();
  });

  const create = () =>
    new ServerRemotes({
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

  it('gives up on a page module that does not answer within the budget', async () => {
    const remotes = create();
    loadRemoteMock.mockReturnValue(new Promise(() => undefined));
    await expect(remotes.load('blog', './BlogPage')).rejects.toThrow(/no answer in 500 ms/);
  });
});
