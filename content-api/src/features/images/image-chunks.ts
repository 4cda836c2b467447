// Only image data in a stored original (security round 4, finding 3). A raster upload without
// camera metadata was kept byte for byte, so whatever else its file held was served with it: a
// JPEG comment or a PNG text chunk holding `<script>`, an HTML document after the image's end (a
// polyglot). Each format's container is rewritten here with only the parts that make its
// picture: pixels, palette, transparency, colour (ICC profile, gamma, chromaticities),
// animation. Comments, text, unknown chunks and anything after the image's end are dropped.
// Lossless and deterministic: a clean file keeps its bytes (and so its content-hashed name), and
// a cleaned one is clean. Undefined: the container did not parse as expected (the caller
// re-encodes instead).

/** JPEG application segments that describe the picture, by their identifier. */
const JPEG_KEPT_APP: Record<number, readonly string[]> = {
  0xe0: ['JFIF\0', 'JFXX\0'],
  0xe2: ['ICC_PROFILE\0'],
  0xee: ['Adobe'],
};

function jpeg(data: Buffer): Buffer | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  const parts: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  while (at < data.length) {
    if (data[at] !== 0xff) return undefined;
    while (data[at + 1] === 0xff) at += 1; // fill bytes
    const marker = data[at + 1];
    if (marker === undefined) return undefined;
    if (marker === 0xd9) {
      parts.push(Buffer.from([0xff, 0xd9])); // the end: nothing after it is kept
      return Buffer.concat(parts);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > data.length) return undefined;
    const end = at + 2 + data.readUInt16BE(at + 2);
    if (end > data.length) return undefined;
    const segment = data.subarray(at, end);
    const payload = data.subarray(at + 4, end);
    const keep =
      marker === 0xfe
        ? false
        : marker >= 0xe0 && marker <= 0xef
          ? (JPEG_KEPT_APP[marker] ?? []).some((id) => payload.toString('latin1').startsWith(id))
          : true;
    if (keep) parts.push(segment);
    at = end;
    if (marker === 0xda) {
      // The entropy-coded scan: up to the next marker that is not a stuffed byte or a restart.
      let scanEnd = at;
      while (scanEnd + 1 < data.length) {
        const next = data[scanEnd + 1] ?? 0;
        if (data[scanEnd] === 0xff && next !== 0 && !(next >= 0xd0 && next <= 0xd7)) break;
        scanEnd += 1;
      }
      if (scanEnd + 1 >= data.length) return undefined;
      parts.push(data.subarray(at, scanEnd));
      at = scanEnd;
    }
  }
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * Critical chunks, and the ancillary ones that say how the picture looks, moves or is sized
 * (numbers only: no text).
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'cICP',
  'mDCv',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);

function png(data: Buffer): Buffer | undefined {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= data.length) {
    const end = at + 12 + data.readUInt32BE(at);
    if (end > data.length) return undefined;
    const type = data.toString('latin1', at + 4, at + 8);
    if (PNG_KEPT.has(type)) parts.push(data.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(parts);
    at = end;
  }
  return undefined;
}

const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function webp(data: Buffer): Buffer | undefined {
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') {
    return undefined;
  }
  const riffEnd = 8 + data.readUInt32LE(4);
  if (riffEnd > data.length) return undefined;
  const parts: Buffer[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const size = data.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) return undefined;
    const type = data.toString('latin1', at, at + 4);
    if (WEBP_KEPT.has(type)) {
      const chunk = Buffer.from(data.subarray(at, end));
      // VP8X says which chunks follow: no EXIF (bit 3), no XMP (bit 2) any more.
      if (type === 'VP8X') chunk[8] = (chunk[8] ?? 0) & ~0x0c;
      parts.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(parts);
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

/** Application extensions that make an animation loop; every other one is dropped. */
const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function gif(data: Buffer): Buffer | undefined {
  if (!/^GIF8[79]a$/.test(data.toString('latin1', 0, 6)) || data.length < 13) return undefined;
  const flags = data[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const parts: Buffer[] = [data.subarray(0, at)];
  /** The end of the data sub-blocks starting at `from`. */
  const subBlocks = (from: number): number | undefined => {
    let p = from;
    while (p < data.length) {
      const size = data[p] ?? 0;
      if (size === 0) return p + 1;
      p += size + 1;
    }
    return undefined;
  };
  while (at < data.length) {
    const introducer = data[at];
    if (introducer === 0x3b) {
      parts.push(data.subarray(at, at + 1)); // the trailer: nothing after it is kept
      return Buffer.concat(parts);
    }
    if (introducer === 0x2c) {
      const packed = data[at + 9] ?? 0;
      const tableEnd = at + 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
      const end = subBlocks(tableEnd + 1); // after the LZW minimum code size
      if (end === undefined) return undefined;
      parts.push(data.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer !== 0x21) return undefined;
    const label = data[at + 1];
    const end = subBlocks(at + 2);
    if (end === undefined) return undefined;
    const application = data.toString('latin1', at + 3, at + 14);
    const keep = label === 0xf9 || (label === 0xff && GIF_KEPT_APPLICATIONS.has(application));
    if (keep) parts.push(data.subarray(at, end));
    at = end;
  }
  return undefined;
}

const STRIPPERS: Partial<Record<string, (data: Buffer) => Buffer | undefined>> = {
  jpeg,
  png,
  webp,
  gif,
};

/**
 * `data` (of sharp's `format`) with nothing but its picture, or undefined when this format is
 * not rewritten here (AVIF: re-encoded instead) or its container did not parse.
 */
export function onlyImageData(format: string, data: Buffer): Buffer | undefined {
  try {
    return STRIPPERS[format]?.(data);
  } catch {
    return undefined;
  }
}
