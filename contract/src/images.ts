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
export const IMAGE_VARIANT_WIDTHS: readonly number[] = [320, 480, 640, 828, 1080, 1280, 1600, 1920];

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

/** One `srcset` per format of the image's variants, best first. */
export interface ImageSourceSet {
  format: ImageVariantFormat;
  type: string;
  srcset: string;
}

/** The `src` of a client without `srcset`: a variant about as wide as a card at 2x. */
const DEFAULT_SRC_WIDTH = 960;

/** The densest screens a `srcset` serves (device pixels per CSS pixel): today's phones. */
const MAX_PIXEL_DENSITY = 3;

/**
 * How a layout shows an image: its `sizes` attribute, and the widest it ever draws it (CSS
 * pixels, at any viewport), which bounds the variants a `srcset` offers. The `<img>` and the
 * head's preload of the same image take both from one value, so they offer the same candidates.
 */
export interface ImageDisplay {
  sizes: string;
  widest: number;
}

/**
 * An image as wide as an article's column: the article page's 46rem less its padding
 * (remote-blog's ArticlePage.module.css), on a phone the screen less its margins. The article's
 * own picture and the images of its text (the Markdown renderer's, and the admin's preview, no
 * wider) are drawn so.
 */
export const ARTICLE_COLUMN_IMAGE: ImageDisplay = {
  sizes: '(min-width: 46rem) 704px, calc(100vw - 2rem)',
  widest: 704,
};

/**
 * The widths worth offering for an image drawn at most `widest` CSS pixels wide: up to the first
 * that covers it on the densest screen (MAX_PIXEL_DENSITY); all of them when none does. An 8rem
 * badge offers 320 and 480, not eight widths up to 1,920.
 */
export function displayWidths(widths: readonly number[], widest: number): number[] {
  const ascending = [...widths].sort((a, b) => a - b);
  const covering = ascending.findIndex((width) => width >= widest * MAX_PIXEL_DENSITY);
  return covering === -1 ? ascending : ascending.slice(0, covering + 1);
}

/**
 * What `<picture>` needs for an image: a source set per format the client knows (best first;
 * the last is the fallback for `<img srcset>`), and a fallback variant as `src`. Empty `sets`
 * when the image has no variants (SVG, GIF): show `path` as it is. `url` makes an address
 * relative to the API base absolute (the API client's imageUrl, or the head's API base);
 * `widest`, the widest the layout draws it (ImageDisplay), leaves out the widths it never needs.
 */
export function imageSources(
  image: ImageVariants,
  url: (path: string) => string,
  widest = Infinity,
): { sets: ImageSourceSet[]; src: string } {
  const formats = image.formats.filter(isImageVariantFormat);
  const widths = displayWidths(image.widths, widest);
  const fallback = formats[formats.length - 1];
  if (widths.length === 0 || !fallback) return { sets: [], src: url(image.path) };
  const sets = formats.map((format) => ({
    format,
    type: IMAGE_VARIANT_CONTENT_TYPES[format],
    srcset: widths
      .map((width) => `${url(imageVariantPath(image, width, format))} ${width}w`)
      .join(', '),
  }));
  const srcWidth =
    widths.filter((width) => width <= DEFAULT_SRC_WIDTH).pop() ?? (widths[0] as number);
  return { sets, src: url(imageVariantPath(image, srcWidth, fallback)) };
}
