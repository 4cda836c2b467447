// The site's settings in a backup (docs/decisions/141, 145): `npm run content:export --
// --with-settings` writes the stored settings document to `settings.json` (as GET /settings
// answers it, without each badge's measures, which come from the images), and the images it shows
// (the certificates' badges) into images/ beside the items'.
// A backup of the dashboard's Settings, not content: an import never reads it.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '@portfolio/contract';
import type { Database } from '../db/connect.js';
import { settingsImages } from '../features/settings/checks.js';
import { findSettings } from '../features/settings/repository.js';
import type { FolderImage } from './folder.js';
import { storedImages } from './transfer.js';

export const SETTINGS_FILE = 'settings.json';
const IMAGE_PREFIX = '/images/';

/** The stored settings and the stored images they show; undefined before the first start. */
export async function exportSettings(
  db: Database,
): Promise<{ settings: SiteSettings; images: FolderImage[] } | undefined> {
  const settings = await findSettings(db);
  if (!settings) return undefined;
  const names = settingsImages(settings)
    .filter((imagePath) => imagePath.startsWith(IMAGE_PREFIX))
    .map((imagePath) => imagePath.slice(IMAGE_PREFIX.length));
  return { settings, images: await storedImages(db, names) };
}

/** The items' images and the settings' together, each once, by name. */
export function withImages(items: FolderImage[], more: FolderImage[]): FolderImage[] {
  const byName = new Map([...items, ...more].map((image) => [image.name, image]));
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `value` with every object's keys in alphabetical order (arrays keep theirs). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Writes the settings to the folder's settings.json (rewritten only when its bytes change), keys
 * in alphabetical order: the database and the API's answer order them differently, and the same
 * settings must be the same bytes.
 */
export function writeSettingsFile(folder: string, settings: SiteSettings): string {
  const bytes = Buffer.from(`${JSON.stringify(sortedKeys(settings), null, 2)}\n`);
  const target = path.join(folder, SETTINGS_FILE);
  fs.mkdirSync(folder, { recursive: true });
  if (!(fs.existsSync(target) && fs.readFileSync(target).equals(bytes))) {
    fs.writeFileSync(target, bytes);
  }
  return SETTINGS_FILE;
}
