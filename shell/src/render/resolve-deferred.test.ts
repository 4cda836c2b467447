/** @jest-environment node */
import { inBrowser, unavailable } from '@portfolio/shared/page-data';
import { allSettledWell, resolveDeferred } from './resolve-deferred';

describe('resolveDeferred', () => {
  it("waits for the route's page promise and the page loader's own promises", async () => {
    const data = {
      layout: null,
      'blog/BlogPage': { page: Promise.resolve({ status: 'loaded', items: Promise.resolve([1]) }) },
    };
    const onSpent = jest.fn();
    await expect(resolveDeferred(data, { budgetMs: 1000, onSpent })).resolves.toEqual({
      loaderData: { layout: null, 'blog/BlogPage': { page: { status: 'loaded', items: [1] } } },
      late: new Set(),
    });
    // Nothing was on its way when the budget ran out: the loaders are not told anything.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(onSpent).not.toHaveBeenCalled();
  });

  it('tells the loaders when the budget is spent, and takes the state they settle with then', async () => {
    let settle: (state: unknown) => void = () => {};
    const page = new Promise((resolve) => {
      settle = resolve;
    });
    // The loader's own "could not be had" state, as it makes it when its signal is aborted.
    const onSpent = jest.fn(() => settle({ status: 'error', settings: { owner: 'Ada' } }));
    await expect(
      resolveDeferred({ 'portfolio/HomePage': { page } }, { budgetMs: 20, onSpent }),
    ).resolves.toEqual({
      loaderData: {
        'portfolio/HomePage': { page: { status: 'error', settings: { owner: 'Ada' } } },
      },
      late: new Set(),
    });
    expect(onSpent).toHaveBeenCalledTimes(1);
  });

  it('marks the route of a value still pending after the grace as late, without waiting for it', async () => {
    // A value that never settles: that resolveDeferred answers at all is that it did not wait.
    const never = new Promise(() => undefined);
    const resolved = await resolveDeferred(
      { layout: null, 'blog/BlogPage': { page: Promise.resolve({ items: never }) } },
      { budgetMs: 50, graceMs: 20 },
    );
    expect(resolved.late).toEqual(new Set(['blog/BlogPage']));
    expect(resolved.loaderData['blog/BlogPage']).toEqual({ page: { items: { status: 'error' } } });
  });
});

describe('allSettledWell', () => {
  it('holds when every page state at every level has its content', () => {
    expect(
      allSettledWell({
        layout: null,
        'blog/BlogPage': { page: { status: 'loaded', items: [{ status: 'published' }] } },
      }),
    ).toBe(true);
  });

  it('fails on a page state, or a part of one, that failed or was left to the browser', () => {
    expect(allSettledWell({ page: { page: unavailable() } })).toBe(false);
    expect(
      allSettledWell({
        page: { page: { status: 'loaded', testimonials: unavailable({ reason: 'slow' }) } },
      }),
    ).toBe(false);
    expect(allSettledWell({ page: { page: inBrowser() } })).toBe(false);
  });
});
