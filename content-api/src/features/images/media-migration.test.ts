// Migration 0009 (docs/decisions/142): a database from before it keeps every article, and each
// gets the names of the stored images its text shows, so the media library counts them at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../../paths.js';
import { openDatabase } from '../../db/connect.js';
import { articles } from '../../db/schema.js';
import { createDatabaseLocation, testDrivers } from '../../testing/databases.js';
import { findImageUses } from './media.js';

/**
 * Two data folders' worth of migrations written to disk: 13-17 s on a quiet two-core machine,
 * past 30 s beside a busy neighbour (docs/performance.md "CI").
 */
const MIGRATING_TWICE_MS = 120_000;

describe.each(testDrivers)('the migration to the media library (%s)', (driver) => {
  it(
    "brings a database from before it forward, its articles' image names filled",
    async () => {
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-0008-'));
      const location = await createDatabaseLocation(driver);
      try {
        // The migrations as they were before 0009.
        fs.mkdirSync(path.join(before, 'meta'));
        for (const file of fs.readdirSync(migrationsFolder)) {
          if (/^000[0-8]_.*\.sql$/.test(file)) {
            fs.copyFileSync(path.join(migrationsFolder, file), path.join(before, file));
          }
        }
        const journal = JSON.parse(
          fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: { idx: number }[] };
        journal.entries = journal.entries.filter((entry) => entry.idx <= 8);
        fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));

        const insert = `insert into articles (id, title, content, plain_text, slug, image_path, status, published_at)
        values ('figures', 'Figures', '![A](/images/a-1.png) and [a link](/images/b-2.svg)', 'x', 'figures', '/images/cover-3.jpg', 'published', now()),
               ('plain', 'Plain', 'No image here.', 'x', 'plain', null, 'draft', null)`;
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
            .select({
              id: articles.id,
              content: articles.content,
              names: articles.contentImageNames,
            })
            .from(articles)
            .orderBy(articles.id);
          expect(rows).toEqual([
            {
              id: 'figures',
              content: '![A](/images/a-1.png) and [a link](/images/b-2.svg)',
              names: ['a-1.png', 'b-2.svg'],
            },
            { id: 'plain', content: 'No image here.', names: [] },
          ]);
          const uses = await findImageUses(database.db, ['a-1.png', 'b-2.svg', 'cover-3.jpg']);
          expect(uses.get('a-1.png')).toEqual({
            uses: [
              {
                kind: 'article',
                _id: 'figures',
                title: 'Figures',
                slug: 'figures',
                cover: false,
                inText: true,
              },
            ],
            useCount: 1,
            alt: 'A',
          });
          expect(uses.get('b-2.svg')?.useCount).toBe(1);
          expect(uses.get('cover-3.jpg')?.uses[0]).toMatchObject({ cover: true, inText: false });
        } finally {
          await database.close();
        }
      } finally {
        await location.remove();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
    MIGRATING_TWICE_MS,
  );
});
