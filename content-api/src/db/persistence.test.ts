// Data survives a restart, seeding happens once, and PGlite data folders are locked.
import fs from 'node:fs';
import { buildApp } from '../app.js';
import { createDatabaseLocation, testDrivers } from '../testing/databases.js';
import { adminHeaders, fakeVerifyIdToken } from '../testing/fake-auth.js';
import { openDatabase } from './connect.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { loadSeedContent, seedDatabase } from './seed.js';

type App = Awaited<ReturnType<typeof buildApp>>;

// Three server lifetimes on a data folder, each opening PGlite on disk: 10 s on a quiet two-core
// machine, so well past the API's 30 s beside a busy neighbour (docs/performance.md "CI").
jest.setTimeout(120_000);

describe.each(testDrivers)('a database that is closed and opened again (%s)', (driver) => {
  let location: Awaited<ReturnType<typeof createDatabaseLocation>>;
  beforeAll(async () => {
    // Migrated already, as a first start leaves it: what is tested here is the seeding and what
    // survives a restart; a data folder's initdb and migrations (tested by every template made,
    // testing/databases.ts) took most of this file's time, past its timeout on a busy machine.
    location = await createDatabaseLocation(driver, { migrated: true });
  });
  afterAll(() => location.remove());

  /** One server lifetime: open, seed if needed, build the app, run, close everything. */
  async function start<T>(run: (app: App) => Promise<T>) {
    const database = await openDatabase(location.target);
    try {
      const seeded = await seedDatabase(database.db, loadSeedContent());
      const app = await buildApp({ db: database.db, verifyIdToken: fakeVerifyIdToken });
      try {
        return { seeded, result: await run(app) };
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }

  it('is seeded on the first start only, and keeps contact messages and edits', async () => {
    const first = await start(async (app) => {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Persistent', email: 'p@example.com', message: 'Still here?' },
      });
      expect(sent.statusCode).toBe(201);
      // The owner deletes a seeded article; a restart must not bring it back.
      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/articles/tls-in-practice',
        headers: adminHeaders,
      });
      expect(deleted.statusCode).toBe(204);
      return (await app.inject('/api/articles')).json().length as number;
    });
    expect(first).toEqual({ seeded: true, result: 11 });

    const second = await start(async (app) => {
      const messages = (await app.inject({ url: '/api/contact', headers: adminHeaders })).json();
      const articles = (await app.inject('/api/articles')).json();
      // The owner now empties the projects: the next start must not re-seed them either.
      for (const project of (await app.inject('/api/projects')).json()) {
        await app.inject({
          method: 'DELETE',
          url: `/api/projects/${project._id}`,
          headers: adminHeaders,
        });
      }
      return { messages, articles };
    });
    expect(second.seeded).toBe(false);
    expect(second.result.messages).toEqual([
      expect.objectContaining({ name: 'Persistent', message: 'Still here?', read: false }),
    ]);
    expect(second.result.articles).toHaveLength(11);

    const third = await start(async (app) => (await app.inject('/api/projects')).json());
    expect(third).toEqual({ seeded: false, result: [] });
  });

  if (driver === 'pglite') {
    it('locks the data folder: a second opener is refused until the first closes', async () => {
      const target = location.target;
      if (target.driver !== 'pglite' || !target.dataDir)
        throw new Error('expected a PGlite folder');
      const lockFile = `${target.dataDir}.lock`;
      const first = await openDatabase(target);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      await expect(openDatabase(target)).rejects.toThrow(DataDirLockedError);
      await first.close();
      expect(fs.existsSync(lockFile)).toBe(false);

      // A lock left behind by a process that died is taken over.
      fs.writeFileSync(lockFile, '999999999');
      const again = await openDatabase(target);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      await again.close();
    });
  }
});

describe('loadSeedContent', () => {
  it('reads 6 projects, 12 articles and their images from seed/', () => {
    const content = loadSeedContent();
    expect(content.projects).toHaveLength(6);
    expect(content.articles).toHaveLength(12);
    expect(content.images).toHaveLength(18);
    expect(new Set(content.articles.map((article) => article.input.createdAt)).size).toBe(12);
    for (const image of content.images) expect(image.data.length).toBeLessThan(3 * 1024);
  });
});
