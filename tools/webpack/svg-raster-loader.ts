// webpack's loader of `x.svg?raster=<width>` (svg-raster.ts): the SVG's bytes in, a WebP out.
import { svgRasterLoader } from './svg-raster';

export default svgRasterLoader;
export const raw = true;
