// Bundled SVG drawings as raster images (docs/decisions/172): a browser builds each SVG image as a
// document of its own on the page's main thread (20–45 ms a picture on a phone, docs/
// performance.md), where a WebP is decoded off it. `import image from './x.svg?picture'` gives
// `{ src, srcSet, width, height }`: the drawing rendered at its own width, twice and three times
// it (phones' screens) as the API renders an uploaded SVG (@portfolio/content-api/svg-raster:
// resvg, no fonts, no files), each a WebP of the build with its content's hash in its name.
// Both loaders run in every build of an app (browser, server, single bundle), so a page the
// server renders names the files the browser build wrote.
//   x.svg?picture    svgPictureLoader: the module above, importing x.svg?raster=<width> per width
//   x.svg?raster=N   svgRasterLoader: the WebP, N pixels wide (an asset/resource module)
import { rasteriseSvg, svgDrawsAlone } from '@portfolio/content-api/svg-raster';
import sharp from 'sharp';
import type { LoaderContext } from 'webpack';

/** The widths of a drawing's rasters, as multiples of its own width. */
export const PICTURE_DENSITIES = [1, 2, 3] as const;
/** The one a browser without `srcset` shows. */
const SRC_DENSITY = 2;
/** WebP at this quality: flat colours and gradients, a few kilobytes a picture. */
const WEBP_QUALITY = 80;

export const PICTURE_QUERY = /^\?picture$/;
export const RASTER_QUERY = /^\?raster=(\d+)$/;

/** The `width` and `height` the root `<svg>` states: the size it is drawn for. */
export function svgOwnSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const length = (name: string) => Number(new RegExp(`\\s${name}="(\\d+)"`).exec(root)?.[1]);
  const width = length('width');
  const height = length('height');
  if (!(width > 0 && height > 0)) {
    throw new Error('a bundled SVG drawing must state its width and height in pixels');
  }
  return { width, height };
}

/** The module of `x.svg?picture`. */
export function svgPictureLoader(this: LoaderContext<unknown>, svg: string): string {
  const { width, height } = svgOwnSize(svg);
  const widths = PICTURE_DENSITIES.map((density) => density * width);
  const imports = widths.map(
    (each, index) =>
      `import w${index} from ${JSON.stringify(`${this.resourcePath}?raster=${each}`)};`,
  );
  const srcSet = widths.map((each, index) => `\${w${index}} ${each}w`).join(', ');
  return (
    `${imports.join('\n')}\n` +
    `export default { src: w${PICTURE_DENSITIES.indexOf(SRC_DENSITY)}, srcSet: \`${srcSet}\`, ` +
    `width: ${width}, height: ${height} };\n`
  );
}

/**
 * The WebP of `x.svg?raster=N`. A drawing the API would show as stored (text, which needs fonts
 * resvg is not given; an embedded image) is refused.
 */
export async function rasteriseDrawing(svg: Buffer, width: number): Promise<Buffer> {
  if (!svgDrawsAlone(svg)) {
    throw new Error(
      'a bundled SVG drawing with text cannot be rasterised (nor one with an image): draw the text as paths',
    );
  }
  const pixels = await rasteriseSvg(svg, width);
  return sharp(pixels.data, { raw: pixels.raw }).webp({ quality: WEBP_QUALITY }).toBuffer();
}

export function svgRasterLoader(this: LoaderContext<unknown>, svg: Buffer): void {
  const done = this.async();
  const width = Number(RASTER_QUERY.exec(this.resourceQuery)?.[1]);
  rasteriseDrawing(svg, width).then(
    (webp) => done(null, webp),
    (error: Error) => done(error),
  );
}
