/** @jest-environment node */
// Bundled SVG drawings as WebP images (svg-raster.ts, docs/decisions/172).
import sharp from 'sharp';
import type { LoaderContext } from 'webpack';
import { rasteriseDrawing, svgOwnSize, svgPictureLoader } from './svg-raster';

const drawing = (attributes: string, inner = '<rect width="28" height="24" fill="#38d9a9"/>') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 24" ${attributes}>${inner}</svg>`;

describe('svgOwnSize', () => {
  it("reads the root's width and height", () => {
    expect(svgOwnSize(drawing('width="280" height="240"'))).toEqual({ width: 280, height: 240 });
  });

  it('refuses a drawing that states no size in pixels', () => {
    expect(() => svgOwnSize(drawing(''))).toThrow(/must state its width and height/);
    expect(() => svgOwnSize(drawing('width="100%" height="240"'))).toThrow(/width and height/);
  });
});

describe('svgPictureLoader', () => {
  it('imports the drawing at one, two and three times its width and sets them out as a srcset', () => {
    const context = { resourcePath: '/app/src/assets/key.svg' } as LoaderContext<unknown>;
    const module = svgPictureLoader.call(context, drawing('width="280" height="240"'));
    expect(module).toContain('import w0 from "/app/src/assets/key.svg?raster=280";');
    expect(module).toContain('import w2 from "/app/src/assets/key.svg?raster=840";');
    expect(module).toContain(
      'export default { src: w1, srcSet: `${w0} 280w, ${w1} 560w, ${w2} 840w`, width: 280, height: 240 };',
    );
  });
});

describe('rasteriseDrawing', () => {
  it('renders a WebP of the width asked, in proportion, with the colours drawn', async () => {
    const webp = await rasteriseDrawing(Buffer.from(drawing('width="28" height="24"')), 560);
    const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    expect((await sharp(webp).metadata()).format).toBe('webp');
    expect([info.width, info.height]).toEqual([560, 480]);
    const [red, green, blue] = data.subarray((240 * 560 + 280) * info.channels);
    // Lossy WebP: within a few steps of #38d9a9.
    for (const [channel, expected] of [
      [red, 0x38],
      [green, 0xd9],
      [blue, 0xa9],
    ] as const) {
      expect(Math.abs((channel ?? 0) - expected)).toBeLessThan(8);
    }
  });

  it('refuses a drawing with text (the build gives resvg no fonts)', async () => {
    await expect(
      rasteriseDrawing(Buffer.from(drawing('width="28" height="24"', '<text>x</text>')), 28),
    ).rejects.toThrow(/with text cannot be rasterised/);
  });
});
