/** @jest-environment node */
import { inBrowser, unavailable } from '@portfolio/shared/page-data';
import { allSettledWell, resolveDeferred } from './resolve-deferred';

describe('resolveDeferred', () => {
  it("waits for the route's page promise and the page loader's own promises", async () => {
    const data = {
      layout: null,
      'blog/BlogPage': { page: Promise.resolve({ status: 'loaded', items: Promise.resolve([1]) }) },
    };
    await expect(resolveDeferred(data, 1000)).resolves.toEqual({
      layout: null,
      'blog/BlogPage': { page: { status: 'loaded', items: [1] } },
    });
  });

  it('turns data that misses the budget into the error state, without waiting for it', async () => {
    const never = new Promise(() => undefined);
    const started = Date.now();
    await expect(resolveDeferred({ page: { page: never } }, 50)).resolves.toEqual({
      page: { page: { status: 'error' } },
    });
    expect(Date.now() - started).toBeLessThan(1000);
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
