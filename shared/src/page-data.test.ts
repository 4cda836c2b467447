import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import {
  forbidden,
  inBrowser,
  notFound,
  pageOutcome,
  pageRouteLoader,
  redirectTo,
  unavailable,
} from './page-data';

/** A route loader's arguments for `url`, with the request's own abort controller. */
function loaderArgs(url: string) {
  const controller = new AbortController();
  const args = {
    request: new Request(url, { signal: controller.signal }),
    params: {},
    context: { session: null },
  } as unknown as LoaderFunctionArgs;
  return { args, controller };
}

/** A page loader that records the request each call was given, and never settles. */
function recordingLoader() {
  const requests: Request[] = [];
  const loader = ({ request }: LoaderFunctionArgs) => {
    requests.push(request);
    return new Promise(() => {});
  };
  return { requests, loadPageLoader: () => Promise.resolve(loader) };
}

describe('pageRouteLoader', () => {
  it('in a browser, a new load of the route aborts the one before it', async () => {
    const { requests, loadPageLoader } = recordingLoader();
    const routeLoader = pageRouteLoader(loadPageLoader);
    routeLoader(loaderArgs('http://site.test/search-article?query=tl').args);
    await Promise.resolve();
    routeLoader(loaderArgs('http://site.test/search-article?query=tls').args);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((request) => request.signal.aborted)).toEqual([true, false]);
  });

  it("on the site's server (concurrent), requests at once leave each other alone", async () => {
    const { requests, loadPageLoader } = recordingLoader();
    const routeLoader = pageRouteLoader(loadPageLoader, { concurrent: true });
    const first = loaderArgs('http://site.test/blog');
    routeLoader(first.args);
    routeLoader(loaderArgs('http://site.test/blog').args);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((request) => request.signal.aborted)).toEqual([false, false]);
    // Each still follows its own request: a visitor who goes away stops their load.
    first.controller.abort();
    expect(requests.map((request) => request.signal.aborted)).toEqual([true, false]);
  });

  it('gives the page module loader the route arguments, and null when the module fails', async () => {
    const seen: unknown[] = [];
    const routeLoader = pageRouteLoader(async ({ context }) => {
      seen.push(context);
      throw new Error('remote down');
    });
    const { args } = loaderArgs('http://site.test/store');
    await expect(routeLoader(args).page).resolves.toBeNull();
    expect(seen).toEqual([{ session: null }]);
  });
});

describe('the page-state protocol (docs/decisions/091)', () => {
  it('reads each state a page may give as the answer it asks for', () => {
    expect(pageOutcome(notFound())).toEqual({ kind: 'not-found' });
    expect(pageOutcome(notFound({ message: 'Project not found' }))).toEqual({ kind: 'not-found' });
    expect(pageOutcome(forbidden())).toEqual({ kind: 'forbidden' });
    expect(pageOutcome(redirectTo('/signin'))).toEqual({ kind: 'redirect', location: '/signin' });
    expect(pageOutcome(unavailable())).toEqual({ kind: 'unavailable' });
    expect(pageOutcome(inBrowser())).toEqual({ kind: 'in-browser' });
  });

  it('says a permanent redirect (301) apart from the others (302)', () => {
    expect(redirectTo('/article/new-slug', { permanent: true })).toEqual({
      status: 'redirect',
      location: '/article/new-slug',
      permanent: true,
    });
    expect(pageOutcome(redirectTo('/article/new-slug', { permanent: true }))).toEqual({
      kind: 'redirect',
      location: '/article/new-slug',
      permanent: true,
    });
    expect(pageOutcome(redirectTo('/blog', { permanent: false }))).toEqual({
      kind: 'redirect',
      location: '/blog',
    });
    // Only `true` is permanent: a state cannot ask for it with anything else.
    expect(pageOutcome({ status: 'redirect', location: '/blog', permanent: 'yes' })).toEqual({
      kind: 'redirect',
      location: '/blog',
    });
    expect(() => redirectTo('//evil.example/', { permanent: true })).toThrow();
  });

  it('takes anything else for content', () => {
    for (const state of [null, undefined, 'text', 42, { status: 'loaded' }, { title: 'About' }]) {
      expect(pageOutcome(state)).toEqual({ kind: 'content' });
    }
  });

  it('never redirects off the site, whatever a state says', () => {
    expect(() => redirectTo('https://evil.example/')).toThrow();
    expect(() => redirectTo('//evil.example/')).toThrow();
    expect(pageOutcome({ status: 'redirect', location: '//evil.example/' })).toEqual({
      kind: 'not-found',
    });
    expect(pageOutcome({ status: 'redirect' })).toEqual({ kind: 'not-found' });
  });

  it('keeps the details a page gives with a state', () => {
    expect(unavailable({ message: 'Failed to load projects.' })).toEqual({
      status: 'error',
      message: 'Failed to load projects.',
    });
  });
});
