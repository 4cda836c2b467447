// Security round 4, finding 3: a raster upload without camera metadata was stored byte for byte,
// so a JPEG comment or a PNG text chunk holding `<script>`, or an HTML document after the
// image's end (a polyglot), was stored and served with it. Every original now holds its picture
// only; a clean file keeps its bytes (and its name).
import { crc32 } from 'node:zlib';
import { sampleImage } from '@portfolio/testing/images';
import sharp from 'sharp';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { onlyImageData } from './image-chunks.js';

const SCRIPT = '<script>alert(document.domain)</script>';
const DOCUMENT = `<!doctype html><html><body>${SCRIPT}</body></html>`;

/** A JPEG with a comment segment (COM) right after its start, and a document after its end. */
function jpegWithComment(jpeg: Buffer): Buffer {
  const text = Buffer.from(SCRIPT);
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), com, text, jpeg.subarray(2), Buffer.from(DOCUMENT)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG with a tEXt chunk after its header, and a document after IEND. */
function pngWithText(png: Buffer): Buffer {
  const afterHeader = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')),
    png.subarray(afterHeader),
    Buffer.from(DOCUMENT),
  ]);
}

/** A WebP with an unknown chunk holding a script, and a document after the RIFF. */
function webpWithChunk(webp: Buffer): Buffer {
  const text = Buffer.from(SCRIPT);
  const chunk = Buffer.alloc(8);
  chunk.write('HTML', 0, 'latin1');
  chunk.writeUInt32LE(text.length, 4);
  const padded = Buffer.concat([chunk, text, Buffer.alloc(text.length % 2)]);
  const body = Buffer.concat([webp.subarray(12), padded]);
  const header = Buffer.from(webp.subarray(0, 12));
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body, Buffer.from(DOCUMENT)]);
}

/** A GIF with a comment extension before its image, and a document after its trailer. */
function gifWithComment(gif: Buffer): Buffer {
  const flags = gif[10] ?? 0;
  const afterTable = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const text = Buffer.from(SCRIPT);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0])]);
  return Buffer.concat([
    gif.subarray(0, afterTable),
    comment,
    gif.subarray(afterTable),
    Buffer.from(DOCUMENT),
  ]);
}

describe('stored originals hold their picture only', () => {
  let t: TestApp;
  const upload = (file: Buffer, filename: string) => {
    const boundary = '----image-chunks-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...adminHeaders },
    });
  };
  const stored = async (file: Buffer, filename: string) => {
    const response = await upload(file, filename);
    expect(response.statusCode).toBe(201);
    const { imagePath } = response.json();
    return {
      imagePath: imagePath as string,
      bytes: (await t.app.inject(`/api${imagePath}`)).rawPayload,
    };
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it.each([
    ['a JPEG with a <script> comment (COM) and a document after its end', 'jpeg', jpegWithComment],
    ['a PNG with a <script> tEXt chunk and a document after IEND', 'png', pngWithText],
    ['a WebP with an unknown chunk and a document after it', 'webp', webpWithChunk],
    ['a GIF with a comment extension and a document after its trailer', 'gif', gifWithComment],
  ] as const)('%s is stored without them, pixel for pixel', async (_what, format, hostile) => {
    const clean = await sampleImage(format, { width: 40, height: 30 });
    const polyglot = hostile(clean);
    expect(polyglot.toString('latin1')).toContain(SCRIPT);
    // The decoder takes it as the image it is.
    expect((await sharp(polyglot).metadata()).format).toBe(format);

    const { imagePath, bytes } = await stored(polyglot, `hostile.${format}`);
    expect(bytes.toString('latin1')).not.toContain('<script');
    expect(bytes.toString('latin1')).not.toContain('<html');
    // Nothing of the picture is lost: the same bytes as the clean file, so the same name.
    expect(bytes.equals(clean)).toBe(true);
    expect((await stored(clean, `hostile.${format}`)).imagePath).toBe(imagePath);
  });

  it('keeps a clean file byte for byte, and cleaning is idempotent', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const clean = await sampleImage(format, { width: 20, height: 10 });
      expect(onlyImageData(format, clean)?.equals(clean)).toBe(true);
    }
  });

  it('re-encodes an AVIF: its container is not rewritten, so nothing but pixels stays', async () => {
    const avif = await sampleImage('avif', { width: 40, height: 30 });
    const polyglot = Buffer.concat([avif, Buffer.from(DOCUMENT)]);
    const response = await upload(polyglot, 'hostile.avif');
    // Either refused as damaged or stored as re-encoded: never with the document.
    if (response.statusCode === 201) {
      const bytes = (await t.app.inject(`/api${response.json().imagePath}`)).rawPayload;
      expect(bytes.toString('latin1')).not.toContain('<script');
    } else {
      expect(response.statusCode).toBe(415);
    }
  });
});
