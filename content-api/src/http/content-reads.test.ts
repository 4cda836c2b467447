// Drafts and scheduled content (docs/decisions/120): absent from every public answer and every
// shared cache, a 404 to anyone but an admin, the admin's view only through ?include=drafts.
import { testDrivers } from '../testing/databases.js';
import { adminHeaders, readerHeaders } from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';

interface Item {
  _id: string;
  title: string;
  status?: string;
  publishedAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

const HOUR = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

const KINDS = [
  {
    kind: 'articles',
    notFound: 'Article not found',
    body: (title: string) => ({ title, content: `Zanzibarian ${title} text.` }),
  },
  {
    kind: 'projects',
    notFound: 'Project not found',
    body: (title: string) => ({
      title,
      description: 'What it does.',
      imagePath: '/images/tls.svg',
    }),
  },
] as const;

describe.each(testDrivers)('drafts and publication (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { siteUrl: 'https://site.example' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const write = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: adminHeaders });
  const ids = async (url: string, headers: Record<string, string> = {}) =>
    ((await get(url, headers)).json() as Item[]).map((item) => item._id);

  it('migrated and seeded content is published since it was created', async () => {
    for (const kind of ['articles', 'projects']) {
      const items = (await get(`/api/${kind}`)).json() as Item[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.status).toBe('published');
        expect(item.publishedAt).toBe(item.createdAt);
      }
    }
  });

  it('X-Total-Count counts what the caller may see: public articles, or all for an admin', async () => {
    const total = async (url: string, headers: Record<string, string> = {}) =>
      Number((await get(url, headers)).headers['x-total-count']);
    const publicBefore = await total('/api/articles?limit=1');
    const allBefore = await total('/api/articles?limit=1&include=drafts', adminHeaders);
    expect(allBefore).toBeGreaterThanOrEqual(publicBefore);
    const created = await write('POST', '/api/articles', {
      title: 'Counted draft',
      content: 'Not yet.',
      status: 'draft',
    });
    expect(created.statusCode).toBe(201);
    expect(await total('/api/articles?limit=1')).toBe(publicBefore);
    expect(await total('/api/articles?limit=1&include=drafts', adminHeaders)).toBe(allBefore + 1);
  });

  describe.each(KINDS)('$kind', ({ kind, notFound, body }) => {
    it('a draft is the admin’s alone: absent from the public list, 404 like an unknown id', async () => {
      const created = await write('POST', `/api/${kind}`, {
        ...body(`Secret ${kind} draft`),
        status: 'draft',
      });
      expect(created.statusCode).toBe(201);
      const draft = created.json() as Item;
      expect(draft).toMatchObject({ status: 'draft', publishedAt: null });

      expect(await ids(`/api/${kind}`)).not.toContain(draft._id);
      for (const headers of [{}, readerHeaders, adminHeaders]) {
        // Without ?include=drafts even an admin gets the public answer.
        const one = await get(`/api/${kind}/${draft._id}`, headers);
        expect(one.statusCode).toBe(404);
        expect(one.json()).toEqual({ message: notFound });
        const unknown = await get(`/api/${kind}/no-such-${kind}`, headers);
        expect(unknown.json()).toEqual(one.json());
      }

      const list = await get(`/api/${kind}?include=drafts`, adminHeaders);
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.headers.etag).toBeUndefined();
      expect((list.json() as Item[]).map((item) => item._id)).toContain(draft._id);
      const one = await get(`/api/${kind}/${draft._id}?include=drafts`, adminHeaders);
      expect(one.statusCode).toBe(200);
      expect(one.headers['cache-control']).toBe('private, no-store');
      expect(one.json()).toMatchObject({ _id: draft._id, status: 'draft' });
    });

    it('?include=drafts needs an admin: 401 without a valid token, 403 for another role', async () => {
      for (const url of [`/api/${kind}?include=drafts`, `/api/${kind}/anything?include=drafts`]) {
        const anonymous = await get(url);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.headers['cache-control']).toBe('private, no-store');
        expect((await get(url, { authorization: 'Bearer forged' })).statusCode).toBe(401);
        expect((await get(url, readerHeaders)).statusCode).toBe(403);
      }
      expect((await get(`/api/${kind}?include=everything`, adminHeaders)).statusCode).toBe(400);
    });

