import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteRouteEntries } from '../routes';
import { prefetchRoute, setPrefetchRoutes } from './prefetch';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

function Page() {
  return null;
}

const loadRemoteMock = loadRemote as jest.Mock;

beforeAll(() =>
  setPrefetchRoutes(
    remoteRouteEntries({
      blog: [
        { path: '/blog', module: './BlogPage' },
        { path: '/article/:id', module: './ArticlePage' },
      ],
      shop: [{ path: '/store', module: './StorePage' }],
    }),
  ),
);

beforeEach(() => loadRemoteMock.mockReset().mockResolvedValue({ default: Page }));

describe('prefetchRoute', () => {
  it("loads the route's page module once, however often the link is hovered", async () => {
    prefetchRoute('/blog');
    prefetchRoute('/blog');
    await Promise.resolve();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteMock).toHaveBeenCalledWith('blog/BlogPage');
  });

  it('matches routes with parameters', () => {
    prefetchRoute('/article/zero-trust');
    expect(loadRemoteMock).toHaveBeenCalledWith('blog/ArticlePage');
  });

  it('ignores paths that no remote serves', () => {
    prefetchRoute('/no-such-page');
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('tries again on the next hover after a failure', async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('down'));
    prefetchRoute('/store');
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetchRoute('/store');
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
  });
});
