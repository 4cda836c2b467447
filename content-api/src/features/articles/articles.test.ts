import { ARTICLE_EXCERPT_LENGTH, ELLIPSIS, IMAGE_VARIANT_WIDTHS } from '@portfolio/contract';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

interface ArticleJson {
  _id: string;
  title: string;
  content: string;
  excerpt: string;
  imagePath?: string;
  createdAt: string;
  previous?: { _id: string; title: string } | null;
  next?: { _id: string; title: string } | null;
}

describe.each(testDrivers)('articles (%s)', (driver) => {
  let t: TestApp;
  let seeded: ArticleJson[];
  beforeAll(async () => {
    t = await createTestApp(driver);
    seeded = (await t.app.inject('/api/articles')).json();
  });
  afterAll(() => t.close());

  describe('GET /api/articles', () => {
    it('returns a plain array of the 12 seeded articles, newest first', () => {
      expect(seeded).toHaveLength(12);
      const dates = seeded.map((article) => article.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(new Set(dates).size).toBe(12);
      for (const article of seeded) {
        expect(article).toEqual({
          _id: expect.stringMatching(/^[a-z0-9-]+$/),
          title: expect.any(String),
          content: expect.stringContaining('##'),
          excerpt: expect.any(String),
          imagePath: expect.stringMatching(/^\/images\/[a-z0-9-]+\.svg$/),
          // The seed's SVGs: their size, and raster variants at every width (ADR 172).
          image: {
            path: expect.stringMatching(/^\/images\/[a-z0-9-]+\.svg$/),
            width: 400,
            height: 240,
            widths: [...IMAGE_VARIANT_WIDTHS],
            formats: ['avif', 'webp', 'png'],
          },
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          commentCount: 0,
          status: 'published',
          publishedAt: article.createdAt,
          // Seeded files name no slug: the id is the address (docs/decisions/132).
          slug: article._id,
          tags: expect.any(Array),
        });
      }
    });

    it('sends each article its excerpt: plain text, headings ending a sentence, cut to 150 with ...', () => {
      for (const { excerpt } of seeded) {
        expect(excerpt.length).toBeLessThanOrEqual(ARTICLE_EXCERPT_LENGTH);
        expect(excerpt.length).toBeGreaterThan(ARTICLE_EXCERPT_LENGTH - 30);
        expect(excerpt.endsWith(ELLIPSIS)).toBe(true);
        expect(excerpt).not.toMatch(/[#*`]|\]\(/);
      }
    });

    it('covers the security topics of the seed', () => {
      const titles = seeded.map((article) => article.title).join(' | ');
      for (const topic of [
        /threat model/i,
        /owasp/i,
        /incident/i,
        /linux/i,
        /code review/i,
        /phishing/i,
        /zero trust/i,
        /password/i,
        /container/i,
        /siem/i,
        /capture the flag/i,
        /tls/i,
      ]) {
        expect(titles).toMatch(topic);
      }
    });

    it('pages with limit and offset', async () => {
      const page = await t.app.inject('/api/articles?limit=5&offset=3');
      expect(page.statusCode).toBe(200);
      expect(page.json().map((article: ArticleJson) => article._id)).toEqual(
        seeded.slice(3, 8).map((article) => article._id),
      );
      expect((await t.app.inject('/api/articles?limit=100')).json()).toHaveLength(12);
      expect((await t.app.inject('/api/articles?offset=20')).json()).toEqual([]);
    });

    it('says in X-Total-Count how many articles there are in all, on every page', async () => {
      for (const url of [
        '/api/articles',
        '/api/articles?limit=5&offset=10',
        '/api/articles?offset=20',
      ]) {
        const response = await t.app.inject(url);
        expect(response.headers['x-total-count']).toBe('12');
      }
    });

    it('keeps X-Total-Count with its cached answer, in the ETag and on a 304', async () => {
      const first = await t.app.inject('/api/articles?limit=2');
      const again = await t.app.inject('/api/articles?limit=2');
      expect(again.headers['x-total-count']).toBe('12');
      expect(again.headers.etag).toBe(first.headers.etag);
      const revalidated = await t.app.inject({
        url: '/api/articles?limit=2',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['x-total-count']).toBe('12');
    });

    it('exposes X-Total-Count to a browser on another origin (CORS)', async () => {
      const response = await t.app.inject({
        url: '/api/articles?limit=1',
        headers: { origin: 'http://localhost:3000' },
      });
      expect(String(response.headers['access-control-expose-headers'])).toMatch(
        /\bX-Total-Count\b/i,
      );
    });

    it.each([
      ['limit=0', 'Limit must be >= 1.'],
      ['limit=101', 'Limit must be <= 100.'],
      ['limit=abc', 'Limit must be of type integer.'],
      ['offset=-1', 'Offset must be >= 0.'],
      ['page=2', 'Unknown query parameter "page".'],
    ])('answers 400 for ?%s', async (query, message) => {
      const response = await t.app.inject(`/api/articles?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('GET /api/articles/:id', () => {
    it('returns the article with its older (previous) and newer (next) neighbours', async () => {
      const [newest, middle, older] = seeded as [ArticleJson, ArticleJson, ArticleJson];
      const response = await t.app.inject(`/api/articles/${middle._id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...middle,
        previous: { _id: older._id, slug: older._id, title: older.title },
        next: { _id: newest._id, slug: newest._id, title: newest.title },
        related: expect.any(Array),
      });
    });

    it('relates the public articles sharing the most tags, the newest first, then the newest others', async () => {
      const write = async (
        title: string,
        tags: string[],
        createdAt: string,
        status = 'published',
      ) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/articles',
          headers: adminHeaders,
          payload: { title, content: 'Text.', tags, createdAt, status },
        });
        expect(response.statusCode).toBe(201);
        const { _id, slug } = response.json() as { _id: string; slug: string };
        return { _id, slug, title };
      };
      const reader = await write('Rel reader', ['rel-x', 'rel-y'], '2019-01-05T00:00:00.000Z');
      const bothOld = await write('Rel both old', ['rel-y', 'rel-x'], '2019-01-01T00:00:00.000Z');
      const oneNew = await write('Rel one new', ['rel-x'], '2019-01-04T00:00:00.000Z');
      const draft = await write(
        'Rel draft',
        ['rel-x', 'rel-y'],
        '2019-01-03T00:00:00.000Z',
        'draft',
      );
      try {
        const detail = (await t.app.inject(`/api/articles/${reader._id}`)).json();
        // No seeded article has these tags: the third is the newest of all.
        const newest = seeded[0]!;
        expect(detail.related).toEqual([
          bothOld,
          oneNew,
          { _id: newest._id, slug: newest._id, title: newest.title },
        ]);
        // Another article's: three, never itself, never the draft.
        const other = (await t.app.inject(`/api/articles/${seeded[1]?._id}`)).json();
        const ids = (other.related as { _id: string }[]).map((related) => related._id);
        expect(ids).toHaveLength(3);
        expect(ids).not.toContain(seeded[1]?._id);
        expect(ids).not.toContain(draft._id);
      } finally {
        for (const { _id } of [reader, bothOld, oneNew, draft]) {
          await t.app.inject({
            method: 'DELETE',
            url: `/api/articles/${_id}`,
            headers: adminHeaders,
          });
        }
      }
    });

    it('has no next for the newest and no previous for the oldest', async () => {
      const newest = (await t.app.inject(`/api/articles/${seeded[0]?._id}`)).json();
      expect(newest.next).toBeNull();
      expect(newest.previous).not.toBeNull();
      const oldest = (await t.app.inject(`/api/articles/${seeded[11]?._id}`)).json();
      expect(oldest.previous).toBeNull();
      expect(oldest.next).toEqual({
        _id: seeded[10]?._id,
        slug: seeded[10]?._id,
        title: seeded[10]?.title,
      });
    });

    it('answers 404 with "Article not found" for an unknown id, 400 for a malformed one', async () => {
      const missing = await t.app.inject('/api/articles/nothing-here');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Article not found' });
      const malformed = await t.app.inject('/api/articles/Not%20An%20Id');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/id must contain only/i);
    });
  });

  describe('admin writes', () => {
    const draft = { title: 'Écrire: Sécurité & Toi!', content: '# Hello\n\nSome *Markdown*.' };

    it('requires an admin token', async () => {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/articles', payload: draft })).statusCode,
      ).toBe(401);
      const reader = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${seeded[0]?._id}`,
        headers: readerHeaders,
        payload: draft,
      });
      expect(reader.statusCode).toBe(403);
    });

    it('creates an article without image, slugging the title, and places it by createdAt', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { ...draft, createdAt: '2020-01-01T00:00:00.000Z' },
      });
      expect(created.statusCode).toBe(201);
      const article = created.json();
      expect(article).toEqual({
        _id: 'ecrire-securite-toi',
        title: draft.title,
        content: draft.content,
        // The heading is not the excerpt's (docs/decisions/132).
        excerpt: 'Some Markdown.',
        slug: 'ecrire-securite-toi',
        tags: [],
        createdAt: '2020-01-01T00:00:00.000Z',
        updatedAt: expect.any(String),
        // Published when it was written, now: its createdAt names an older date.
        status: 'published',
        publishedAt: article.updatedAt,
      });
      const list = (await t.app.inject('/api/articles')).json();
      expect(list.at(-1)._id).toBe('ecrire-securite-toi');
      const detail = (await t.app.inject('/api/articles/ecrire-securite-toi')).json();
      expect(detail.previous).toBeNull();
      expect(detail.next).toEqual({
        _id: seeded[11]?._id,
        slug: seeded[11]?._id,
        title: seeded[11]?.title,
      });
    });

    it('replaces and deletes; missing ids answer 404', async () => {
      const id = seeded[0]?._id as string;
      const replaced = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${id}`,
        headers: adminHeaders,
        payload: { title: 'Updated title', content: 'Updated body', imagePath: '/images/tls.svg' },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({
        _id: id,
        title: 'Updated title',
        imagePath: '/images/tls.svg',
      });

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/articles/${id}`,
        headers: adminHeaders,
      });
      expect(deleted.statusCode).toBe(204);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/articles/${id}`,
        headers: adminHeaders,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Article not found' });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${id}`,
        headers: adminHeaders,
        payload: draft,
      });
      expect(put.statusCode).toBe(404);
    });

    it.each(['2016-12-31T23:59:60Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-01:00'])(
      '400 for createdAt %s on create and update (it was a 500)',
      async (createdAt) => {
        for (const [method, url] of [
          ['POST', '/api/articles'],
          ['PUT', '/api/articles/tls-in-practice'],
        ] as const) {
          const response = await t.app.inject({
            method,
            url,
            headers: adminHeaders,
            payload: { title: 'Dated', content: 'Body', createdAt },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({
            message: expect.stringMatching(/^CreatedAt must be/),
          });
        }
      },
    );

    it('validates the body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'x', content: '   ' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Content must not be empty.' });
    });
  });
});
