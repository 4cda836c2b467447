import { REVISIONS_KEPT } from '@portfolio/contract';
import type { ArticleRevision, ProjectRevision, RevisionSummary } from '@portfolio/contract';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../auth/identity.js';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { ARTICLE_NOT_FOUND } from '../articles/routes.js';
import { PROJECT_NOT_FOUND } from '../projects/routes.js';
import { REVISION_NOT_FOUND } from './routes.js';

let counter = 0;
const unique = (title: string) => `${title} ${(counter += 1)}`;

const article = (title = unique('Revised article')) => ({
  title,
  content: 'First paragraph.\n\nSecond paragraph, ünïcode.',
  tags: ['appsec'],
  status: 'draft' as const,
});
const project = (title = unique('Revised project')) => ({
  title,
  description: 'What it does.',
  imagePath: '/images/tls.svg',
});

describe.each(testDrivers)('revisions (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const post = async (kind: 'articles' | 'projects', payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${kind}`,
      headers: adminHeaders,
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string; updatedAt: string }>();
  };
  const put = (kind: 'articles' | 'projects', id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/${kind}/${id}`, headers: adminHeaders, payload });
  const list = async (kind: 'articles' | 'projects', id: string) => {
    const response = await t.app.inject({
      url: `/api/${kind}/${id}/revisions`,
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json<RevisionSummary[]>();
  };
  /** Runs SQL statements one by one (a prepared statement takes one). */
  const run = async (...statements: string[]) => {
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
  };
  const refuse = (name: string) =>
    `create function ${name}() returns trigger language plpgsql as
       $$ begin raise exception 'refused by the test'; end $$`;
  const storedCount = async (table: 'article_revisions' | 'project_revisions', id: string) => {
    // Both drivers answer raw SQL with `{ rows }`; the shared Database type does not say so.
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as count from ${sql.identifier(table)} where item_id = ${id}`,
    )) as unknown as { rows: { count: number }[] };
    return Number(rows[0]?.count);
  };

  describe('access', () => {
    const routes = [
      '/api/articles/tls-in-practice/revisions',
      '/api/articles/tls-in-practice/revisions/1',
      '/api/projects/home-lab-siem/revisions',
      '/api/projects/home-lab-siem/revisions/1',
    ];

    it.each(routes)('%s without a token is a 401 with a message', async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.missing });
    });

    it.each(routes)("%s with a user's token is a 403 with a message", async (url) => {
      const response = await t.app.inject({ url, headers: readerHeaders });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
    });

    it.each(routes)('%s for an admin is never kept by a shared cache', async (url) => {
      const response = await t.app.inject({ url, headers: adminHeaders });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('articles', () => {
    it('the seed imported each item as its first version', async () => {
      const revisions = await list('articles', 'tls-in-practice');
      expect(revisions).toEqual([
        {
          number: 1,
          savedAt: expect.any(String),
          title: expect.any(String),
          size: expect.any(Number),
          status: 'published',
        },
      ]);
    });

    it('every create and replacement stores a version; the list is newest first, without text', async () => {
      const first = article();
      const created = await post('articles', first);
      const second = {
        ...first,
        title: unique('Renamed'),
        content: 'First paragraph.\n\nA new second one.',
        slug: `${created._id}-renamed`,
        customExcerpt: 'Hand-written.',
        status: 'published' as const,
      };
      const replaced = await put('articles', created._id, second);
      expect(replaced.statusCode).toBe(200);

      const revisions = await list('articles', created._id);
      expect(revisions).toEqual([
        {
          number: 2,
          savedAt: replaced.json<{ updatedAt: string }>().updatedAt,
          title: second.title,
          size: Buffer.byteLength(second.content),
          status: 'published',
        },
        {
          number: 1,
          savedAt: created.updatedAt,
          title: first.title,
          // Bytes, not characters: "ü" and "ï" are two each.
          size: first.content.length + 2,
          status: 'draft',
        },
      ]);
      for (const revision of revisions) expect(Object.keys(revision)).not.toContain('version');

      const one = await t.app.inject({
        url: `/api/articles/${created._id}/revisions/1`,
        headers: adminHeaders,
      });
      expect(one.statusCode).toBe(200);
      expect(one.json<ArticleRevision>()).toEqual({
        ...revisions[1],
        version: {
          title: first.title,
          content: first.content,
          slug: created._id,
          tags: ['appsec'],
          status: 'draft',
        },
      });
      const two = await t.app.inject({
        url: `/api/articles/${created._id}/revisions/2`,
        headers: adminHeaders,
      });
      expect(two.json<ArticleRevision>().version).toEqual({
        title: second.title,
        content: second.content,
        slug: second.slug,
        tags: ['appsec'],
        customExcerpt: 'Hand-written.',
        status: 'published',
        publishedAt: expect.any(String),
      });
    });

    it('a change of publication alone (PATCH) is not a save of the text: no version', async () => {
      const created = await post('articles', article());
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/articles/${created._id}`,
        headers: adminHeaders,
        payload: { status: 'published' },
      });
      expect(patched.statusCode).toBe(200);
      expect(await list('articles', created._id)).toHaveLength(1);
    });

    it(`keeps the newest ${REVISIONS_KEPT} versions and deletes the older ones`, async () => {
      const base = article();
      const created = await post('articles', base);
      for (let save = 2; save <= REVISIONS_KEPT + 5; save += 1) {
        const response = await put('articles', created._id, { ...base, content: `Save ${save}` });
        expect(response.statusCode).toBe(200);
      }
      const revisions = await list('articles', created._id);
      expect(revisions.map((revision) => revision.number)).toEqual(
        Array.from({ length: REVISIONS_KEPT }, (_, index) => REVISIONS_KEPT + 5 - index),
      );
      expect(await storedCount('article_revisions', created._id)).toBe(REVISIONS_KEPT);
      const oldest = await t.app.inject({
        url: `/api/articles/${created._id}/revisions/6`,
        headers: adminHeaders,
      });
      expect(oldest.json<ArticleRevision>().version.content).toBe('Save 6');
      const pruned = await t.app.inject({
        url: `/api/articles/${created._id}/revisions/5`,
        headers: adminHeaders,
      });
      expect(pruned.statusCode).toBe(404);
      expect(pruned.json()).toEqual({ message: REVISION_NOT_FOUND });
    });

    it('deleting the article deletes its versions', async () => {
      const created = await post('articles', article());
      await put('articles', created._id, { ...article(), content: 'Again' });
      expect(await storedCount('article_revisions', created._id)).toBe(2);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/articles/${created._id}`,
        headers: adminHeaders,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await storedCount('article_revisions', created._id)).toBe(0);
      const gone = await t.app.inject({
        url: `/api/articles/${created._id}/revisions`,
        headers: adminHeaders,
      });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: ARTICLE_NOT_FOUND });
    });

    it('a refused write (a taken slug: 409) stores no version', async () => {
      const created = await post('articles', article());
      const refused = await put('articles', created._id, {
        ...article(),
        slug: 'tls-in-practice',
      });
      expect(refused.statusCode).toBe(409);
      expect(await list('articles', created._id)).toHaveLength(1);
    });

    it('a write that fails at its commit leaves no version, and a version that cannot be stored leaves no write', async () => {
      const created = await post('articles', article());
      const failing = `${created._id}-fails`;
      // The article's update fails when its transaction commits, after its version was stored.
      await run(
        refuse('revisions_test_refuse'),
        `create constraint trigger revisions_test_refuse_commit after update on articles
           deferrable initially deferred for each row
           when (new.title = '${failing}') execute function revisions_test_refuse()`,
      );
      try {
        const failed = await put('articles', created._id, { ...article(), title: failing });
        expect(failed.statusCode).toBeGreaterThanOrEqual(500);
        expect(await list('articles', created._id)).toHaveLength(1);
        const after = await t.app.inject({
          url: `/api/articles/${created._id}?include=drafts`,
          headers: adminHeaders,
        });
        expect(after.json<{ title: string }>().title).not.toBe(failing);
      } finally {
        await run('drop trigger revisions_test_refuse_commit on articles');
      }

      // Now the version's insert fails: the article is not changed either.
      await run(
        `create trigger revisions_test_refuse_version before insert on article_revisions
           for each row when (new.title = '${failing}') execute function revisions_test_refuse()`,
      );
      try {
        const failed = await put('articles', created._id, { ...article(), title: failing });
        expect(failed.statusCode).toBeGreaterThanOrEqual(500);
        const after = await t.app.inject({
          url: `/api/articles/${created._id}?include=drafts`,
          headers: adminHeaders,
        });
        expect(after.json<{ title: string }>().title).not.toBe(failing);
        expect(await list('articles', created._id)).toHaveLength(1);
      } finally {
        await run(
          'drop trigger revisions_test_refuse_version on article_revisions',
          'drop function revisions_test_refuse()',
        );
      }
    });

    it('answers 404 for an unknown article or version, 400 for a malformed number', async () => {
      const unknown = await t.app.inject({
        url: '/api/articles/no-such-article/revisions',
        headers: adminHeaders,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: ARTICLE_NOT_FOUND });
      const noVersion = await t.app.inject({
        url: '/api/articles/tls-in-practice/revisions/99',
        headers: adminHeaders,
      });
      expect(noVersion.statusCode).toBe(404);
      expect(noVersion.json()).toEqual({ message: REVISION_NOT_FOUND });
      for (const number of ['0', '-1', 'x', '1.5', '99999999999']) {
        const malformed = await t.app.inject({
          url: `/api/articles/tls-in-practice/revisions/${number}`,
          headers: adminHeaders,
        });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toEqual({ message: expect.any(String) });
      }
    });
  });

  describe('projects', () => {
    it('stores a version at each save, keeps the newest 20 and deletes them with the project', async () => {
      const base = project();
      const created = await post('projects', {
        ...base,
        skills: ['Go'],
        link: 'https://example.com/p',
      });
      const one = await t.app.inject({
        url: `/api/projects/${created._id}/revisions/1`,
        headers: adminHeaders,
      });
      expect(one.json<ProjectRevision>()).toEqual({
        number: 1,
        savedAt: created.updatedAt,
        title: base.title,
        size: Buffer.byteLength(base.description),
        status: 'published',
        version: {
          title: base.title,
          description: base.description,
          imagePath: base.imagePath,
          skills: ['Go'],
          link: 'https://example.com/p',
          status: 'published',
          publishedAt: expect.any(String),
        },
      });
      for (let save = 2; save <= REVISIONS_KEPT + 2; save += 1) {
        const response = await put('projects', created._id, {
          ...base,
          description: `Save ${save}`,
        });
        expect(response.statusCode).toBe(200);
      }
      const revisions = await list('projects', created._id);
      expect(revisions).toHaveLength(REVISIONS_KEPT);
      expect(revisions[0]).toMatchObject({ number: REVISIONS_KEPT + 2, size: 7 });
      expect(revisions.at(-1)?.number).toBe(3);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${created._id}`,
        headers: adminHeaders,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await storedCount('project_revisions', created._id)).toBe(0);
      const gone = await t.app.inject({
        url: `/api/projects/${created._id}/revisions`,
        headers: adminHeaders,
      });
      expect(gone.json()).toEqual({ message: PROJECT_NOT_FOUND });
    });

    it('a project whose version cannot be stored is not created', async () => {
      const title = unique('Never created');
      await run(
        refuse('revisions_test_refuse_project'),
        `create trigger revisions_test_refuse_project before insert on project_revisions
           for each row when (new.title = '${title}') execute function revisions_test_refuse_project()`,
      );
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: adminHeaders,
          payload: project(title),
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(500);
        const all = await t.app.inject({
          url: '/api/projects?include=drafts',
          headers: adminHeaders,
        });
        expect(all.json<{ title: string }[]>().map((each) => each.title)).not.toContain(title);
      } finally {
        await run(
          'drop trigger revisions_test_refuse_project on project_revisions',
          'drop function revisions_test_refuse_project()',
        );
      }
    });
  });
});
