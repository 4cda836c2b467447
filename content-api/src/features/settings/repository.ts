// The settings row (docs/decisions/141): one document, read whole and replaced whole.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Image, SiteSettings, SiteSettingsInput } from '@portfolio/contract';
import type { Database } from '../../db/connect.js';
import { images, siteSettings } from '../../db/schema.js';
import { measureImage } from '../images/image-size.js';
import { inspectImage } from '../images/image-type.js';
import { saveImage } from '../images/repository.js';
import { withImages } from '../images/variants.js';
import { settingsImages } from './checks.js';

const SETTINGS_ID = 1;
/** Serialises the first start's settings across instances sharing one Postgres. */
const SETTINGS_SEED_LOCK_ID = 4_000_141;
const IMAGE_PREFIX = '/images/';

/** The stored settings, or undefined before the first start stored them. */
export async function findSettings(db: Database): Promise<SiteSettings | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));
  if (!row) return undefined;
  return { ...(row.data as SiteSettingsInput), updatedAt: row.updatedAt.toISOString() };
}

/** Replaces the settings with `input` (checked by the caller); returns them as stored. */
export async function saveSettings(db: Database, input: SiteSettingsInput): Promise<SiteSettings> {
  const now = new Date();
  const [row] = await db
    .insert(siteSettings)
    .values({ id: SETTINGS_ID, data: input, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data: input, updatedAt: now } })
    .returning();
  return { ...(row!.data as SiteSettingsInput), updatedAt: row!.updatedAt.toISOString() };
}

/**
 * The first start's settings: stores `defaults` unless settings are stored already (every later
 * start, every other instance), with the seed's badges they name that are not stored yet
 * (`badgesFolder`). Returns whether it stored them.
 */
export async function seedSettings(
  db: Database,
  defaults: SiteSettingsInput,
  badgesFolder?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_SEED_LOCK_ID})`);
    const [stored] = await tx
      .select({ id: siteSettings.id })
      .from(siteSettings)
      .where(eq(siteSettings.id, SETTINGS_ID));
    if (stored) return false;
    if (badgesFolder) {
      for (const imagePath of settingsImages(defaults)) {
        const name = imagePath.slice(IMAGE_PREFIX.length);
        const file = path.join(badgesFolder, name);
        if (!fs.existsSync(file)) continue;
        const [existing] = await tx
          .select({ name: images.name })
          .from(images)
          .where(eq(images.name, name));
        if (existing) continue;
        const data = fs.readFileSync(file);
        const inspected = inspectImage(data);
        if (!inspected.ok) throw new Error(`${file}: ${inspected.reason}`);
        const size = await measureImage(data, inspected.type.contentType);
        await saveImage(tx, {
          name,
          contentType: inspected.type.contentType,
          data,
          ...size,
        });
      }
    }
    await tx.insert(siteSettings).values({ id: SETTINGS_ID, data: defaults }).onConflictDoNothing();
    return true;
  });
}

/**
 * `settings` with each stored badge's `badge` (its size and variants, as an article's `image`):
 * one query for them all. A badge not stored, or of unknown size, gets none.
 */
export async function withBadges(db: Database, settings: SiteSettings): Promise<SiteSettings> {
  const certifications = settings.portfolio.certifications;
  const described = await withImages(
    db,
    certifications.map((certification): { imagePath?: string; image?: Image } => ({
      imagePath: certification.image,
    })),
  );
  return {
    ...settings,
    portfolio: {
      ...settings.portfolio,
      certifications: certifications.map((certification, index) => {
        const badge = described[index]?.image;
        return badge ? { ...certification, badge } : certification;
      }),
    },
  };
}

/**
 * The settings every reader of the API uses (the cards, the feed, GET /settings), read from the
 * database once after each change: `invalidate()` is called with the response cache's
 * (plugins/site-settings.ts), so they follow a write here, on another instance or behind the API's
 * back as content does. Before the first start stored them, the defaults, dated at the epoch.
 */
export class SettingsSource {
  private current: Promise<SiteSettings> | undefined;

  constructor(
    private readonly db: Database,
    private readonly defaults: SiteSettingsInput,
  ) {}

  get(): Promise<SiteSettings> {
    if (!this.current) {
      const reading = findSettings(this.db)
        .then((stored) => stored ?? { ...this.defaults, updatedAt: new Date(0).toISOString() })
        .then((settings) => withBadges(this.db, settings));
      this.current = reading;
      // A failed read is not kept: the next reader tries again.
      reading.catch(() => {
        if (this.current === reading) this.current = undefined;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.current = undefined;
  }
}
