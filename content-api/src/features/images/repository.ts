import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { images } from '../../db/schema.js';
import { slugify } from '../../lib/slug.js';
import type { ImageType } from './image-type.js';

export const IMAGE_PATH_PREFIX = '/images/';

export interface StoredImage {
  contentType: string;
  data: Buffer;
}

/** "My Diagram.PNG" + bytes → "my-diagram-1a2b3c4d5e6f7a8b.png": the hash makes it immutable. */
export function uploadedImageName(originalName: string, data: Buffer, type: ImageType): string {
  const stem = slugify(originalName.replace(/\.[^.]*$/, ''), 'image')
    .slice(0, 60)
    .replace(/-+$/, '');
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
  return `${stem}-${hash}.${type.extension}`;
}

export function imageNameFromPath(imagePath: string): string | undefined {
  return imagePath.startsWith(IMAGE_PATH_PREFIX)
    ? imagePath.slice(IMAGE_PATH_PREFIX.length)
    : undefined;
}

export async function findImage(db: Database, name: string): Promise<StoredImage | undefined> {
  const [row] = await db
    .select({ contentType: images.contentType, data: images.data })
    .from(images)
    .where(eq(images.name, name));
  return row;
}

export async function imageExists(db: Database, imagePath: string): Promise<boolean> {
  const name = imageNameFromPath(imagePath);
  if (!name) return false;
  const rows = await db.select({ name: images.name }).from(images).where(eq(images.name, name));
  return rows.length > 0;
}

/** Stores the image unless one with the same name (hence the same bytes) exists. */
export async function saveImage(
  db: Database,
  image: {
    name: string;
    contentType: string;
    data: Buffer;
    /** Its size and variants' format (image-size.ts, docs/decisions/123). */
    width?: number | null;
    height?: number | null;
    variantFallback?: 'jpeg' | 'png' | null;
  },
): Promise<void> {
  await db
    .insert(images)
    .values({ ...image, size: image.data.length })
    .onConflictDoNothing();
}
