// The size of a stored image and whether it gets variants (docs/decisions/123): measured when an
// image is uploaded or imported, and at start for the images stored before sizes were kept.
import { XMLParser } from 'fast-xml-parser';
import { eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { images } from '../../db/schema.js';
import { SVG } from './image-type.js';
import { imageWork } from './image-work.js';
import { RasterImageError, inspectRaster, rasterSize } from './raster.js';
import type { RasterImage } from './raster.js';
import { svgDrawsAlone, svgDrawsInBudget } from './vector.js';

export interface ImageMeasure {
  width: number | null;
  height: number | null;
  variantFallback: RasterImage['variantFallback'];
}

const RASTER_LABELS: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
};

/** A length in user units: a plain number or pixels; anything else (%, cm, em) is no size. */
function svgLength(value: unknown): number | undefined {
  const match = /^\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*(px)?\s*$/i.exec(String(value ?? ''));
  const length = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(length) && length > 0 ? length : undefined;
}

/**
 * An SVG's own size as a browser sizes it in an <img>: its `width` and `height`, else its
 * `viewBox` (one of the two with the viewBox's proportions). Undefined when it states none.
 */
export function svgSize(data: Buffer): { width: number; height: number } | undefined {
  let root: Record<string, unknown> | undefined;
  try {
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      processEntities: false,
    }).parse(data.toString('utf8')) as Record<string, unknown>;
    root = parsed.svg as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  }
  if (!root || typeof root !== 'object') return undefined;
  const box = String(root.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [boxWidth, boxHeight] =
    box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0
      ? [box[2]!, box[3]!]
      : [undefined, undefined];
  let width = svgLength(root.width);
  let height = svgLength(root.height);
  if (boxWidth && boxHeight) {
    if (width && !height) height = (width * boxHeight) / boxWidth;
    else if (height && !width) width = (height * boxWidth) / boxHeight;
    else if (!width && !height) [width, height] = [boxWidth, boxHeight];
  }
  if (!width || !height) return undefined;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/**
 * What to store beside an image of `contentType` (decided from its bytes): its size, and the
 * fallback format of its variants (PNG for an SVG that draws alone, vector.ts). A raster image
 * is decoded whole: one that is damaged, or over the pixel limit, throws a RasterImageError.
 */
export async function measureImage(data: Buffer, contentType: string): Promise<ImageMeasure> {
  if (contentType === SVG.contentType) {
    const size = svgSize(data);
    if (!size) return { width: null, height: null, variantFallback: null };
    const variants = svgDrawsAlone(data) && (await svgDrawsInBudget(data));
    return { ...size, variantFallback: variants ? 'png' : null };
  }
  return inspectRaster(data, RASTER_LABELS[contentType] ?? contentType);
}

/**
 * Measures the images stored before their sizes were (migration 0004), one at a time. One that
 * no longer passes the upload's checks keeps no variants: it is served as stored, as before.
 */
export async function measureStoredImages(
  db: Database,
  warn: (message: string) => void,
): Promise<number> {
  const unmeasured = await db
    .select({ name: images.name, contentType: images.contentType })
    .from(images)
    .where(isNull(images.width));
  let measured = 0;
  for (const { name, contentType } of unmeasured) {
    await imageWork.run(async () => {
      const [row] = await db
        .select({ data: images.data })
        .from(images)
        .where(eq(images.name, name));
      if (!row) return;
      let measure: ImageMeasure;
      try {
        measure = await measureImage(row.data, contentType);
      } catch (error) {
        if (!(error instanceof RasterImageError)) throw error;
        warn(`Image ${name}: ${error.message} It is served as stored, without variants.`);
        const size = await rasterSize(row.data).catch(() => undefined);
        measure = {
          width: size?.width ?? null,
          height: size?.height ?? null,
          variantFallback: null,
        };
      }
      if (measure.width === null) return;
      await db.update(images).set(measure).where(eq(images.name, name));
      measured += 1;
    });
  }
  return measured;
}
