// webpack's loader of `x.svg?picture` (svg-raster.ts).
import { svgPictureLoader } from './svg-raster';

export default svgPictureLoader;
