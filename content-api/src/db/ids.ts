// Slug ids ("threat-modeling", "threat-modeling-2") allocated without races: pick the first
// free candidate, insert with ON CONFLICT DO NOTHING, and try again if another writer won.
import { firstFreeId, slugify } from '../lib/slug.js';

const MAX_ATTEMPTS = 5;

export async function insertWithSlugId<T>(
  title: string,
  fallback: string,
  takenIds: (base: string) => Promise<string[]>,
  insert: (id: string) => Promise<T | undefined>,
): Promise<T> {
  const base = slugify(title, fallback);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const id = firstFreeId(base, new Set(await takenIds(base)));
    const row = await insert(id);
    if (row !== undefined) return row;
  }
  throw new Error(`Could not allocate an id for "${base}" after ${MAX_ATTEMPTS} attempts.`);
}
