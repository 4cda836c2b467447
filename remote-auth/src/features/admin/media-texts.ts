// Texts of the media library (docs/decisions/142): the dashboard's Media tab, the editors' "Choose
// from the media library" and the offer to delete an article's images with it. Pages, tests and
// the browser specs import them.
import type { MediaItem, MediaUse } from '@portfolio/contract';

export const TAB_MEDIA = 'Media';
/** How many images a page of the Media tab and of the picker shows. */
export const MEDIA_PAGE_SIZE = 24;
export const MEDIA_FILTER_LABEL = 'Show';
export const MEDIA_ALL_LABEL = 'All';
export const MEDIA_UNUSED_LABEL = 'Unused';
export const MEDIA_USED_LABEL = 'In use';
export const SEARCH_MEDIA_LABEL = 'Search images by name';
export const MEDIA_PAGES_LABEL = 'Pages of images';
export const NO_MEDIA = 'No images yet. Images uploaded in an editor appear here.';
export const NO_UNUSED_MEDIA = 'Every image is in use.';
export const NO_MEDIA_MATCHES = 'No image matches.';
export const MEDIA_LOAD_ERROR = 'The images could not be loaded.';
export const MEDIA_LIST_LABEL = 'Images';
export const imageCount = (count: number): string => `${count} image${count === 1 ? '' : 's'}`;

/** "2.4 MB", "340 KB", "512 bytes" (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
/** "4000 × 3000 px", or that the size is unknown (an SVG that states none). */
export const formatPixels = (width: number | null, height: number | null): string =>
  width && height ? `${width} × ${height} px` : 'Size in pixels unknown';

export const ALT_TEXT_LABEL = 'Description';
export const NO_ALT_TEXT = 'None yet: an image inserted into an article’s text gets one.';
export const USED_IN_LABEL = 'Used in';
export const NOT_USED = 'Not used anywhere: it can be deleted.';
/** An image the site settings show (a certificate's badge, docs/decisions/141). */
export const USED_IN_SETTINGS = 'The site settings (a certificate badge)';
/** Whether anything shows the image: an article, a project or the site settings. */
export const isImageUsed = (item: Pick<MediaItem, 'useCount' | 'inSettings'>): boolean =>
  item.useCount > 0 || Boolean(item.inSettings);
/** Where a use is: "cover", "text", "cover and text". */
export const whereUsed = (use: Pick<MediaUse, 'cover' | 'inText'>): string =>
  [use.cover && 'cover', use.inText && 'text'].filter(Boolean).join(' and ');
export const kindOfUse = (kind: MediaUse['kind']): string =>
  kind === 'article' ? 'Article' : 'Project';
export const moreUses = (count: number): string => `and ${count} more`;
export const deleteImageLabel = (name: string): string => `Delete image ${name}`;
export const imageTitle = (name: string): string => `the image ${name}`;
export const imageDeletedNotice = (name: string): string => `Image ${name} deleted.`;
export const copyPathLabel = (name: string): string => `Address of ${name}`;
/** The Unused filter's one action on its page. */
export const deleteUnusedOnPageLabel = (count: number): string =>
  count === 1 ? 'Delete this unused image' : `Delete these ${count} unused images`;
export const unusedOnPageTitle = (count: number): string =>
  count === 1 ? 'the unused image on this page' : `the ${count} unused images on this page`;
export const unusedDeletedNotice = (count: number): string =>
  count === 1 ? '1 unused image deleted.' : `${count} unused images deleted.`;

// --- Choosing an image from the library in an editor ---
export const CHOOSE_FROM_LIBRARY_LABEL = 'Choose from the media library';
export const MEDIA_PICKER_LABEL = 'Choose an image';
export const chooseImageLabel = (name: string): string => `Choose ${name}`;
export const IMAGE_CHOSEN = 'Image chosen from the media library.';
export const CLOSE_PICKER_LABEL = 'Close';

// --- Deleting an article or a project offers to delete the images nothing else shows ---
export const UNUSED_IMAGES_LABEL = 'Delete its images too?';
export const unusedImagesText = (title: string, count: number): string =>
  count === 1
    ? `Nothing else shows the image of “${title}”. Delete it too?`
    : `Nothing else shows these ${count} images of “${title}”. Delete them too?`;
export const DELETE_IMAGES_LABEL = 'Delete images';
export const KEEP_IMAGES_LABEL = 'Keep them';
export const imagesDeletedNotice = (
  count: number,
  kind: 'article' | 'project' = 'article',
): string => {
  const item = kind === 'article' ? 'Article' : 'Project';
  return count === 1
    ? `${item} and its image deleted.`
    : `${item} and its ${count} images deleted.`;
};
export const DELETE_IMAGES_ERROR = 'Some images could not be deleted.';
