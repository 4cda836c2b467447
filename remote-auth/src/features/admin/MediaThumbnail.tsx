import type { ImageDisplay, MediaItem } from '@portfolio/contract';
import { imageUrl } from '@portfolio/shared/api-client';
import { ResponsiveImage } from '@portfolio/shared/ui';
import styles from './MediaLibrary.module.css';

/** 96 × 64 CSS px: its smallest variant, never the original (docs/decisions/123). */
export const THUMBNAIL = { width: 96, height: 64 };
export const THUMBNAIL_DISPLAY: ImageDisplay = {
  sizes: `${THUMBNAIL.width}px`,
  widest: THUMBNAIL.width,
};

/** A library image's thumbnail, lazy: a page of the library holds 24 of them. */
export function MediaThumbnail({ item }: { item: Pick<MediaItem, 'path' | 'image'> }) {
  // Decorative: the name, size and description are written beside it.
  return item.image ? (
    <ResponsiveImage
      className={styles.thumbnail}
      imagePath={item.path}
      image={item.image}
      display={THUMBNAIL_DISPLAY}
      alt=""
      loading="lazy"
      fallbackSize={THUMBNAIL}
    />
  ) : (
    <img
      src={imageUrl(item.path)}
      alt=""
      className={styles.thumbnail}
      width={THUMBNAIL.width}
      height={THUMBNAIL.height}
      loading="lazy"
    />
  );
}
