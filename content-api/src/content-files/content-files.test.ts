// Content as files (docs/decisions/121): export → import round trip, drafts included; importing
// twice changes nothing; a malformed folder is refused with file and line, and nothing of it
// is imported; the CLI refuses an embedded database the API is using.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { runContentCommand, PGLITE_IN_USE } from '../cli/content.js';
import { openDatabase } from '../db/connect.js';
import type { Database } from '../db/connect.js';
import { articleSlugs, articles, images, projects } from '../db/schema.js';
import { createDatabaseLocation, createTestDatabase, testDrivers } from '../testing/databases.js';
import type { TestDriver } from '../testing/databases.js';
import { adminHeaders } from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { within } from '../testing/within.js';
import { CONTENT_CHANGED_CHANNEL } from './content-changes.js';
import { ContentFolderError, readContentFolder, writeContentFolder } from './folder.js';
import { exportContent, importContent } from './transfer.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'content-files-'));
const read = (folder: string) =>
  Object.fromEntries(
    ['articles', 'projects', 'images'].flatMap((sub) =>
      fs
        .readdirSync(path.join(folder, sub))
        .map((name) => [`${sub}/${name}`, fs.readFileSync(path.join(folder, sub, name), 'utf8')]),
    ),
  );

async function everything(db: Database) {
  return {
    articles: await db.select().from(articles).orderBy(articles.id),
    projects: await db.select().from(projects).orderBy(projects.id),
    images: (await db.select({ name: images.name }).from(images).orderBy(images.name)).map(
      (row) => row.name,
    ),
  };
}

// Each test opens databases of its own (migrated): slow on a busy machine.
jest.setTimeout(120_000);

