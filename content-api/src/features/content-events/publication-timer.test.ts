// A scheduled article comes out on its time without any write: the API's cache (which kept the
// list without it) is emptied then, and the content event announces it (docs/decisions/120).
import { ResponseCache } from '../../http/response-cache.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { within } from '../../testing/within.js';
import { startPublicationTimer } from './publication-timer.js';

describe('scheduled content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const listed = async () =>
    ((await t.app.inject('/api/articles')).json() as { _id: string }[]).map((a) => a._id);

  it('appears in the cached public list when it falls due, with no write in between', async () => {
    // Far enough ahead that the reads below come before it on a busy machine (1.5 s did not).
    const dueAt = new Date(Date.now() + 5000).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: {
        title: 'Comes out soon',
        content: 'Text.',
        status: 'published',
        publishedAt: dueAt,
      },
    });
    const { _id: id } = created.json() as { _id: string };
    // Read (and so cached) before it is due.
    expect(await listed()).not.toContain(id);
    expect((await t.app.inject('/api/articles')).headers.etag).toBeDefined();
    expect((await t.app.inject(`/api/articles/${id}`)).statusCode).toBe(404);

    await within(15_000, async () => (await listed()).includes(id));
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(dueAt));
    expect((await t.app.inject(`/api/articles/${id}`)).statusCode).toBe(200);
  });

  it('announces the time it falls due as a content change, and re-reads after each change', async () => {
    const cache = new ResponseCache();
    const warnings: string[] = [];
    const timer = startPublicationTimer({
      db: t.database.db,
      cache,
      warn: (message) => warnings.push(message),
    });
    try {
      const changes: number[] = [];
      cache.onInvalidate((state) => changes.push(state.generation));
      const dueAt = new Date(Date.now() + 800);
      await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: {
          title: 'Scheduled project',
          description: 'Soon.',
          imagePath: '/images/tls.svg',
          status: 'published',
          publishedAt: dueAt.toISOString(),
        },
      });
      // This cache did not see the write: a change tells the timer to read the due time again.
      cache.invalidate();
      await within(2000, () => timer.dueAt?.getTime() === dueAt.getTime());
      await within(4000, () => changes.length >= 2);
      expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime());
      expect(warnings).toEqual([]);
    } finally {
      timer.stop();
    }
  });
});
