// Images that fit every screen (docs/decisions/123): what an answer says of a stored image (its
// size and variants, the contract's ImageSchema), and the variants themselves, each made once
// (on its first request, under the process's one queue of image work) and kept in the database,
// so no request resizes what another already did, on this instance or another.
import {
  IMAGE_VARIANT_CONTENT_TYPES,
  IMAGE_VARIANT_EXTENSIONS,
  IMAGE_VARIANT_WIDTHS,
  imageVariantWidths,
} from '@portfolio/contract';
import type { Image, ImageVariantFormat } from '@portfolio/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { imageVariants, images } from '../../db/schema.js';
import { SVG } from './image-type.js';
import { imageWork } from './image-work.js';
import { renderVariant } from './raster.js';
import { rasteriseSvg } from './vector.js';
import { IMAGE_PATH_PREFIX, imageNameFromPath } from './repository.js';

/** What is known of a stored image without its bytes. */
export interface ImageRecord {
  name: string;
  contentType: string;
  width: number | null;
  height: number | null;
  variantFallback: 'jpeg' | 'png' | null;
}

const recordColumns = {
  name: images.name,
  contentType: images.contentType,
  width: images.width,
  height: images.height,
  variantFallback: images.variantFallback,
};

/** The formats of an image's variants, best first: AVIF, WebP, then its fallback. */
function variantFormats(record: ImageRecord): ImageVariantFormat[] {
  return record.variantFallback ? ['avif', 'webp', record.variantFallback] : [];
}

/**
 * The widths of an image's variants: a raster image's up to its own (never enlarged); an SVG's
 * all of them, since it is drawn anew at each (a 400-pixel-wide drawing is a phone's cover at 3x).
 */
function variantWidths(record: ImageRecord, width: number): number[] {
  return record.contentType === SVG.contentType
    ? [...IMAGE_VARIANT_WIDTHS]
    : imageVariantWidths(width);
}

/** The contract's `image` of a stored image; none while its size is unknown. */
export function describeImage(record: ImageRecord): Image | undefined {
  const { width, height } = record;
  if (!width || !height) return undefined;
  const formats = variantFormats(record);
  return {
    path: `${IMAGE_PATH_PREFIX}${record.name}`,
    width,
    height,
    widths: formats.length > 0 ? variantWidths(record, width) : [],
    formats,
  };
}

export async function findImageRecord(
  db: Database,
  name: string,
): Promise<ImageRecord | undefined> {
  const [row] = await db.select(recordColumns).from(images).where(eq(images.name, name));
  return row;
}

/**
 * `items` with the `image` of the stored image each `imagePath` names (one query for them all).
 * An item whose image is not stored, or of unknown size, is left as it is.
 */
export async function withImages<Item extends { imagePath?: string; image?: Image }>(
  db: Database,
  items: Item[],
): Promise<Item[]> {
  const names = [
    ...new Set(items.flatMap((item) => imageNameFromPath(item.imagePath ?? '') ?? [])),
  ];
  if (names.length === 0) return items;
  const rows = await db.select(recordColumns).from(images).where(inArray(images.name, names));
  const described = new Map(rows.map((row) => [row.name, describeImage(row)]));
  return items.map((item) => {
    const image = described.get(imageNameFromPath(item.imagePath ?? '') ?? '');
    return image ? { ...item, image } : item;
  });
}

/** One item's `image` (see withImages). */
export async function withImage<Item extends { imagePath?: string; image?: Image }>(
  db: Database,
  item: Item,
): Promise<Item> {
  const [described] = await withImages(db, [item]);
  return described ?? item;
}

const FORMAT_BY_EXTENSION = new Map(
  Object.entries(IMAGE_VARIANT_EXTENSIONS).map(([format, extension]) => [
    extension,
    format as ImageVariantFormat,
  ]),
);

/**
 * The variant a `<width>.<extension>` names, if the image has it: a width of its list and one
 * of its formats. Anything else is not a variant of this image (404).
 */
export function offeredVariant(
  record: ImageRecord,
  variant: string,
): { width: number; format: ImageVariantFormat } | undefined {
  const dot = variant.indexOf('.');
  const width = Number(variant.slice(0, dot));
  const format = FORMAT_BY_EXTENSION.get(variant.slice(dot + 1));
  const image = describeImage(record);
  if (!image || !format || !image.formats.includes(format) || !image.widths.includes(width)) {
    return undefined;
  }
  return { width, format };
}

/** PostgreSQL's foreign_key_violation, as the driver or Drizzle's wrapper of its error says. */
function isForeignKeyViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === '23503' || cause?.code === '23503';
}

export interface StoredVariant {
  contentType: string;
  data: Buffer;
}

async function storedVariant(
  db: Database,
  name: string,
  width: number,
  format: ImageVariantFormat,
): Promise<StoredVariant | undefined> {
  const [row] = await db
    .select({ contentType: imageVariants.contentType, data: imageVariants.data })
    .from(imageVariants)
    .where(
      and(
        eq(imageVariants.imageName, name),
        eq(imageVariants.width, width),
        eq(imageVariants.format, format),
      ),
    );
  return row;
}

/**
 * A variant of a stored image: the kept one, else made now from the original and kept. Two
 * requests for the same variant make it once (the second joins the first); another instance
 * that made it meanwhile wins the insert, and both serve identical settings' output.
 * Undefined when the original is gone (deleted meanwhile).
 */
export async function loadVariant(
  db: Database,
  name: string,
  width: number,
  format: ImageVariantFormat,
): Promise<StoredVariant | undefined> {
  const kept = await storedVariant(db, name, width, format);
  if (kept) return kept;
  return imageWork.once(`${name}/${width}.${format}`, async () => {
    const madeMeanwhile = await storedVariant(db, name, width, format);
    if (madeMeanwhile) return madeMeanwhile;
    const [original] = await db
      .select({ data: images.data, contentType: images.contentType })
      .from(images)
      .where(eq(images.name, name));
    if (!original) return undefined;
    const source =
      original.contentType === SVG.contentType
        ? await rasteriseSvg(original.data, width)
        : original.data;
    const data = await renderVariant(source, width, format);
    const contentType = IMAGE_VARIANT_CONTENT_TYPES[format];
    try {
      await db
        .insert(imageVariants)
        .values({ imageName: name, width, format, contentType, size: data.length, data })
        .onConflictDoNothing();
    } catch (error) {
      // The original was deleted while its variant was made: serve it this once, keep nothing.
      if (!isForeignKeyViolation(error)) throw error;
    }
    return { contentType, data };
  });
}
