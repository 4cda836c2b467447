// Raster variants of a stored SVG (docs/decisions/172, amending 123): a browser builds an
// SVG image as a document of its own on the page's main thread (20–45 ms a picture on a phone,
// docs/performance.md, "Reading page"), where a raster image is decoded off it. An SVG that
// draws alone is rendered by resvg (already the link-preview cards' renderer, ADR 061) at each
// variant width, then encoded like any other variant. One that needs what resvg would draw
// otherwise than a browser, or would fetch, is shown as stored:
//   - text (`<text>`): the reader's fonts draw it; the API has none to give resvg;
//   - images (`<image>`): an `href` the sanitiser keeps (a path) would be read from the API's
//     own disk;
//   - a drawing that takes resvg longer than SVG_RENDER_BUDGET_MS at the largest variant width
//     (filters over a large area can take minutes): its variants, made for any visitor who asks,
//     would hold the one queue of image work for as long.
import { XMLParser } from 'fast-xml-parser';
import { renderAsync } from '@resvg/resvg-js';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { IMAGE_VARIANT_WIDTHS } from '@portfolio/contract';

/** Elements whose SVG is shown as stored (see above). */
const NOT_DRAWN_ALONE = new Set(['text', 'image']);

const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: false,
  preserveOrder: true,
});

type Node = Record<string, unknown>;

/**
 * Whether `nodes` (fast-xml-parser's ordered tree: `{ name: children }`, `#text`, `:@`, `?xml`)
 * hold an element of `names`, with or without a namespace prefix, at any depth.
 */
function hasElement(nodes: unknown, names: ReadonlySet<string>): boolean {
  if (!Array.isArray(nodes)) return false;
  return nodes.some((node: Node) =>
    Object.entries(node).some(
      ([name, children]) =>
        /^[A-Za-z_]/.test(name) &&
        (names.has(name.replace(/^[^:]*:/, '')) || hasElement(children, names)),
    ),
  );
}

/** Whether an SVG (as stored: sanitised) draws without text or images: it gets raster variants. */
export function svgDrawsAlone(data: Buffer): boolean {
  let tree: unknown;
  try {
    tree = parser.parse(data.toString('utf8'));
  } catch {
    return false;
  }
  return Array.isArray(tree) && tree.length > 0 && !hasElement(tree, NOT_DRAWN_ALONE);
}

/**
 * How long an SVG may take to draw at the largest variant width when it is measured (uploaded,
 * imported, or stored before): 50 ms for the seed's drawings on a quiet machine, a hundred
 * times that on a saturated one. A render past it is not waited for; resvg cannot be stopped,
 * so it finishes on its thread, once.
 */
export const SVG_RENDER_BUDGET_MS = 5_000;

const renderOptions = (width: number): ResvgRenderOptions => ({
  fitTo: { mode: 'width', value: width },
  font: { loadSystemFonts: false },
  logLevel: 'off',
});

/** Whether an SVG that draws alone does so within `budgetMs` at the largest variant width. */
export async function svgDrawsInBudget(
  data: Buffer,
  budgetMs = SVG_RENDER_BUDGET_MS,
): Promise<boolean> {
  const largest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1] ?? 1920;
  try {
    await renderAsync(data, renderOptions(largest), AbortSignal.timeout(budgetMs));
    return true;
  } catch {
    return false;
  }
}

/**
 * A drawing's pixels as resvg draws them, RGBA with the alpha premultiplied, and how to read
 * them: `sharp(pixels.data, { raw: pixels.raw })`.
 */
export interface RenderedPixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 4; premultiplied: true };
}

/**
 * `data` (an SVG that draws alone, in budget) `width` pixels wide, its height in proportion.
 * resvg renders on libuv's thread pool, not on the event loop; it loads no system font and no
 * file. Its pixels are handed over as they are: encoding them as a PNG for sharp to decode
 * again ran on the event loop (up to 30 ms a picture at 840 pixels) and made the same pixels.
 */
export async function rasteriseSvg(data: Buffer, width: number): Promise<RenderedPixels> {
  const rendered = await renderAsync(data, renderOptions(width));
  return {
    data: rendered.pixels,
    raw: { width: rendered.width, height: rendered.height, channels: 4, premultiplied: true },
  };
}
