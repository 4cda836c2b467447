// The reads a fresh API makes before it listens (docs/decisions/117): each public read a page
// makes, through the whole app, leaving its answer in the response cache; never a failure.
import { testDrivers } from './testing/databases.js';
import { createTestApp } from './testing/test-app.js';
import type { TestApp } from './testing/test-app.js';
import { WARM_UP_READS, warmUpReads } from './warm-up.js';

describe.each(testDrivers)('warmUpReads (%s)', (driver) => {
  let test: TestApp;
  afterEach(() => test.close());

  it("reads each public page's data once, the newest article's too, and keeps the answers", async () => {
    test = await createTestApp(driver);
    const seen: string[] = [];
    test.app.addHook('onRequest', async (request) => {
      seen.push(request.url);
    });
    const result = await warmUpReads(test.app, 'localhost');
    expect(result.failed).toEqual([]);
    const [newest] = (
      await test.app.inject({ url: '/api/articles?limit=1', headers: { host: 'localhost' } })
    ).json<{ _id: string }[]>();
    expect(seen.slice(0, WARM_UP_READS.length + 1)).toEqual([
      ...WARM_UP_READS.slice(0, 3),
      `/api/articles/${newest?._id}`,
      ...WARM_UP_READS.slice(3),
    ]);
    // A visitor's read after it is an answer the API already holds: nothing new is kept.
    const kept = test.app.responseCache.size;
    expect(kept).toBeGreaterThan(0);
    const article = await test.app.inject({
      url: `/api/articles/${newest?._id}`,
      headers: { host: 'localhost' },
    });
    expect(article.statusCode).toBe(200);
    expect(test.app.responseCache.size).toBe(kept);
  });

  it('says what it could not read, and never throws: an empty site, a host the API refuses', async () => {
    test = await createTestApp(driver, { seed: false });
    await expect(warmUpReads(test.app, 'localhost')).resolves.toMatchObject({ failed: [] });
    const refused = await warmUpReads(test.app, 'elsewhere.example');
    expect(refused.failed).toHaveLength(WARM_UP_READS.length);
    expect(refused.failed[0]).toBe('/api/settings (400)');
  });
});
