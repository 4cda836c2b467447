// A page the server rendered, hydrated while its remote's code cannot be loaded
// (docs/decisions/114): the server's HTML stays as it is, with no hydration error and no
// fallback, and the page goes live once the code loads; a page with nothing to keep shows the
// fallback.
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { REMOTE_UNAVAILABLE_TITLE } from '../texts';
import { KEPT_PAGE_RETRY_MS, framed, pageFrameId } from './PageFrame';
import { browserPageSource } from './page-source';
import type { BrowserPageLoading, PageModule, PageSource } from './page-source';
import { PageSourceContext } from './page-source';
import { RemoteRoute } from './RemoteRoute';

function BlogPage() {
  return (
    <section>
      <h1>Blog</h1>
      <p>An article the server rendered.</p>
      <button type="button">Subscribe</button>
    </section>
  );
}

const ID = pageFrameId('blog', './BlogPage');

function tree(source: PageSource) {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={['/']}>
        <PageSourceContext.Provider value={source}>
          <main>
            <RemoteRoute remote="blog" module="./BlogPage" />
          </main>
        </PageSourceContext.Provider>
      </MemoryRouter>
    </StrictMode>
  );
}

/** What the site's server sends: the page rendered in its frame (render.tsx's source). */
function serverHtml(): string {
  return renderToString(tree({ page: () => framed(BlogPage, ID) }));
}

/** The browser's loading of page modules, from a remote that is down until `up` is set. */
function remote() {
  const state = { up: false, failed: false, loads: 0 };
  const loading: BrowserPageLoading = {
    async load(): Promise<PageModule> {
      state.loads += 1;
      if (!state.up) {
        state.failed = true;
        throw new Error('connect ECONNREFUSED');
      }
      return { default: BlogPage };
    },
    hasFailed: () => state.failed,
    reset: () => {
      state.failed = false;
    },
  };
  return { state, loading };
}

describe('a server-rendered page whose code cannot be loaded in the browser', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  const errors: unknown[] = [];
  beforeEach(() => {
    jest.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
    delete document.documentElement.dataset.hydrated;
    errors.length = 0;
    jest.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const hydrate = async (source: PageSource) => {
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, tree(source), {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    // Let the failed load settle.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    return recoverable;
  };

  it('keeps the HTML as the server sent it, without a hydration error, then goes live', async () => {
    const html = serverHtml();
    container.innerHTML = html;
    const { state, loading } = remote();
    const recoverable = await hydrate(browserPageSource(loading));

    expect(container.innerHTML).toBe(html);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.queryByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toBeNull();
    // The shell is live, the page is kept: `kept`, not `true`.
    expect(document.documentElement.dataset.hydrated).toBe('kept');

    // Tried again quietly, still down: still the server's HTML.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(KEPT_PAGE_RETRY_MS[0]);
    });
    expect(state.loads).toBe(2);
    expect(container.innerHTML).toBe(html);
    expect(errors).toEqual([]);

    // The remote is back: the next attempt draws the page live, the same content.
    state.up = true;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(KEPT_PAGE_RETRY_MS[1]);
    });
    expect(document.documentElement.dataset.hydrated).toBe('true');
    expect(screen.getByRole('heading', { name: 'Blog' })).toBeVisible();
    // The same page, now React's (around it only the comments of the boundary moved).
    expect(container.innerHTML.replace(/<!--.*?-->/g, '')).toBe(html.replace(/<!--.*?-->/g, ''));
  });

  it('shows the fallback where there is nothing to keep (no HTML of the page in the document)', async () => {
    const { loading } = remote();
    render(tree(browserPageSource(loading)), { container });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('heading', { name: REMOTE_UNAVAILABLE_TITLE })).toBeVisible();
  });
});
