// An image of the content API that fits the screen (docs/decisions/123): the intrinsic width and
// height the API measured (so the page never shifts as it loads), and, for a raster image, its
// resized variants as AVIF and WebP sources with the original's format as the fallback, from
// which the browser takes the one `sizes` says it needs, offered only in the widths the layout can
// use (ImageDisplay). The page's largest image is preloaded from its head with the same display
// (imagePreload in @portfolio/shared/head).
import { imageSources } from '@portfolio/contract';
import type { Image, ImageDisplay } from '@portfolio/contract';
import { imageUrl } from '@portfolio/shared/api-client';
import styles from './ResponsiveImage.module.css';

/**
 * `priority`: the page's largest paint (loaded at once and first, preloaded by the page's
 * head); `eager`: above the fold; `lazy`: loaded when scrolled near.
 */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

export interface ResponsiveImageProps {
  /** The content's imagePath: shown as it is when the API sent no `image`. */
  imagePath: string;
  /** What the API knows of it: its size and variants. */
  image?: Image;
  /**
   * How wide the layout shows it: the `sizes` attribute, and the widest it gets, which bounds the
   * widths offered (the head's preload takes the same value).
   */
  display: ImageDisplay;
  alt: string;
  loading: ImageLoading;
  /** The size to reserve for an image whose size the API did not send. */
  fallbackSize: { width: number; height: number };
  /** On the <img>, which is the box the layout sizes (the <picture> around it has none). */
  className?: string;
}

export function ResponsiveImage({
  imagePath,
  image,
  display,
  alt,
  loading,
  fallbackSize,
  className,
}: ResponsiveImageProps) {
  const { sets, src } = image
    ? imageSources(image, imageUrl, display.widest)
    : { sets: [], src: imageUrl(imagePath) };
  const { sizes } = display;
  const { width, height } = image ?? fallbackSize;
  const fallback = sets[sets.length - 1];
  const img = (
    <img
      className={className}
      src={src}
      srcSet={fallback?.srcset}
      sizes={fallback ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      decoding={loading === 'priority' ? undefined : 'async'}
    />
  );
  if (!fallback) return img;
  return (
    <picture className={styles.picture}>
      {sets.slice(0, -1).map((set) => (
        <source key={set.format} type={set.type} srcSet={set.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
