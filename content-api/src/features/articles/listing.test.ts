// The public lists paged in memory (docs/decisions/133): the same pages and counts as the
// database's own order, on every test driver, and never staler than the response cache.
import { sql } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER } from '@portfolio/contract';
import { articles } from '../../db/schema.js';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { ListingEntry } from './listing.js';
import { pageOf } from './listing.js';

describe('pageOf', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const past = new Date('2026-11-01T00:00:00Z');
  const entry = (id: string, tags: string[], publication: Partial<ListingEntry> = {}) => ({
    id,
    tags,
    status: 'published' as const,
    publishedAt: past,
    ...publication,
  });
  const entries: ListingEntry[] = [
    entry('e', ['cloud']),
    entry('d', ['cloud'], { status: 'draft', publishedAt: null }),
    entry('c', ['cloud', 'appsec'], { publishedAt: new Date('2026-12-01T00:00:00Z') }),
    entry('b', ['appsec']),
    entry('a', ['cloud']),
  ];

  it('pages the public entries in their order and counts them all', () => {
    expect(pageOf(entries, { now })).toEqual({ ids: ['e', 'b', 'a'], total: 3 });
    expect(pageOf(entries, { now, limit: 2 })).toEqual({ ids: ['e', 'b'], total: 3 });
    expect(pageOf(entries, { now, limit: 2, offset: 2 })).toEqual({ ids: ['a'], total: 3 });
    expect(pageOf(entries, { now, limit: 2, offset: 9 })).toEqual({ ids: [], total: 3 });
  });

  it('keeps to one tag, and lets a scheduled entry in once it is due', () => {
    expect(pageOf(entries, { now, tag: 'cloud' })).toEqual({ ids: ['e', 'a'], total: 2 });
    expect(pageOf(entries, { now: new Date('2026-12-02T00:00:00Z'), tag: 'appsec' })).toEqual({
      ids: ['c', 'b'],
      total: 2,
    });
    expect(pageOf(entries, { now, tag: 'nothing' })).toEqual({ ids: [], total: 0 });
  });
});

describe.each(testDrivers)('public lists paged in memory (%s)', (driver) => {
  let t: TestApp;
  const TTL_MS = 400;
  beforeAll(async () => {
    t = await createTestApp(driver, { cache: { ttlMs: TTL_MS } });
    // Ten more public articles sharing one createdAt (the order falls to the id), a draft and a
    // scheduled one, written behind the API's back.
    const createdAt = new Date('2026-10-01T00:00:00Z');
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: `same-time-${String.fromCharCode(97 + ((i * 7) % 10))}`,
      slug: `same-time-${String.fromCharCode(97 + ((i * 7) % 10))}`,
      title: `Same time ${i}`,
      content: 'Body.',
      plainText: 'Body.',
      tags: i % 2 ? ['odd'] : ['even'],
      createdAt,
      updatedAt: createdAt,
      publishedAt: createdAt,
    }));
    await t.database.db.insert(articles).values([
      ...rows,
      { ...rows[0]!, id: 'a-draft', slug: 'a-draft', status: 'draft', publishedAt: null },
      {
        ...rows[0]!,
        id: 'a-scheduled',
        slug: 'a-scheduled',
        publishedAt: new Date(Date.now() + 3_600_000),
      },
    ]);
  });
  afterAll(() => t.close());

  /** The public ids, newest first, as the database orders them. */
  async function databaseOrder(tag?: string): Promise<string[]> {
    const rows = await t.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        sql`${articles.status} = 'published' and ${articles.publishedAt} <= now()
          and (${tag ?? null}::text is null or ${articles.tags} @> array[${tag ?? ''}]::text[])`,
      )
      .orderBy(sql`${articles.createdAt} desc, ${articles.id} desc`);
    return rows.map((row) => row.id);
  }

  async function page(query: string): Promise<{ ids: string[]; total: number }> {
    const response = await t.app.inject({ url: `/api/articles?${query}` });
    expect(response.statusCode).toBe(200);
    return {
      ids: (response.json() as { _id: string }[]).map((article) => article._id),
      total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    };
  }

  it("answers every page as the database's order, with its total", async () => {
    const expected = await databaseOrder();
    expect(expected).toHaveLength(22);
    for (let offset = 0; offset < expected.length + 3; offset += 3) {
      expect(await page(`limit=3&offset=${offset}`)).toEqual({
        ids: expected.slice(offset, offset + 3),
        total: expected.length,
      });
    }
    const odd = await databaseOrder('odd');
    expect(await page('limit=4&offset=1&tag=odd')).toEqual({
      ids: odd.slice(1, 5),
      total: odd.length,
    });
  });

  it('shows a write through the API on the next read', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title: 'Listed at once', content: 'Body.', tags: ['odd'] },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { _id: string })._id;
    expect((await page('limit=1')).ids).toEqual([id]);
    expect((await page('limit=1&tag=odd')).ids).toEqual([id]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/${id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(204);
    expect((await page('limit=1')).ids).not.toContain(id);
    expect((await page('limit=50')).total).toBe((await databaseOrder()).length);
  });

  it('shows a change it did not hear about once the cache TTL has passed', async () => {
    const before = await page('limit=50');
    await t.database.db
      .update(articles)
      .set({ status: 'draft', publishedAt: null })
      .where(sql`${articles.id} = ${before.ids[0]!}`);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    // `offset=0` is another address than before: the response cache has no answer for it.
    const after = await page('limit=50&offset=0');
    expect(after.ids).toEqual(before.ids.slice(1));
    expect(after.total).toBe(before.total - 1);
  });

  it('leaves searches and the admin view to the database', async () => {
    const drafts = await t.app.inject({
      url: '/api/articles?include=drafts&limit=50',
      headers: adminHeaders,
    });
    expect((drafts.json() as { _id: string }[]).map((a) => a._id)).toContain('a-draft');
    const searched = await page('query=body&limit=50');
    expect(searched.total).toBe(
      (await databaseOrder()).filter((id) => id.startsWith('same')).length,
    );
  });
});
