// First-start content from content-api/seed/: a content folder (articles/, projects/, images/)
// in the format of `npm run content:import` (docs/decisions/121), imported by the same code.
// Runs once per database: a marker row, written in the same transaction as the content, makes
// every later start (and every other instance) skip it, even if the owner deleted everything.
import { eq, sql } from 'drizzle-orm';
import { readContentFolder } from '../content-files/folder.js';
import type { ContentFolder } from '../content-files/folder.js';
import { importContent } from '../content-files/transfer.js';
import { seedFolder } from '../paths.js';
import type { Database } from './connect.js';
import { appMeta } from './schema.js';

/** The seed: a content folder, read and checked. */
export type SeedContent = ContentFolder;

const SEEDED_MARKER = 'seeded_at';
/** Serialises seeding across instances sharing one Postgres. */
const SEED_LOCK_ID = 4_000_002;

/** Reads and checks the seed folder; throws (with every bad file and line) when it is broken. */
export function loadSeedContent(folder = seedFolder): SeedContent {
  return readContentFolder(folder);
}

/** Imports the seed content unless this database was seeded before. Returns whether it did. */
export async function seedDatabase(db: Database, content: SeedContent): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_MARKER));
    if (marker.length > 0) return false;
    await importContent(tx, content);
    await tx.insert(appMeta).values({ key: SEEDED_MARKER, value: new Date().toISOString() });
    return true;
  });
}
