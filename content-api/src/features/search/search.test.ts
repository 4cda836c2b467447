import { sql } from 'drizzle-orm';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { ELLIPSIS } from '@portfolio/contract';
import type { SearchPage } from './routes.js';
import { searchArticlePage } from './routes.js';

interface SearchResultJson {
  _id: string;
  title: string;
  content: string;
  createdAt: string;
  snippet: string;
}

/** What a reader sees: the snippet without its <mark> tags, entities decoded. */
function visibleText(snippet: string): string {
  return snippet
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe.each(testDrivers)('GET /api/search (%s)', (driver) => {
  let t: TestApp;
  const search = async (query: string) => {
    const response = await t.app.inject({ url: '/api/search', query: { query } });
    expect(response.statusCode).toBe(200);
    return response.json() as SearchResultJson[];
  };
  const createArticle = async (title: string, content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title, content },
    });
    expect(response.statusCode).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it.each(['', '   ', '\t\n'])('returns [] for an empty or blank query %j', async (query) => {
    expect(await search(query)).toEqual([]);
  });

  it('returns [] without a query parameter, and for stop words only', async () => {
    const response = await t.app.inject('/api/search');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(await search('the and of')).toEqual([]);
  });

  it('finds seeded articles in the contract shape, with a highlighted snippet', async () => {
    const results = await search('phishing');
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]).toEqual({
      _id: 'how-to-spot-a-phishing-email',
      title: 'How to Spot a Phishing Email',
      content: expect.stringContaining('Phishing is still'),
      createdAt: '2024-08-05T09:00:00.000Z',
      snippet: expect.stringContaining('<mark>Phishing</mark>'),
      slug: 'how-to-spot-a-phishing-email',
      tags: ['phishing', 'awareness'],
    });
  });

  it("filters by tag (docs/decisions/132): only the tag's matches, counted alone", async () => {
    const all = await t.app.inject('/api/search?query=security');
    const tagged = await t.app.inject('/api/search?query=security&tag=appsec');
    expect(tagged.statusCode).toBe(200);
    const results = tagged.json() as { tags: string[] }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.tags.includes('appsec'))).toBe(true);
    expect(Number(tagged.headers['x-total-count'])).toBe(results.length);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(results.length);
    const none = await t.app.inject('/api/search?query=security&tag=no-such-tag');
    expect(none.json()).toEqual([]);
    const invalid = await t.app.inject('/api/search?query=security&tag=Not%20A%20Tag');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/^Tag must be lowercase letters/);
  });

  it('ranks a title match above a passing mention in the body', async () => {
    await createArticle('Notes on gardening', 'Someone once mentioned kerberoasting at lunch.');
    await createArticle('Kerberoasting explained', 'Service tickets can be cracked offline.');
    const results = await search('kerberoasting');
    expect(results.map((result) => result.title)).toEqual([
      'Kerberoasting explained',
      'Notes on gardening',
    ]);
  });

  it('understands web search syntax: phrases and exclusions', async () => {
    const phrase = await search('"zero trust"');
    expect(phrase[0]?.title).toMatch(/zero trust/i);
    await createArticle('Beacon with telemetry', 'The beacon sends telemetry home.');
    await createArticle('Quiet beacon', 'This beacon stays silent.');
    expect((await search('beacon -telemetry')).map((result) => result.title)).toEqual([
      'Quiet beacon',
    ]);
  });

  it('never fails on odd input', async () => {
    for (const query of ["'):(", 'or or or', '!!!', '<script>', '-', '"unbalanced', '*:*']) {
      await search(query);
    }
  });

  it('escapes everything in the snippet except <mark> tags', async () => {
    await createArticle(
      'Escaping test',
      'A payload like `<script>alert("xss")</script>` & <img src=x onerror=alert(1)> must stay inert.',
    );
    const [result] = await search('payload script');
    expect(result?.title).toBe('Escaping test');
    const snippet = result?.snippet ?? '';
    expect(snippet).toContain('&lt;<mark>script</mark>&gt;');
    expect(snippet).toContain('&quot;xss&quot;');
    expect(snippet).toContain('&amp;');
    expect(snippet).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const withoutMarks = snippet.replace(/<\/?mark>/g, '');
    expect(withoutMarks).not.toMatch(/[<>"']/);
    expect(withoutMarks).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
  });

  it('cuts snippets to about 150 characters around the match', async () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(30);
    await createArticle('Long read', `${filler} the wombat appears here ${filler}`);
    const [result] = await search('wombat');
    const visible = visibleText(result?.snippet ?? '');
    // 150 characters of text and an ellipsis at each end.
    expect(visible.length).toBeLessThanOrEqual(150 + 2 * ELLIPSIS.length);
    expect(visible.length).toBeGreaterThan(100);
    expect(result?.snippet).toContain('<mark>wombat</mark>');
    expect(visible.startsWith('...')).toBe(true);
    expect(visible.endsWith('...')).toBe(true);
  });

  it('highlights a match deep in a long text, whole words only, whatever its stem', async () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40);
    await createArticle('Echidna notes', `${filler}a happy echidna studies ants ${filler}end`);
    const words = new Set(['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'a', 'happy', 'echidna']);
    for (const [query, marked] of [
      ['studying', 'studies'], // stem "studi", found in the text: a window around it
      ['happiness', 'happy'], // stem "happi", not in the text as written: the whole text
    ]) {
      const [result] = await search(`${query} echidna`);
      expect(result?.title).toBe('Echidna notes');
      expect(result?.snippet).toContain(`<mark>${marked}</mark>`);
      const visible = visibleText(result?.snippet ?? '');
      expect(visible.startsWith('...') && visible.endsWith('...')).toBe(true);
      const inner = visible.slice(3, -3).trim().split(/\s+/);
      for (const word of inner) expect([...words, 'studies', 'ants']).toContain(word);
    }
  });

  it('returns at most 20 results', async () => {
    for (let index = 0; index < 22; index += 1) {
      await createArticle(`Quokka field note ${index}`, `Quokka sighting number ${index}.`);
    }
    expect(await search('quokka')).toHaveLength(20);
  });

  it('ranks every match before keeping the best 20', async () => {
    await createArticle('Numbat habits', 'Numbat, numbat, numbat: this article is about numbats.');
    for (let index = 0; index < 21; index += 1) {
      await createArticle(`Walk log ${index}`, `A numbat crossed the path on day ${index}.`);
    }
    const results = await search('numbat');
    expect(results).toHaveLength(20);
    // The oldest article, but by far the best match.
    expect(results[0]?.title).toBe('Numbat habits');
  });

  it('ranks only the newest matches when more match than it ranks (docs/decisions/134)', async () => {
    await createArticle('Bilby burrows', 'Bilby, bilby, bilby: this article is about bilbies.');
    for (let index = 0; index < 4; index += 1) {
      await createArticle(`Night walk ${index}`, `A bilby crossed the path on night ${index}.`);
    }
    const titles = (page: SearchPage) => page.results.map((result) => result.title);
    // All five ranked: the oldest is the best match.
    const all = await searchArticlePage(t.database.db, 'bilby');
    expect(all.total).toBe(5);
    expect(titles(all)[0]).toBe('Bilby burrows');
    // The newest three only: the best of those first, the oldest left out, and counted so.
    const newest = await searchArticlePage(t.database.db, 'bilby', new Date(), { ranked: 3 });
    expect(newest.total).toBe(3);
    expect(titles(newest).sort()).toEqual(['Night walk 1', 'Night walk 2', 'Night walk 3']);
  });

  it('pages with limit and offset and says in X-Total-Count how many match in all', async () => {
    const page = (query: Record<string, string>) =>
      t.app.inject({ url: '/api/search', query: { query: 'quokka', ...query } });
    const everything = await page({ limit: '100' });
    expect(everything.headers['x-total-count']).toBe('22');
    const all = everything.json() as SearchResultJson[];
    expect(all).toHaveLength(22);
    const first = await page({});
    // Without a limit: today's first 20, with the total.
    expect((first.json() as SearchResultJson[]).map((result) => result._id)).toEqual(
      all.slice(0, 20).map((result) => result._id),
    );
    expect(first.headers['x-total-count']).toBe('22');
    const second = await page({ limit: '5', offset: '20' });
    expect((second.json() as SearchResultJson[]).map((result) => result._id)).toEqual(
      all.slice(20).map((result) => result._id),
    );
    expect(second.headers['x-total-count']).toBe('22');
    // A cached answer keeps its header, and another page is another entry.
    const again = await page({ limit: '5', offset: '20' });
    expect(again.headers['x-total-count']).toBe('22');
    expect(again.headers.etag).toBe(second.headers.etag);
    expect(again.headers.etag).not.toBe(first.headers.etag);
  });

  it('says X-Total-Count 0 for an empty query', async () => {
    const response = await t.app.inject({ url: '/api/search', query: { query: ' ' } });
    expect(response.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['limit=0', 'Limit must be >= 1.'],
    ['limit=101', 'Limit must be <= 100.'],
    ['offset=-1', 'Offset must be >= 0.'],
  ])('answers 400 for ?%s', async (query, message) => {
    const response = await t.app.inject(`/api/search?query=tls&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('keeps each search vector in its row, not in TOAST (ADR 033)', async () => {
    // Both drivers answer raw SQL with `{ rows }`; the shared Database type does not say so.
    const { rows } = (await t.database.db.execute(
      sql`select attstorage from pg_attribute
          where attrelid = 'articles'::regclass and attname = 'search_vector'`,
    )) as unknown as { rows: { attstorage: string }[] };
    expect(rows[0]?.attstorage).toBe('m');
  });

  it('rejects an overlong query with 400', async () => {
    const response = await t.app.inject({ url: '/api/search', query: { query: 'a'.repeat(201) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Query must be at most 200 characters.' });
  });
});
