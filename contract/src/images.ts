// Images that fit every screen (docs/decisions/123): how a client addresses the resized variants
// of a stored image and builds `srcset` from the `image` of an answer (ImageSchema). The API
// makes each variant once, on its first request, and serves it under the address built here, so
// the two sides cannot disagree on a URL.

/** What of an answer's `image` (ImageSchema) the addresses need. */
export interface ImageVariants {
  path: string;
  widths: readonly number[];
  formats: readonly string[];
}

/** The largest upload the API accepts (POST /images): a photo straight from a phone fits. */
export const IMAGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The widths (pixels) raster images are resized to, ascending. An image gets those narrower than
 * itself, then its own width (at most the last): it is never enlarged.
 */
export const IMAGE_VARIANT_WIDTHS: readonly number[] = [320, 640, 960, 1280, 1920];

/** The formats a variant may come in, by the name an answer's `formats` gives them. */
export type ImageVariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** A variant's file extension in its address. */
export const IMAGE_VARIANT_EXTENSIONS: Readonly<Record<ImageVariantFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

export const IMAGE_VARIANT_CONTENT_TYPES: Readonly<Record<ImageVariantFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The last segment of a variant's address: `<width>.<extension>`, e.g. `640.avif`. */
export const IMAGE_VARIANT_PATTERN = '^[1-9][0-9]{1,3}\\.(avif|webp|jpg|png)$';

/** The variant widths of an image `intrinsicWidth` pixels wide. */
export function imageVariantWidths(intrinsicWidth: number): number[] {
  const largest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1] ?? intrinsicWidth;
  const widths = IMAGE_VARIANT_WIDTHS.filter((width) => width < intrinsicWidth);
  const own = Math.min(intrinsicWidth, largest);
  return widths.includes(own) ? widths : [...widths, own];
}

export function isImageVariantFormat(format: string): format is ImageVariantFormat {
  return Object.hasOwn(IMAGE_VARIANT_EXTENSIONS, format);
}

/** `/images/<name>/<width>.<extension>`, relative to the API base like `image.path`. */
export function imageVariantPath(
  image: Pick<ImageVariants, 'path'>,
  width: number,
  format: ImageVariantFormat,
): string {
  return `${image.path}/${width}.${IMAGE_VARIANT_EXTENSIONS[format]}`;
}

/** One `srcset` per format of the image's variants, best first, at the API's `base`. */
export interface ImageSourceSet {
  format: ImageVariantFormat;
  type: string;
  srcset: string;
}

/** The `src` of a client without `srcset`: a variant about as wide as a card at 2x. */
const DEFAULT_SRC_WIDTH = 960;

/**
 * What `<picture>` needs for an image: a source set per format the client knows (best first;
 * the last is the fallback for `<img srcset>`), and a fallback variant as `src`. Empty `sets`
 * when the image has no variants (SVG, GIF): show `path` as it is.
 */
export function imageSources(
  image: ImageVariants,
  base: string,
): { sets: ImageSourceSet[]; src: string } {
  const formats = image.formats.filter(isImageVariantFormat);
  const widths = [...image.widths].sort((a, b) => a - b);
  const fallback = formats[formats.length - 1];
  if (widths.length === 0 || !fallback) return { sets: [], src: `${base}${image.path}` };
  const sets = formats.map((format) => ({
    format,
    type: IMAGE_VARIANT_CONTENT_TYPES[format],
    srcset: widths
      .map((width) => `${base}${imageVariantPath(image, width, format)} ${width}w`)
      .join(', '),
  }));
  const srcWidth =
    widths.filter((width) => width <= DEFAULT_SRC_WIDTH).pop() ?? (widths[0] as number);
  return { sets, src: `${base}${imageVariantPath(image, srcWidth, fallback)}` };
}