    it('publishing, scheduling and unpublishing through PATCH; each empties the cache', async () => {
      const draft = (
        await write('POST', `/api/${kind}`, { ...body(`Soon ${kind}`), status: 'draft' })
      ).json() as Item;
      // The public list is cached now; publishing must replace it at once.
      expect(await ids(`/api/${kind}`)).not.toContain(draft._id);

      const published = await write('PATCH', `/api/${kind}/${draft._id}`, { status: 'published' });
      expect(published.statusCode).toBe(200);
      const live = published.json() as Item;
      expect(live.status).toBe('published');
      expect(Date.parse(live.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(await ids(`/api/${kind}`)).toContain(draft._id);
      expect((await get(`/api/${kind}/${draft._id}`)).statusCode).toBe(200);

      // Publishing again keeps its publication time.
      const again = (
        await write('PATCH', `/api/${kind}/${draft._id}`, { status: 'published' })
      ).json() as Item;
      expect(again.publishedAt).toBe(live.publishedAt);

      const scheduledAt = inAnHour();
      const scheduled = (
        await write('PATCH', `/api/${kind}/${draft._id}`, {
          status: 'published',
          publishedAt: scheduledAt,
        })
      ).json() as Item;
      expect(scheduled).toMatchObject({ status: 'published', publishedAt: scheduledAt });
      expect(await ids(`/api/${kind}`)).not.toContain(draft._id);
      expect((await get(`/api/${kind}/${draft._id}`)).statusCode).toBe(404);
      expect(await ids(`/api/${kind}?include=drafts`, adminHeaders)).toContain(draft._id);

      // "Publish" without a time on a scheduled item publishes it now.
      const now = (
        await write('PATCH', `/api/${kind}/${draft._id}`, { status: 'published' })
      ).json() as Item;
      expect(Date.parse(now.publishedAt ?? '')).toBeLessThanOrEqual(Date.now());
      expect(await ids(`/api/${kind}`)).toContain(draft._id);

      const unpublished = await write('PATCH', `/api/${kind}/${draft._id}`, { status: 'draft' });
      expect(unpublished.json()).toMatchObject({ status: 'draft', publishedAt: null });
      expect(await ids(`/api/${kind}`)).not.toContain(draft._id);
      expect((await get(`/api/${kind}/${draft._id}`)).statusCode).toBe(404);
    });

    it('PATCH refuses an unknown id, a bad status or time, and unknown fields', async () => {
      const unknown = await write('PATCH', `/api/${kind}/no-such-item`, { status: 'published' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: notFound });
      const [first] = await ids(`/api/${kind}`);
      for (const payload of [
        {},
        { status: 'live' },
        { status: 'published', publishedAt: 'tomorrow' },
        { status: 'draft', title: 'x' },
      ]) {
        const refused = await write('PATCH', `/api/${kind}/${first}`, payload);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ message: expect.any(String) });
      }
      const anonymous = await t.app.inject({
        method: 'PATCH',
        url: `/api/${kind}/${first}`,
        payload: { status: 'draft' },
        headers: readerHeaders,
      });
      expect(anonymous.statusCode).toBe(403);
      expect(await ids(`/api/${kind}`)).toContain(first);
    });

    it('a PUT keeps the stored status unless it says otherwise', async () => {
      const draft = (
        await write('POST', `/api/${kind}`, { ...body(`Kept ${kind}`), status: 'draft' })
      ).json() as Item;
      const edited = await write('PUT', `/api/${kind}/${draft._id}`, body(`Kept ${kind}, edited`));
      expect(edited.json()).toMatchObject({ status: 'draft', title: `Kept ${kind}, edited` });
      const plannedAt = inAnHour();
      const planned = await write('PUT', `/api/${kind}/${draft._id}`, {
        ...body(`Kept ${kind}`),
        status: 'draft',
        publishedAt: plannedAt,
      });
      // A draft may carry a planned time; it stays a draft until published.
      expect(planned.json()).toMatchObject({ status: 'draft', publishedAt: plannedAt });
      expect(await ids(`/api/${kind}`)).not.toContain(draft._id);
    });
  });

  it('search, the feed, the sitemap, the cards and the neighbours leave drafts out', async () => {
    const draft = (
      await write('POST', '/api/articles', {
        title: 'Quetzalcoatl draft',
        content: 'Quetzalcoatl is a word only this draft has.',
        status: 'draft',
      })
    ).json() as Item;
    const scheduled = (
      await write('POST', '/api/articles', {
        title: 'Quetzalcoatl scheduled',
        content: 'Quetzalcoatl again, scheduled.',
        status: 'published',
        publishedAt: inAnHour(),
      })
    ).json() as Item;
    const project = (
      await write('POST', '/api/projects', {
        title: 'Quetzalcoatl project',
        description: 'Hidden.',
        imagePath: '/images/tls.svg',
        status: 'draft',
      })
    ).json() as Item;
    const hidden = [draft._id, scheduled._id, project._id];

    expect((await get('/api/search?query=quetzalcoatl')).json()).toEqual([]);
    const rss = (await get('/api/rss.xml')).body;
    // The sitemap's index names parts only; its one part lists the URLs.
    const sitemap = (await get('/api/sitemap-1.xml')).body;
    for (const id of hidden) {
      expect(rss).not.toContain(id);
      expect(sitemap).not.toContain(id);
    }
    for (const [kind, id] of [
      ['articles', draft._id],
      ['articles', scheduled._id],
      ['projects', project._id],
    ]) {
      expect((await get(`/api/cards/${kind}/${id}.png`)).statusCode).toBe(404);
    }
    // The newest public article's neighbour is never the (newer) draft.
    const [newest] = await ids('/api/articles');
    expect((await get(`/api/articles/${newest}`)).json()).toMatchObject({ next: null });

    // The admin's preview of the draft shows the public neighbours around it.
    const preview = (await get(`/api/articles/${draft._id}?include=drafts`, adminHeaders)).json();
    expect(preview).toMatchObject({ _id: draft._id, next: null, previous: { _id: newest } });
  });
});
