import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_UNAVAILABLE_TITLE, RETRY_LABEL } from '../texts';
import { errorHandlingPlugin } from './error-handling-plugin';
import { PageSourceContext } from './page-source';
import { RemoteRoute } from './RemoteRoute';
import { browserPages } from './browser-pages';
import { registerSiteRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.Mock;
const registerRemotesMock = registerRemotes as jest.Mock;

function Page() {
  return <h1>Remote page</h1>;
}

/** RemoteRoute as the browser's shell renders it: pages from the federation runtime. */
function renderRoute(route: React.ReactElement) {
  return render(
    <PageSourceContext.Provider value={browserPages}>{route}</PageSourceContext.Provider>,
  );
}

beforeAll(() => {
  registerSiteRemotes(
    {
      portfolio: 'http://p.test/mf-manifest.json',
      blog: 'http://b.test/mf-manifest.json',
      auth: 'http://a.test/mf-manifest.json',
      shop: 'http://s.test/mf-manifest.json',
    },
    { remoteOrigins: ['http://p.test', 'http://b.test', 'http://a.test', 'http://s.test'] },
  );
});

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadRemoteMock.mockReset();
  registerRemotesMock.mockClear();
});

describe('RemoteRoute', () => {
  it('renders the page the remote exposes', async () => {
    loadRemoteMock.mockResolvedValue({ default: Page });
    renderRoute(<RemoteRoute remote="blog" module="./BlogPage" />);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('blog/BlogPage');
  });

  it('shows the fallback when loading fails, and recovers on retry without a reload', async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('connection refused'));
    const user = userEvent.setup();
    renderRoute(<RemoteRoute remote="shop" module="./StorePage" />);
    expect(
      await screen.findByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE }),
    ).toBeInTheDocument();

    loadRemoteMock.mockResolvedValue({ default: Page });
    await user.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    // The failed remote was registered again with force, which clears the runtime's caches.
    expect(registerRemotesMock).toHaveBeenCalledWith(
      [{ name: 'shop', entry: 'http://s.test/mf-manifest.json' }],
      {
        force: true,
      },
    );
  });

  it('first shows what the server sent for a page it could not render, then loads it', async () => {
    loadRemoteMock.mockResolvedValue({ default: Page });
    renderRoute(<RemoteRoute remote="blog" module="./SearchPage" drawInBrowser />);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('blog/SearchPage');
  });

  it("reloads the route's data before it loads the page again on Retry", async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('chunk missing'));
    const order: string[] = [];
    const beforeRetry = jest.fn(async () => {
      order.push('data');
    });
    const user = userEvent.setup();
    renderRoute(<RemoteRoute remote="blog" module="./ArticlePage" beforeRetry={beforeRetry} />);
    await screen.findByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE });
    loadRemoteMock.mockImplementation(async () => {
      order.push('page');
      return { default: Page };
    });
    await user.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(order).toEqual(['data', 'page']);
  });

  it('shows the fallback when the page throws while rendering', async () => {
    function Broken(): never {
      throw new Error('render failure');
    }
    loadRemoteMock.mockResolvedValue({ default: Broken });
    renderRoute(<RemoteRoute remote="auth" module="./SignInPage" />);
    expect(
      await screen.findByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE }),
    ).toBeInTheDocument();
  });

  it('shows the fallback module the runtime plugin hands back', async () => {
    const onFailure = jest.fn();
    const plugin = errorHandlingPlugin(onFailure);
    const fallback = (await plugin.errorLoadRemote?.({
      id: 'portfolio/HomePage',
      error: new Error('down'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: {} as never,
    })) as { default: () => React.JSX.Element };
    expect(onFailure).toHaveBeenCalledWith('portfolio', expect.any(Error));
    loadRemoteMock.mockResolvedValue(fallback);
    renderRoute(<RemoteRoute remote="portfolio" module="./HomePage" />);
    expect(
      await screen.findByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE }),
    ).toBeInTheDocument();
  });
});

describe('errorHandlingPlugin', () => {
  it('returns nothing before onLoad, where a value would be taken as the manifest', async () => {
    const plugin = errorHandlingPlugin(jest.fn());
    const result = await plugin.errorLoadRemote?.({
      id: 'http://s.test/mf-manifest.json',
      error: new Error('down'),
      from: 'runtime',
      lifecycle: 'afterResolve',
      origin: {} as never,
    });
    expect(result).toBeUndefined();
  });
});