describe.each(testDrivers)('content as files (%s)', (driver: TestDriver) => {
  let source: TestApp;
  let folder: string;
  beforeAll(async () => {
    source = await createTestApp(driver);
    const write = (url: string, payload: object) =>
      source.app.inject({ method: 'POST', url, payload, headers: adminHeaders });
    expect(
      (
        await write('/api/articles', {
          title: 'A draft: with "quotes", a colon and ünïcode',
          content: '---\nNot front matter.\n\n## Still *Markdown*\n',
          status: 'draft',
          publishedAt: '2030-01-01T00:00:00.000Z',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await write('/api/projects', {
          title: 'Scheduled project',
          description: 'Comes out later.',
          imagePath: '/images/tls.svg',
          skills: ['Go', 'yes', 'null'],
          status: 'published',
          publishedAt: '2031-05-06T07:08:09.000Z',
        })
      ).statusCode,
    ).toBe(201);
    // An article with an address, tags and summaries of the owner's (docs/decisions/132).
    for (const slug of ['tls-basics', 'tls-for-everyone']) {
      const put = await source.app.inject({
        method: 'PUT',
        url: '/api/articles/tls-in-practice',
        headers: adminHeaders,
        payload: {
          title: 'TLS in Practice',
          content: 'Short body.',
          imagePath: '/images/tls.svg',
          slug,
          tags: ['cryptography', 'networking'],
          customExcerpt: 'The padlock, explained.',
          metaDescription: 'What TLS gives you, and what it does not.',
        },
      });
      expect(put.statusCode).toBe(200);
    }
    folder = tmp();
  }, 120_000);
  afterAll(async () => {
    await source.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('exports every item, drafts too, as stable files; twice gives the same bytes', async () => {
    writeContentFolder(folder, await exportContent(source.database.db));
    const first = read(folder);
    expect(Object.keys(first).filter((file) => file.startsWith('articles/'))).toHaveLength(13);
    expect(Object.keys(first).filter((file) => file.startsWith('projects/'))).toHaveLength(7);
    expect(first['projects/scheduled-project.md']?.split('\n')).toEqual([
      '---',
      'id: scheduled-project',
      'title: Scheduled project',
      'status: published',
      'publishedAt: 2031-05-06T07:08:09.000Z',
      expect.stringMatching(/^createdAt: \d{4}-/),
      expect.stringMatching(/^updatedAt: \d{4}-/),
      'image: tls.svg',
      'skills:',
      '  - Go',
      '  - yes',
      '  - "null"',
      '---',
      'Comes out later.',
      '',
    ]);
    expect(first['articles/tls-in-practice.md']?.split('\n')).toEqual([
      '---',
      'id: tls-in-practice',
      'slug: tls-for-everyone',
      'title: TLS in Practice',
      'status: published',
      expect.stringMatching(/^publishedAt: /),
      expect.stringMatching(/^createdAt: /),
      expect.stringMatching(/^updatedAt: /),
      'image: tls.svg',
      'tags:',
      '  - cryptography',
      '  - networking',
      'excerpt: The padlock, explained.',
      'description: What TLS gives you, and what it does not.',
      'formerSlugs:',
      '  - tls-basics',
      '---',
      'Short body.',
    ]);
    writeContentFolder(folder, await exportContent(source.database.db));
    expect(read(folder)).toEqual(first);
  });

  it('imports into an empty database the same items, drafts and times included', async () => {
    const target = await createTestDatabase(driver);
    try {
      const summary = await importContent(target.db, readContentFolder(folder));
      expect(summary).toEqual({ created: 20, updated: 0, unchanged: 0, imagesAdded: 18 });
      const strip = (rows: Record<string, unknown>[]) =>
        rows.map(({ searchVector: _vector, ...row }) => row);
      const [a, b] = [await everything(source.database.db), await everything(target.db)];
      expect(strip(b.articles)).toEqual(strip(a.articles));
      // Every address of every article leads where it did (docs/decisions/132).
      const slugs = async (db: Database) =>
        (await db.select().from(articleSlugs))
          .map((row) => `${row.slug} → ${row.articleId}`)
          .sort();
      expect(await slugs(target.db)).toEqual(await slugs(source.database.db));
      expect(b.projects).toEqual(a.projects);
      expect(b.images).toEqual(a.images);

      // Again: nothing changes, not even a timestamp.
      const again = await importContent(target.db, readContentFolder(folder));
      expect(again).toEqual({ created: 0, updated: 0, unchanged: 20, imagesAdded: 0 });
      expect(await everything(target.db)).toEqual(b);
    } finally {
      await target.close();
    }
  });

  it('an edited file updates its item (by id) instead of adding one', async () => {
    const target = await createTestDatabase(driver);
    try {
      await importContent(target.db, readContentFolder(folder));
      const file = path.join(folder, 'articles', 'tls-in-practice.md');
      const original = fs.readFileSync(file, 'utf8');
      try {
        fs.writeFileSync(
          file,
          original
            .replace('title: TLS in Practice', 'title: TLS, revised')
            .replace(/^updatedAt: .*\n/m, ''),
        );
        const summary = await importContent(target.db, readContentFolder(folder));
        expect(summary).toMatchObject({ created: 0, updated: 1, unchanged: 19 });
        const [row] = (await everything(target.db)).articles.filter(
          (article) => article.id === 'tls-in-practice',
        );
        expect(row?.title).toBe('TLS, revised');
        // Without an updatedAt in the file, its change is dated by the import; once.
        const again = await importContent(target.db, readContentFolder(folder));
        expect(again).toMatchObject({ updated: 0, unchanged: 20 });
      } finally {
        fs.writeFileSync(file, original);
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a malformed folder with each file and line, and imports none of it', async () => {
    const bad = tmp();
    try {
      writeContentFolder(bad, await exportContent(source.database.db));
      const write = (file: string, text: string) => fs.writeFileSync(path.join(bad, file), text);
      write('articles/yaml-error.md', '---\ntitle: Fine\ncreatedAt: [unclosed\n---\nBody\n');
      write('articles/no-title.md', '---\nstatus: draft\n---\nBody\n');
      write('articles/bad-status.md', '---\ntitle: X\n\nstatus: live\n---\nBody\n');
      write('articles/empty-body.md', '---\ntitle: X\n---\n   \n');
      write('articles/unknown-field.md', '---\ntitle: X\ncategory: [a]\n---\nBody\n');
      write('articles/bad-tag.md', '---\ntitle: X\ntags: [Web Security]\n---\nBody\n');
      write('articles/no-front-matter.md', 'Just text.\n');
      write(
        'projects/bad-link.md',
        '---\ntitle: P\nimage: tls.svg\nlink: javascript:alert(1)\n---\nD\n',
      );
      let problems: string[] = [];
      try {
        readContentFolder(bad);
      } catch (error) {
        expect(error).toBeInstanceOf(ContentFolderError);
        problems = (error as ContentFolderError).problems.map((problem) => problem.message);
      }
      expect(problems).toEqual([
        expect.stringMatching(/^articles\/bad-status\.md:4: Status must be/),
        expect.stringMatching(/^articles\/bad-tag\.md:3: Tags\[0\] must be lowercase letters/),
        expect.stringMatching(/^articles\/empty-body\.md:4: Content \(the text after/),
        expect.stringMatching(/^articles\/no-front-matter\.md:1: A content file starts/),
        'articles/no-title.md:1: Title is required.',
        'articles/unknown-field.md:3: Unknown field "category" (known: id, slug, title, status, publishedAt, createdAt, updatedAt, image, tags, excerpt, description, formerSlugs).',
        expect.stringMatching(/^articles\/yaml-error\.md:3: Invalid YAML: /),
        expect.stringMatching(/^projects\/bad-link\.md:4: Link /),
      ]);

      // Through the CLI, on a database of its own: the same lines, exit 1, nothing stored. The
      // database is migrated already, as a store the command is pointed at usually is (the
      // command refuses the folder before it opens any).
      const location = await createDatabaseLocation(driver, { migrated: true });
      const env =
        location.target.driver === 'pglite'
          ? { DATA_DIR: location.target.dataDir }
          : { DATABASE_URL: location.target.url };
      const lines: string[] = [];
      const out = {
        log: (line: string) => lines.push(line),
        error: (line: string) => lines.push(line),
      };
      expect(await runContentCommand(['import', bad], { ...env, INIT_CWD: '/' }, out)).toBe(1);
      expect(lines).toContain('Nothing was imported.');
      expect(
        lines.some((line) => line.endsWith('articles/no-title.md:1: Title is required.')),
      ).toBe(true);
      const check = await openDatabase(location.target);
      try {
        expect((await check.db.select({ n: count() }).from(articles))[0]?.n).toBe(0);
      } finally {
        await check.close();
        await location.remove();
      }
    } finally {
      fs.rmSync(bad, { recursive: true, force: true });
    }
    // It opens a database of its own on disk, as the CLI would.
  }, 120_000);

  it('an image that is not what its name says rolls back the whole import', async () => {
    const bad = tmp();
    const target = await createTestDatabase(driver);
    try {
      writeContentFolder(bad, await exportContent(source.database.db));
      fs.writeFileSync(
        path.join(bad, 'images', 'zz-not-a-png.png'),
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      );
      await expect(importContent(target.db, readContentFolder(bad))).rejects.toThrow(
        'images/zz-not-a-png.png:1: The file is image/svg+xml, not .png.',
      );
      expect(await everything(target.db)).toEqual({ articles: [], projects: [], images: [] });
    } finally {
      fs.rmSync(bad, { recursive: true, force: true });
      await target.close();
    }
  });

  if (driver === 'postgres') {
    it('announces a change to the API instances, and an import that changes nothing announces nothing', async () => {
      const target = await createDatabaseLocation('postgres');
      const handle = await openDatabase(target.target);
      const url = (target.target as { url: string }).url;
      const listener = new pg.Client({ connectionString: url });
      const heard: string[] = [];
      try {
        await listener.connect();
        listener.on('notification', (message) => heard.push(message.channel));
        await listener.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
        await importContent(handle.db, readContentFolder(folder));
        await within(2000, () => heard.length === 1);
        await importContent(handle.db, readContentFolder(folder));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(heard).toEqual([CONTENT_CHANGED_CHANNEL]);
      } finally {
        await listener.end();
        await handle.close();
        await target.remove();
      }
    });
  }

  if (driver === 'pglite') {
    it('refuses to import into an embedded database the API is using, and says why', async () => {
      // Migrated already, as the running API's is: this is about its lock, not a first start.
      const location = await createDatabaseLocation('pglite', { migrated: true });
      const running = await openDatabase(location.target);
      const lines: string[] = [];
      try {
        const dataDir = (location.target as { dataDir: string }).dataDir;
        const out = {
          log: (line: string) => lines.push(line),
          error: (line: string) => lines.push(line),
        };
        expect(await runContentCommand(['import', folder], { DATA_DIR: dataDir }, out)).toBe(1);
        expect(lines[0]).toContain(PGLITE_IN_USE);
      } finally {
        await running.close();
        await location.remove();
      }
    });
  }
});
