// Raster images with sharp (libvips; docs/decisions/123): what an upload really is, and its
// resized variants. Every input is untrusted: its header must state a size within
// MAX_INPUT_PIXELS before a pixel is decoded (a decompression bomb is refused from its header
// alone), the whole image must then decode without a warning, and no operation may run longer
// than WORK_TIMEOUT_SECONDS. libvips works on its own threads, never on the event loop.
import type { ImageVariantFormat } from '@portfolio/contract';
import sharp from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { onlyImageData } from './image-chunks.js';
import type { RenderedPixels } from './vector.js';

// Each image is read once per variant: libvips' operation cache would only keep memory.
sharp.cache(false);

/**
 * 50 megapixels: a 48 MP phone photo (8064 × 6048) fits. Decoded, that is 150 MB of RGB at
 * most, which is what one image may cost while it is worked on.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
const WORK_TIMEOUT_SECONDS = 60;

/** The raster formats whose variants the API makes, by sharp's name for them. */
const VARIANT_SOURCES = new Set(['jpeg', 'png', 'webp', 'heif']);

/** Encoder settings per variant format, chosen in docs/performance.md ("Images that fit"). */
const ENCODERS: Record<ImageVariantFormat, (image: Sharp) => Sharp> = {
  // effort 4 (sharp's default): a quarter fewer bytes than effort 2 at the same quality, for
  // several times the time, spent once per variant; 4:2:0 chroma, as JPEG photos have.
  avif: (image) => image.avif({ quality: 50, effort: 4, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
};

/** Why a raster upload is refused: `status` 415 (not a usable image) or 422 (too big in pixels). */
export class RasterImageError extends Error {
  override name = 'RasterImageError';
  constructor(
    readonly status: 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface RasterImage {
  /** Upright size in pixels (EXIF orientation applied). */
  width: number;
  height: number;
  /** The format of its variants every browser shows; null: none are made (GIF, animations). */
  variantFallback: 'jpeg' | 'png' | null;
}

function open(input: Buffer | RenderedPixels): Sharp {
  const options: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'warning',
    sequentialRead: true,
  };
  const image = Buffer.isBuffer(input)
    ? sharp(input, options)
    : sharp(input.data, { ...options, raw: input.raw });
  return image.timeout({ seconds: WORK_TIMEOUT_SECONDS });
}

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** The header only: format and stated size, nothing decoded. */
async function readHeader(data: Buffer, label: string): Promise<Metadata> {
  try {
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new RasterImageError(415, `The ${label} image could not be read: its data is damaged.`);
  }
}

/**
 * Checks a raster image whose type image-type.ts found from its magic bytes (`label`: "PNG",
 * "JPEG"…): its header, its size in pixels, then a full decode. Returns its upright size and
 * what its variants fall back to.
 */
export async function inspectRaster(data: Buffer, label: string): Promise<RasterImage> {
  const header = await readHeader(data, label);
  const { width, height } = header;
  if (!(width > 0 && height > 0)) {
    throw new RasterImageError(415, `The ${label} image states no size.`);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new RasterImageError(
      422,
      `The image is ${width} × ${height} pixels (${megapixels(width * height)}); at most ${megapixels(MAX_INPUT_PIXELS)} are accepted.`,
    );
  }
  if (header.format === 'heif' && header.compression !== 'av1') {
    throw new RasterImageError(415, 'HEIC images are not supported: upload a JPEG or an AVIF.');
  }
  try {
    // Decoding it all, small: JPEG and WebP decode at a fraction of their size, PNG row by row.
    await open(data).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new RasterImageError(
      415,
      `The ${label} image could not be decoded: it is damaged or cut short.`,
    );
  }
  const animated = (header.pages ?? 1) > 1;
  const variantFallback =
    animated || !VARIANT_SOURCES.has(header.format)
      ? null
      : header.format === 'png' || header.hasAlpha
        ? 'png'
        : 'jpeg';
  return { width: header.autoOrient.width, height: header.autoOrient.height, variantFallback };
}

/**
 * Re-encoders of an upload that carries camera metadata (or of an AVIF), per format: close to
 * the original (it is the source of every variant), upright, with nothing but pixels and a
 * colour profile.
 */
const METADATA_FREE: Partial<Record<string, (image: Sharp) => Sharp>> = {
  jpeg: (image) => image.jpeg({ quality: 92, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
  webp: (image) => image.webp({ quality: 90, effort: 4 }),
  heif: (image) => image.avif({ quality: 70, effort: 4 }),
};

/**
 * The original to store of an upload (docs/decisions/123; security round 4, finding 3): its
 * picture and nothing else, since it is public at /images/<name>. One that carries what its
 * camera or editor wrote about it (EXIF, with the place a phone photo was taken and the device;
 * XMP; IPTC) is re-encoded upright at high quality (libvips writes no metadata but the colour
 * profile, kept), the orientation going with the EXIF. Any other has its container rewritten
 * without comments, text chunks, unknown chunks and bytes after the image's end
 * (image-chunks.ts): lossless, and a clean file keeps its bytes. AVIF, whose container is not
 * rewritten here, is re-encoded. `data` has passed inspectRaster.
 */
export async function cleanOriginal(data: Buffer): Promise<Buffer> {
  const header = await readHeader(data, 'uploaded');
  const encode = METADATA_FREE[header.format];
  const animated = (header.pages ?? 1) > 1;
  const reencode = () => encode!(open(data).autoOrient().keepIccProfile()).toBuffer();
  if (encode && !animated && (header.exif ?? header.xmp ?? header.iptc)) return reencode();
  const stripped = onlyImageData(header.format, data);
  if (stripped) return stripped;
  if (encode && !animated) return reencode();
  throw new RasterImageError(
    415,
    'The image could not be stored without its non-image data: upload it as a PNG or a JPEG.',
  );
}

/** The upright size an image's header states, for images stored before sizes were kept. */
export async function rasterSize(data: Buffer): Promise<{ width: number; height: number }> {
  const header = await sharp(data, { limitInputPixels: false }).metadata();
  return header.autoOrient;
}

/**
 * One variant: `source` (an image's data, or an SVG's rendered pixels) upright, `width` pixels
 * wide (never wider than it is), in `format`.
 */
export async function renderVariant(
  source: Buffer | RenderedPixels,
  width: number,
  format: ImageVariantFormat,
): Promise<Buffer> {
  const resized = open(source).autoOrient().resize({ width, withoutEnlargement: true });
  return ENCODERS[format](resized).toBuffer();
}
