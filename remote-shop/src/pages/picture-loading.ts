// How the catalogue pages fetch their pictures, by a picture's place in the list.

/** The pictures a laptop's first screen shows (a row of the grid, catalogue.module.css). */
const FIRST_SCREEN = 4;

/**
 * The first picture is the largest paint on a phone: fetched at once, at high priority, and
 * preloaded from the head (React server-renders a preload for it). The others of a laptop's first
 * screen are fetched at once too, at low priority, which keeps them out of the head: preloaded
 * as well, they shared a phone's bandwidth with the first, whose paint came 150 ms later
 * (docs/performance.md, "The store's pictures"). The rest wait until they near the screen.
 */
export function pictureLoading(
  index: number,
): Pick<React.ImgHTMLAttributes<HTMLImageElement>, 'fetchPriority' | 'loading'> {
  if (index === 0) return { fetchPriority: 'high', loading: 'eager' };
  return index < FIRST_SCREEN ? { fetchPriority: 'low', loading: 'eager' } : { loading: 'lazy' };
}
