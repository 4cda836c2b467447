// Bundled SVG drawings as raster images (docs/decisions/172): a browser builds each SVG image as a
// document of its own on the page's main thread (20–45 ms a picture on a phone, docs/
// performance.md), where a WebP is decoded off it. `import image from './x.svg?picture'` gives
// `{ src, srcSet, width, height }`: the drawing rendered by resvg at its own width, twice and
// three times it (phones' screens), each a WebP of the build with its content's hash in its name.
// Both loaders run in every build of an app (browser, server, single bundle), so a page the
// server renders names the files the browser build wrote.
//   x.svg?picture    svgPictureLoader: the module above, importing x.svg?raster=<width> per width
//   x.svg?raster=N   svgRasterLoader: the WebP, N pixels wide (an asset/resource module)
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { LoaderContext } from 'webpack';

/** The widths of a drawing's rasters, as multiples of its own width. */
export const PICTURE_DENSITIES = [1, 2, 3] as const;
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
    `export default { src: w1, srcSet: \`${srcSet}\`, width: ${width}, height: ${height} };\n`
  );
}

/** The WebP of `x.svg?raster=N`. Text would need fonts the build does not give resvg: refused. */
export async function rasteriseDrawing(svg: Buffer, width: number): Promise<Buffer> {
  if (/<text\b/.test(svg.toString('utf8'))) {
    throw new Error('a bundled SVG drawing with text cannot be rasterised: draw the text as paths');
  }
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
    logLevel: 'off',
  })
    .render()
    .asPng();
  return sharp(png).webp({ quality: WEBP_QUALITY }).toBuffer();
}

export function svgRasterLoader(this: LoaderContext<unknown>, svg: Buffer): void {
  const done = this.async();
  const width = Number(RASTER_QUERY.exec(this.resourceQuery)?.[1]);
  rasteriseDrawing(svg, width).then(
    (webp) => done(null, webp),
    (error: Error) => done(error),
  );
}
