// Images for tests and the images benchmark (docs/decisions/123), made with sharp on the spot:
// small real images of every upload format, a photo as a phone takes it (grain and texture at
// every scale, so it compresses like one rather than like a flat drawing), and hostile ones
// (a decompression bomb, a header that claims an enormous size, a file cut short).
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

export type SampleFormat = 'png' | 'jpeg' | 'webp' | 'avif' | 'gif';

/** A real image of `format`, `width` × `height`, a gradient with a circle (with alpha if asked). */
export async function sampleImage(
  format: SampleFormat,
  {
    width = 64,
    height = 48,
    alpha = false,
  }: { width?: number; height?: number; alpha?: boolean } = {},
): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#1d3b53"/><stop offset="1" stop-color="#80cbc4"/></linearGradient></defs>' +
    `<rect width="${width}" height="${height}" fill="url(#g)"${alpha ? ' fill-opacity="0.5"' : ''}/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f1c27d"/></svg>`;
  let image = sharp(Buffer.from(svg));
  if (!alpha) image = image.flatten({ background: '#ffffff' });
  return image.toFormat(format === 'jpeg' ? 'jpeg' : format).toBuffer();
}

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** JPEG quality, as a phone's camera saves (about 90). */
  quality?: number;
  /** Sensor grain: the standard deviation of per-pixel noise, in 8-bit levels. */
  grain?: number;
  /** Texture (foliage, stones, clouds): noise of this deviation at 4, 16 and 64 pixels. */
  texture?: number;
  /** The JPEG's EXIF orientation tag (1: upright; 6: to be turned 90° clockwise). */
  orientation?: number;
}

/**
 * A landscape photo as a phone's camera would save it: sky, sun and hills, grain on every pixel
 * and texture at three larger scales. At 4000 × 3000 and the defaults, about 3 MB of JPEG.
 */
export async function noisyPhoto({
  width = 4000,
  height = 3000,
  quality = 88,
  grain = 9,
  texture = 6,
  orientation,
}: PhotoOptions = {}): Promise<Buffer> {
  const scene =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 4000 3000" preserveAspectRatio="none">` +
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b5d8a"/><stop offset="1" stop-color="#f1c27d"/></linearGradient>' +
    '<radialGradient id="sun"><stop offset="0" stop-color="#fff6d5"/><stop offset="1" stop-color="#fff6d5" stop-opacity="0"/></radialGradient></defs>' +
    '<rect width="4000" height="3000" fill="url(#sky)"/><circle cx="2900" cy="900" r="500" fill="url(#sun)"/>' +
    '<path d="M0 2000 C 800 1500, 1500 2300, 2300 1800 S 3600 1600, 4000 1900 L 4000 3000 L 0 3000 Z" fill="#3d5c3a"/>' +
    '<path d="M0 2400 C 900 2100, 1800 2700, 2600 2300 S 3500 2200, 4000 2500 L 4000 3000 L 0 3000 Z" fill="#27402a"/></svg>';
  const pixels = await sharp(Buffer.from(scene)).removeAlpha().raw().toBuffer();
  const layers: [scale: number, sigma: number][] = [
    [1, grain],
    [4, texture],
    [16, texture],
    [64, texture],
  ];
  for (const [scale, sigma] of layers) {
    if (sigma <= 0) continue;
    const layer = await sharp({
      create: {
        width: Math.ceil(width / scale),
        height: Math.ceil(height / scale),
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .resize(width, height, { kernel: scale === 1 ? 'nearest' : 'cubic' })
      .raw()
      .toBuffer();
    for (let index = 0; index < pixels.length; index += 1) {
      const value = (pixels[index] as number) + (layer[index] as number) - 128;
      pixels[index] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  let photo = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (orientation) photo = photo.withMetadata({ orientation });
  return photo.jpeg({ quality }).toBuffer();
}

/** An uncompressed PNG of noise: about `width` × `height` × 3 bytes, hardly compressible. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngHeader(width: number, height: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = colourType; // 0: grey, 2: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
  ]);
}

/**
 * A complete, valid PNG of about 64 KB that decodes to `width` × `height` grey pixels
 * (8,000 × 8,000: 64 megapixels, 64 MB raw): a decompression bomb.
 */
export function decompressionBombPng(width = 8_000, height = 8_000): Buffer {
  // Each row: filter byte 0 and `width` zero samples; all rows alike, so deflate shrinks them
  // about a thousand times.
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    pngHeader(width, height, 0),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims `width` × `height` RGB pixels, followed by almost no data. */
export function hugeDimensionPng(width = 65_535, height = 65_535): Buffer {
  return Buffer.concat([
    pngHeader(width, height, 2),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF) is rewritten to claim `width` × `height`. */
export async function hugeDimensionJpeg(width = 65_000, height = 65_000): Promise<Buffer> {
  const jpeg = Buffer.from(await sampleImage('jpeg', { width: 16, height: 16 }));
  for (let offset = 2; offset + 9 < jpeg.length;) {
    const marker = jpeg[offset + 1] as number;
    const length = jpeg.readUInt16BE(offset + 2);
    // SOF0..SOF3: precision (1 byte), then height and width.
    if (marker >= 0xc0 && marker <= 0xc3) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + length;
  }
  throw new Error('no frame header in the sample JPEG');
}

/** The first `fraction` of an image's bytes: a file cut short. */
export function truncated(image: Buffer, fraction = 0.5): Buffer {
  return image.subarray(0, Math.floor(image.length * fraction));
}

/**
 * `png` made exactly `totalBytes` long by a private ancillary chunk before its end (decoders
 * skip it): an upload of a precise size that is still a valid image.
 */
export function paddedPng(png: Buffer, totalBytes: number): Buffer {
  const iend = png.length - 12;
  const padding = totalBytes - png.length - 12;
  if (padding < 0 || png.subarray(iend + 4, iend + 8).toString('latin1') !== 'IEND') {
    throw new Error(`cannot pad a ${png.length}-byte PNG to ${totalBytes} bytes`);
  }
  return Buffer.concat([
    png.subarray(0, iend),
    pngChunk('paDd', Buffer.alloc(padding)),
    png.subarray(iend),
  ]);
}
