/** @jest-environment node */
import { resolveDeferred } from './resolve-deferred';

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
