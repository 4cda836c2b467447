// Which stored SVGs get raster variants (vector.ts, docs/decisions/123).
import { rasteriseSvg, svgDrawsAlone, svgDrawsInBudget } from './vector.js';
import sharp from 'sharp';

const svg = (inner: string) =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">${inner}</svg>`,
  );

describe('svgDrawsAlone', () => {
  it.each([
    [
      'shapes, gradients and filters',
      '<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/>',
      true,
    ],
    ['an empty drawing', '', true],
    [
      'text deep inside groups',
      '<g><g><a href="https://example.com/"><text>x</text></a></g></g>',
      false,
    ],
    [
      'text with a namespace prefix',
      '<svg:text xmlns:svg="http://www.w3.org/2000/svg">x</svg:text>',
      false,
    ],
    ['an embedded image', '<image href="data:image/png;base64,AAAA"/>', false],
  ])('%s: %s', (_label, inner, drawsAlone) => {
    expect(svgDrawsAlone(svg(inner))).toBe(drawsAlone);
  });

  it('is false for what is not XML', () => {
    expect(svgDrawsAlone(Buffer.from('<svg><g></svg'))).toBe(false);
    expect(svgDrawsAlone(Buffer.from(''))).toBe(false);
  });
});

describe('rasteriseSvg', () => {
  it('draws the SVG at the width asked, its height in proportion', async () => {
    const pixels = await rasteriseSvg(svg('<rect width="40" height="20" fill="#f00"/>'), 320);
    expect([pixels.raw.width, pixels.raw.height]).toEqual([320, 160]);
    const { data, info } = await sharp(pixels.data, { raw: pixels.raw })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([320, 160, 4]);
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it('gives the pixels with their alpha as sharp reads them: a half-transparent edge unchanged', async () => {
    const drawing = svg('<rect width="40" height="20" fill="#00f" fill-opacity="0.5"/>');
    const pixels = await rasteriseSvg(drawing, 40);
    const { data } = await sharp(pixels.data, { raw: pixels.raw })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Premultiplied, resvg holds (0, 0, 128, 128); unpremultiplied, it is blue at half alpha.
    expect([...data.subarray(0, 4)]).toEqual([0, 0, 255, 128]);
  });
});

describe('svgDrawsInBudget', () => {
  it('is true for a drawing that renders at the largest width within the budget', async () => {
    expect(await svgDrawsInBudget(svg('<rect width="40" height="20" fill="#f00"/>'))).toBe(true);
  });

  it('is false for one that does not: it is not waited for', async () => {
    // A filter over the whole picture: far more than a millisecond at 1,920 pixels.
    const filtered = svg(
      '<filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="2"/></filter>' +
        '<rect width="40" height="20" filter="url(#f)"/>',
    );
    expect(await svgDrawsInBudget(filtered, 1)).toBe(false);
  });
});
