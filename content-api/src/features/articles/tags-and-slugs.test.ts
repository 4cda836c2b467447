// Tags, slugs the owner chooses and hand-written excerpts (docs/decisions/132), and the list
// filters the admin's dashboard pages with: over the API, on every test driver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { ARTICLE_EXCERPT_LENGTH, ELLIPSIS } from '@portfolio/contract';
import { migrationsFolder } from '../../paths.js';
import { openDatabase } from '../../db/connect.js';
import { articleSlugs, articles } from '../../db/schema.js';
import { createDatabaseLocation, testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { fillAutoExcerpts } from './repository.js';

interface ArticleJson {
  _id: string;
  slug: string;
  title: string;
  tags: string[];
  excerpt: string;
  customExcerpt?: string;
  metaDescription?: string;
  status: string;
}

describe.each(testDrivers)('tags, slugs and excerpts (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: adminHeaders, payload });
  const get = async (url: string, headers = {}) => t.app.inject({ url, headers });

  it('stores tags once each, in the given order, and lists the tag counts', async () => {
    const created = await write('POST', '/api/articles', {
      title: 'Tagged once',
      content: 'Body text.',
      tags: ['zero-trust', 'appsec', 'zero-trust'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().tags).toEqual(['zero-trust', 'appsec']);
    const tags = (await get('/api/tags')).json() as { tag: string; count: number }[];
    // The seed's appsec (3) and the new one; most used first, then by name.
    expect(tags[0]).toEqual({ tag: 'appsec', count: 4 });
    expect(tags).toContainEqual({ tag: 'zero-trust', count: 2 });
    const counts = tags.map((tag) => tag.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('refuses a tag that is not lowercase words, and more than 10', async () => {
    const bad = await write('POST', '/api/articles', {
      title: 'Bad tag',
      content: 'Body.',
      tags: ['Web Security'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Tags\[0\] must be lowercase letters/);
    const many = await write('POST', '/api/articles', {
      title: 'Too many',
      content: 'Body.',
      tags: Array.from({ length: 11 }, (_, n) => `tag-${n}`),
    });
    expect(many.statusCode).toBe(400);
  });

  it('lists one tag, newest first, with its own total', async () => {
    const response = await get('/api/articles?tag=appsec&limit=2');
    expect(response.statusCode).toBe(200);
    const page = response.json() as ArticleJson[];
    expect(page).toHaveLength(2);
    expect(page.every((article) => article.tags.includes('appsec'))).toBe(true);
    expect(response.headers['x-total-count']).toBe('4');
    expect((await get('/api/articles?tag=no-such-tag')).json()).toEqual([]);
  });

  it('filters the admin list by state and text; the public see only what is public', async () => {
    await write('POST', '/api/articles', {
      title: 'A quiet draft about kerberos',
      content: 'Draft body on kerberos.',
      status: 'draft',
    });
    await write('POST', '/api/articles', {
      title: 'Scheduled kerberos notes',
      content: 'Later.',
      publishedAt: '2099-01-01T00:00:00Z',
    });
    const admin = (url: string) => get(url, adminHeaders);
    const drafts = await admin('/api/articles?include=drafts&state=draft');
    expect((drafts.json() as ArticleJson[]).map((a) => a.title)).toEqual([
      'A quiet draft about kerberos',
    ]);
    const scheduled = await admin('/api/articles?include=drafts&state=scheduled');
    expect((scheduled.json() as ArticleJson[]).map((a) => a.title)).toEqual([
      'Scheduled kerberos notes',
    ]);
    const text = await admin('/api/articles?include=drafts&query=kerberos');
    expect(text.headers['x-total-count']).toBe('2');
    const published = await admin('/api/articles?include=drafts&state=published&limit=1');
    expect(Number(published.headers['x-total-count'])).toBeGreaterThan(12);
    // Without drafts, a state asks for nothing more than the public list has.
    expect((await get('/api/articles?state=draft')).json()).toEqual([]);
    expect((await get('/api/articles?query=kerberos')).json()).toEqual([]);
    expect((await get('/api/articles?include=drafts&state=draft', readerHeaders)).statusCode).toBe(
      403,
    );
  });

  it('makes the first slug from the title; an owner changes it and every old address leads on', async () => {
    const created = (
      await write('POST', '/api/articles', { title: 'Rename me', content: 'Body.' })
    ).json() as ArticleJson;
    expect(created.slug).toBe('rename-me');
    expect(created._id).toBe('rename-me');
    const renamed = await write('PUT', '/api/articles/rename-me', {
      title: 'Rename me',
      content: 'Body.',
      slug: 'renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: 'rename-me', slug: 'renamed' });
    await write('PUT', '/api/articles/rename-me', {
      title: 'Rename me',
      content: 'Body.',
      slug: 'renamed-again',
    });
    // The slug now, the id and every former slug answer the article, with its slug now.
    for (const key of ['renamed-again', 'rename-me', 'renamed']) {
      const response = await get(`/api/articles/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: 'rename-me', slug: 'renamed-again' });
    }
    // A replacement without a slug keeps it.
    const kept = await write('PUT', '/api/articles/rename-me', { title: 'R', content: 'B.' });
    expect(kept.json().slug).toBe('renamed-again');
    // A new article whose title makes a former slug gets another id and slug: no address
    // changes its meaning.
    const clash = (
      await write('POST', '/api/articles', { title: 'Renamed', content: 'Other.' })
    ).json() as ArticleJson;
    expect(clash._id).toBe('renamed-2');
    expect(clash.slug).toBe('renamed-2');
  });

  it('answers 409 with a message for a slug another article has or is', async () => {
    for (const slug of ['tls-in-practice', 'renamed-again']) {
      const response = await write('POST', '/api/articles', {
        title: 'Taken',
        content: 'Body.',
        slug,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `The slug "${slug}" is already used by another article.`,
      });
    }
    const put = await write('PUT', '/api/articles/container-security-basics', {
      title: 'Container Security Basics',
      content: 'Body.',
      slug: 'tls-in-practice',
    });
    expect(put.statusCode).toBe(409);
    // Nothing half-written: the article kept its title and slug.
    const stored = (await get('/api/articles/container-security-basics')).json();
    expect(stored).toMatchObject({ slug: 'container-security-basics' });
    expect(stored.content).not.toBe('Body.');
    const invalid = await write('POST', '/api/articles', {
      title: 'x',
      content: 'y',
      slug: 'Not-A-Slug',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/^Slug must be lowercase letters/);
  });

  it('takes over a former slug of another article, which then leads to its new owner', async () => {
    const taken = await write('POST', '/api/articles', {
      title: 'Takes over',
      content: 'Body.',
      slug: 'renamed',
    });
    expect(taken.statusCode).toBe(201);
    expect((await get('/api/articles/renamed')).json()).toMatchObject({ _id: 'takes-over' });
  });

  it('uses a hand-written excerpt and description; else an excerpt of the prose alone', async () => {
    const custom = (
      await write('POST', '/api/articles', {
        title: 'Custom excerpt',
        content: '# Heading\n\nBody.',
        customExcerpt: 'What the owner wants on the card.',
        metaDescription: 'What search engines show.',
      })
    ).json() as ArticleJson;
    expect(custom).toMatchObject({
      excerpt: 'What the owner wants on the card.',
      customExcerpt: 'What the owner wants on the card.',
      metaDescription: 'What search engines show.',
    });
    const automatic = (
      await write('POST', '/api/articles', {
        title: 'Automatic excerpt',
        content: [
          '# What you need',
          '',
          '![A diagram](/images/tls.svg)',
          '',
          '```sh',
          'sudo apt install nmap',
          '```',
          '',
          `Scanning your own network is the first step, ${'and it pays off quickly '.repeat(8)}`,
        ].join('\n'),
      })
    ).json() as ArticleJson;
    expect(automatic.excerpt.startsWith('Scanning your own network is the first step,')).toBe(true);
    expect(automatic.excerpt).not.toMatch(/What you need|sudo|diagram/);
    expect(automatic.excerpt.length).toBeLessThanOrEqual(ARTICLE_EXCERPT_LENGTH);
    // Ends on a whole word, then the ellipsis.
    expect(automatic.excerpt).toMatch(/ (and|it|pays|off|quickly)\.\.\.$/);
    expect(automatic.excerpt.endsWith(ELLIPSIS)).toBe(true);
    const tooLong = await write('POST', '/api/articles', {
      title: 'Too long',
      content: 'Body.',
      customExcerpt: 'x'.repeat(ARTICLE_EXCERPT_LENGTH + 1),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps the automatic excerpt cut at the write, and cuts the missing ones at start', async () => {
    const written = (
      await write('POST', '/api/articles', {
        title: 'Excerpt kept',
        content: '## Setup\n\nThe excerpt of this article is cut once, when it is written.',
      })
    ).json() as ArticleJson;
    const stored = async () =>
      (
        await t.database.db
          .select({ autoExcerpt: articles.autoExcerpt })
          .from(articles)
          .where(eq(articles.id, written._id))
      )[0]?.autoExcerpt;
    expect(await stored()).toBe(written.excerpt);
    expect(written.excerpt).toBe('The excerpt of this article is cut once, when it is written.');

    // A row from before the column: cut when read, until the start fills it in.
    await t.database.db.update(articles).set({ autoExcerpt: null });
    const read = (await get(`/api/articles/${written._id}`)).json() as ArticleJson;
    expect(read.excerpt).toBe(written.excerpt);
    const total = (await t.database.db.select({ id: articles.id }).from(articles)).length;
    expect(await fillAutoExcerpts(t.database.db, 7)).toBe(total);
    expect(await stored()).toBe(written.excerpt);
    expect(await fillAutoExcerpts(t.database.db)).toBe(0);
  });

  it('feeds a tag of its own, and 404 for a tag no public article has', async () => {
    const feed = await get('/api/tags/appsec/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/rss\+xml/);
    expect(feed.body).toContain('<atom:link href="http://localhost:3000/tags/appsec/rss.xml"');
    expect(feed.body).toContain('/article/the-owasp-top-ten-in-plain-language</link>');
    expect(feed.body).not.toContain('/article/tls-in-practice<');
    for (const tag of ['no-such-tag', 'Not%20A%20Tag']) {
      const missing = await get(`/api/tags/${tag}/rss.xml`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'No articles have this tag.' });
    }
  });
});

describe.each(testDrivers)('the migration to tags and slugs (%s)', (driver) => {
  it('brings a database from before it forward without losing an article', async () => {
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-0005-'));
    const location = await createDatabaseLocation(driver);
    try {
      // The migrations as they were before 0006.
      fs.mkdirSync(path.join(before, 'meta'));
      for (const file of fs.readdirSync(migrationsFolder)) {
        if (/^000[0-5]_.*\.sql$/.test(file)) {
          fs.copyFileSync(path.join(migrationsFolder, file), path.join(before, file));
        }
      }
      const journal = JSON.parse(
        fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((entry) => entry.idx <= 5);
      fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));

      const insert = `insert into articles (id, title, content, plain_text, status, published_at)
        values ('old-post', 'Old post', 'Body', 'Body', 'published', now()),
               ('old-draft', 'Old draft', 'Draft', 'Draft', 'draft', null)`;
      const { target } = location;
      if (target.driver === 'pglite') {
        fs.mkdirSync(path.dirname(target.dataDir!), { recursive: true });
        const old = new PGlite({ dataDir: target.dataDir });
        await migratePglite(drizzlePglite({ client: old }), { migrationsFolder: before });
        await old.query(insert);
        await old.close();
      } else {
        const old = new pg.Client({ connectionString: target.url });
        await old.connect();
        await migratePostgres(drizzlePostgres({ client: old }), { migrationsFolder: before });
        await old.query(insert);
        await old.end();
      }

      const database = await openDatabase(target);
      try {
        const rows = await database.db
          .select({ id: articles.id, slug: articles.slug, tags: articles.tags })
          .from(articles)
          .orderBy(articles.id);
        expect(rows).toEqual([
          { id: 'old-draft', slug: 'old-draft', tags: [] },
          { id: 'old-post', slug: 'old-post', tags: [] },
        ]);
        const slugs = await database.db.select().from(articleSlugs);
        expect(slugs.map((row) => [row.slug, row.articleId]).sort()).toEqual([
          ['old-draft', 'old-draft'],
          ['old-post', 'old-post'],
        ]);
      } finally {
        await database.close();
      }
    } finally {
      await location.remove();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
