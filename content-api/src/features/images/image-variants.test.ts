// Images that fit every screen (docs/decisions/123): raster uploads up to 20 MiB, streamed and
// refused past the limit over a real socket; their size and variants in the answers; each
// variant made once and kept; hostile images refused from their header or their decode; the
// images stored before sizes were kept measured at start; content files carry the originals.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_VARIANT_CONTENT_TYPES,
  IMAGE_VARIANT_WIDTHS,
  imageSources,
} from '@portfolio/contract';
import type { Image } from '@portfolio/contract';
import {
  decompressionBombPng,
  hugeDimensionJpeg,
  hugeDimensionPng,
  noisePng,
  noisyPhoto,
  paddedPng,
  sampleImage,
  truncated,
} from '@portfolio/testing/images';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ContentFolderError,
  readContentFolder,
  writeContentFolder,
} from '../../content-files/folder.js';
import { exportContent, importContent } from '../../content-files/transfer.js';
import { imageVariants, images } from '../../db/schema.js';
import { migrationsFolder } from '../../paths.js';
import { createTestDatabase, testDrivers } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { measureStoredImages } from './image-size.js';
import { OneAtATime } from './image-work.js';

// Photos and 20 MiB bodies on a busy machine.
jest.setTimeout(120_000);

const BOUNDARY = '----image-variants-test';

function multipartParts(file: Buffer, filename: string) {
  return {
    head: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

interface SocketAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** How much of the body the client had written when the answer came. */
  sent: number;
  total: number;
}

/**
 * POSTs an upload over a real socket, writing it in 64 KiB pieces as the socket drains, and
 * stops writing as soon as the server answers (as browsers and curl do).
 */
function postOverSocket(
  port: number,
  file: Buffer,
  { chunked = false, filename = 'photo.jpg' } = {},
): Promise<SocketAnswer> {
  const { head, tail } = multipartParts(file, filename);
  const body = [head, file, tail];
  const total = head.length + file.length + tail.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({
      // A connection of its own: what the server reads of it is measured.
      agent: false,
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/images',
      headers: {
        ...adminHeaders,
        ...multipartType,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }),
      },
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          sent,
          total,
        }),
      );
    });
    // The server may close the connection while the body is still being written.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pieces = body.flatMap((part) => {
      const out: Buffer[] = [];
      for (let offset = 0; offset < part.length; offset += 64 * 1024) {
        out.push(part.subarray(offset, offset + 64 * 1024));
      }
      return out;
    });
    const writeMore = () => {
      while (!answered && pieces.length > 0) {
        const piece = pieces.shift() as Buffer;
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', writeMore);
          return;
        }
      }
      if (!answered) request.end();
    };
    writeMore();
  });
}

const uploadTemporaryFolders = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('portfolio-upload-'));

describe('OneAtATime', () => {
  it('runs tasks one after another, in order, whatever fails', async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) =>
      queue.run(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('joins a task already queued under the same key', async () => {
    const queue = new OneAtATime();
    let runs = 0;
    const work = () =>
      queue.once('same', async () => {
        runs += 1;
        return runs;
      });
    expect(await Promise.all([work(), work(), work()])).toEqual([1, 1, 1]);
    expect(await work()).toBe(2);
  });
});

describe.each(testDrivers)('images that fit (%s)', (driver) => {
  let t: TestApp;
  let port: number;
  let photo: Buffer;
  const upload = (file: Buffer, filename = 'photo.jpg') => {
    const { head, tail } = multipartParts(file, filename);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: Buffer.concat([head, file, tail]),
      headers: { ...multipartType, ...adminHeaders },
    });
  };
  const imageCount = async () =>
    (await t.database.db.select({ n: count() }).from(images))[0]?.n ?? 0;
  const variantRows = (name: string) =>
    t.database.db
      .select({ width: imageVariants.width, format: imageVariants.format })
      .from(imageVariants)
      .where(eq(imageVariants.imageName, name));

  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    photo = await noisyPhoto({ width: 1600, height: 1200 });
  });
  afterAll(() => t.close());

  describe('POST /api/images', () => {
    it('stores a photo once and answers its size, widths and formats', async () => {
      const response = await upload(photo, 'Holiday Photo.JPG');
      expect(response.statusCode).toBe(201);
      const { imagePath, image } = response.json();
      expect(imagePath).toMatch(/^\/images\/holiday-photo-[0-9a-f]{16}\.jpg$/);
      expect(image).toEqual({
        path: imagePath,
        width: 1600,
        height: 1200,
        widths: [320, 480, 640, 828, 1080, 1280, 1600],
        formats: ['avif', 'webp', 'jpeg'],
      });
      // The original is kept byte for byte: the source of every variant, and what an export writes.
      const original = await t.app.inject(`/api${imagePath}`);
      expect(original.rawPayload.equals(photo)).toBe(true);
      // Uploaded again: the same name, still one row.
      const before = await imageCount();
      expect((await upload(photo, 'Holiday Photo.JPG')).json().imagePath).toBe(imagePath);
      expect(await imageCount()).toBe(before);
    });

    it.each([
      ['a PNG with transparency', 'png', 'png', true],
      ['an opaque PNG', 'png', 'png', false],
      ['a WebP with transparency', 'png', 'webp', true],
      ['an opaque WebP', 'jpeg', 'webp', false],
      ['an AVIF', 'jpeg', 'avif', false],
    ] as const)('%s: variants in AVIF, WebP and %s', async (_label, fallback, format, alpha) => {
      const bytes = await sampleImage(format, { width: 500, height: 300, alpha });
      const response = await upload(bytes, `sample.${format}`);
      expect(response.statusCode).toBe(201);
      expect(response.json().image).toEqual(
        expect.objectContaining({
          width: 500,
          height: 300,
          widths: [320, 480, 500],
          formats: ['avif', 'webp', fallback],
        }),
      );
    });

    it('a GIF is shown as stored: its size, no variants', async () => {
      const gif = (
        await upload(await sampleImage('gif', { width: 40, height: 30 }), 'a.gif')
      ).json();
      expect(gif.image).toEqual(
        expect.objectContaining({ width: 40, height: 30, widths: [], formats: [] }),
      );
    });

    it('an SVG that draws alone gets raster variants at every width; one with text or an image is shown as stored', async () => {
      const svg = await upload(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150">' +
            '<rect width="300" height="150" fill="#0b1120"/><circle cx="150" cy="75" r="60" fill="#38d9a9"/></svg>',
        ),
        'diagram.svg',
      );
      const image = svg.json().image as Image;
      expect(image).toEqual(
        expect.objectContaining({
          width: 300,
          height: 150,
          // Drawn anew at each width: wider than its own size too.
          widths: [...IMAGE_VARIANT_WIDTHS],
          formats: ['avif', 'webp', 'png'],
        }),
      );
      for (const [variant, format] of [
        ['640.png', 'png'],
        ['828.webp', 'webp'],
        ['320.avif', 'heif'],
      ] as const) {
        const response = await t.app.inject(`/api${image.path}/${variant}`);
        expect(response.statusCode).toBe(200);
        const drawn = await sharp(response.rawPayload).metadata();
        const width = Number(variant.split('.')[0]);
        expect([drawn.format, drawn.width, drawn.height]).toEqual([format, width, width / 2]);
      }
      // What it draws: the circle's colour at the centre, the background's in a corner.
      const { data, info } = await sharp(
        (await t.app.inject(`/api${image.path}/640.png`)).rawPayload,
      )
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
      ];
      expect(pixel(320, 160)).toEqual([0x38, 0xd9, 0xa9]);
      expect(pixel(2, 2)).toEqual([0x0b, 0x11, 0x20]);

      for (const [label, drawing] of [
        ['text', '<text x="10" y="20">TLS</text>'],
        ['an image', '<image href="https://example.com/badge.png" width="10" height="10"/>'],
      ]) {
        const shown = await upload(
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><g>${drawing}</g></svg>`,
          ),
          'labelled.svg',
        );
        expect([label, shown.json().image]).toEqual([
          label,
          expect.objectContaining({ width: 120, height: 80, widths: [], formats: [] }),
        ]);
      }
      // No size stated at all: no `image`, the imagePath alone.
      const sizeless = await upload(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>'),
        'dot.svg',
      );
      expect(sizeless.statusCode).toBe(201);
      expect(sizeless.json().image).toBeUndefined();
    });

    it('a photo taken sideways (EXIF orientation 6) is measured and resized upright', async () => {
      const sideways = await noisyPhoto({ width: 600, height: 400, orientation: 6 });
      const { image } = (await upload(sideways, 'sideways.jpg')).json();
      expect(image).toEqual(expect.objectContaining({ width: 400, height: 600 }));
      const variant = await t.app.inject(`/api${image.path}/320.webp`);
      const size = await sharp(variant.rawPayload).metadata();
      expect([size.width, size.height]).toEqual([320, 480]);
    });

    it("a phone photo's position, device and notes are not published with it", async () => {
      const photo = await sharp(await noisyPhoto({ width: 600, height: 400, orientation: 6 }))
        .withExifMerge({
          IFD0: { Make: 'PhonyPhone', Model: 'X 12' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
        })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhonyPhone');
      const { imagePath, image } = (await upload(photo, 'holiday.jpg')).json();
      const stored = await t.app.inject(`/api${imagePath}`);
      const meta = await sharp(stored.rawPayload).metadata();
      expect([meta.format, meta.exif, meta.xmp, meta.iptc]).toEqual([
        'jpeg',
        undefined,
        undefined,
        undefined,
      ]);
      // Upright, as it was shown: the orientation went with the rest of the EXIF.
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      expect([image.width, image.height]).toEqual([400, 600]);
    });

    it('a photo that carries no such data is stored byte for byte', async () => {
      const plain = await noisyPhoto({ width: 300, height: 200 });
      expect((await sharp(plain).metadata()).exif).toBeUndefined();
      const { imagePath } = (await upload(plain, 'plain.jpg')).json();
      const stored = await t.app.inject(`/api${imagePath}`);
      expect(stored.rawPayload.equals(plain)).toBe(true);
    });

    it('a photo of exactly 20 MiB, streamed over a socket, is stored', async () => {
      const picture = await noisePng(1200, 900);
      const exact = paddedPng(picture, IMAGE_UPLOAD_MAX_BYTES);
      expect(exact.length).toBe(20 * 1024 * 1024);
      const answer = await postOverSocket(port, exact, { filename: 'exact.png' });
      expect(answer.status).toBe(201);
      const { imagePath } = JSON.parse(answer.body);
      const stored = await t.app.inject(`/api${imagePath}`);
      // Stored as its picture: the padding, a chunk of no image data, is not (image-chunks.ts).
      expect(stored.rawPayload.equals(picture)).toBe(true);
    });

    /** What the server read of the next connection, once it is closed. */
    const serverReads = () =>
      new Promise<number>((resolve) => {
        t.app.server.once('connection', (socket) =>
          socket.once('close', () => resolve(socket.bytesRead)),
        );
      });

    const MiB = 1024 * 1024;
    it.each([
      // One byte over must be read to the limit to be known, with its length stated or not…
      ['one byte over, that says its length', 1, false, undefined],
      ['one byte over, sent chunked', 1, true, undefined],
      // …a length far over is refused before the body is read…
      ['twice the limit, that says its length', IMAGE_UPLOAD_MAX_BYTES, false, 4 * MiB],
      // …and a chunked body is read to the limit, never much past it (what was in flight).
      [
        'twice the limit, sent chunked',
        IMAGE_UPLOAD_MAX_BYTES,
        true,
        IMAGE_UPLOAD_MAX_BYTES + 4 * MiB,
      ],
    ])(
      'a body %s is refused with 413 and the connection closed, storing nothing',
      async (_label, excess, chunked, maxRead) => {
        const over = paddedPng(await sampleImage('png'), IMAGE_UPLOAD_MAX_BYTES + excess);
        const before = await imageCount();
        const read = serverReads();
        const answer = await postOverSocket(port, over, { chunked, filename: 'over.png' });
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({
          message: 'The file is too large: images are limited to 20 MiB.',
        });
        expect(answer.headers.connection).toBe('close');
        if (maxRead !== undefined) expect(await read).toBeLessThan(maxRead);
        expect(await imageCount()).toBe(before);
        expect(uploadTemporaryFolders()).toEqual([]);
      },
    );

    it.each([
      [
        'a decompression bomb (a 64 KB PNG of 64 megapixels)',
        () => decompressionBombPng(),
        422,
        /8000 × 8000 pixels \(64 megapixels\); at most 50 megapixels/,
      ],
      [
        'a PNG header claiming 65,535 × 65,535',
        () => hugeDimensionPng(),
        422,
        /65535 × 65535 pixels/,
      ],
      [
        'a JPEG header claiming 65,000 × 65,000',
        () => hugeDimensionJpeg(),
        422,
        /65000 × 65000 pixels/,
      ],
      [
        'a JPEG cut in half',
        async () => truncated(await sampleImage('jpeg', { width: 400, height: 300 })),
        415,
        /JPEG image could not be decoded/,
      ],
      [
        'a PNG cut in half',
        async () => truncated(await sampleImage('png', { width: 400, height: 300 })),
        415,
        /PNG image could not be/,
      ],
      [
        'JPEG magic bytes and noise',
        async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]),
        415,
        /JPEG image could not be/,
      ],
      [
        'a HEIC (not AVIF) file',
        async () =>
          Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]),
        415,
        /^Unsupported image type/,
      ],
    ])('refuses %s, storing nothing', async (_label, make, status, message) => {
      const before = await imageCount();
      const response = await upload(await make(), 'hostile.png');
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await imageCount()).toBe(before);
      expect(uploadTemporaryFolders()).toEqual([]);
    });
  });

  describe('GET /api/images/:name/:variant', () => {
    let image: Image;
    beforeAll(async () => {
      image = (await upload(photo, 'variants.jpg')).json().image;
    });

    it('serves each variant resized and converted, immutable, from the one kept copy', async () => {
      const name = image.path.replace('/images/', '');
      expect(await variantRows(name)).toEqual([]);
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const extension = format === 'jpeg' ? 'jpg' : format;
        const response = await t.app.inject(`/api${image.path}/640.${extension}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(IMAGE_VARIANT_CONTENT_TYPES[format]);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const made = await sharp(response.rawPayload).metadata();
        expect([made.format, made.width, made.height]).toEqual([
          format === 'avif' ? 'heif' : format,
          640,
          480,
        ]);
        expect(response.rawPayload.length).toBeLessThan(photo.length / 10);
      }
      expect(await variantRows(name)).toHaveLength(3);
    });

    it('makes a variant once: concurrent requests share it, later ones never resize', async () => {
      const name = image.path.replace('/images/', '');
      const url = `/api${image.path}/320.avif`;
      const first = await Promise.all([1, 2, 3].map(() => t.app.inject(url)));
      expect(first.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const kept = await t.database.db
        .select({ n: count() })
        .from(imageVariants)
        .where(and(eq(imageVariants.imageName, name), eq(imageVariants.width, 320)));
      expect(kept[0]?.n).toBe(1);
      // Ruin the original: a variant made per request would now fail; the kept one is served.
      await t.database.db
        .update(images)
        .set({ data: Buffer.from('no longer an image') })
        .where(eq(images.name, name));
      const again = await t.app.inject(url);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first[0]?.rawPayload as Buffer)).toBe(true);
    });

    it('answers 404 for a width or format the image does not have, 400 for no variant name', async () => {
      const photoImage = (
        await upload(await noisyPhoto({ width: 700, height: 500 }), 'small.jpg')
      ).json().image as Image;
      expect(photoImage.widths).toEqual([320, 480, 640, 700]);
      for (const variant of ['960.avif', '1920.webp', '321.avif', '640.png']) {
        const response = await t.app.inject(`/api${photoImage.path}/${variant}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'This image has no such variant.' });
      }
      expect((await t.app.inject('/api/images/tls.svg/321.webp')).statusCode).toBe(404);
      expect((await t.app.inject('/api/images/missing.jpg/320.webp')).json()).toEqual({
        message: 'Image not found',
      });
      for (const variant of [
        '640.exe',
        '0640.avif',
        '640.AVIF',
        '64000.avif',
        '640',
        '..%2F640.avif',
      ]) {
        const response = await t.app.inject(`/api${photoImage.path}/${variant}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(
          /Variant must be a width and a format such as 640\.avif/,
        );
      }
    });

    it('deleting an image deletes its variants', async () => {
      const own = (
        await upload(await sampleImage('jpeg', { width: 400, height: 300 }), 'gone.jpg')
      ).json().image as Image;
      const name = own.path.replace('/images/', '');
      expect((await t.app.inject(`/api${own.path}/320.webp`)).statusCode).toBe(200);
      expect(await variantRows(name)).toHaveLength(1);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/images/${name}`,
        headers: adminHeaders,
      });
      expect(removed.statusCode).toBe(204);
      expect(await variantRows(name)).toEqual([]);
      expect((await t.app.inject(`/api${own.path}/320.webp`)).statusCode).toBe(404);
    });
  });

  describe('answers name their images', () => {
    it('projects and articles carry the image their imagePath names', async () => {
      const { imagePath, image } = (await upload(photo, 'cover.jpg')).json();
      const project = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: { title: 'Photo project', description: 'd', imagePath },
      });
      expect(project.json().image).toEqual(image);
      const article = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'Photo article', content: 'Text.', imagePath },
      });
      expect(article.json().image).toEqual(image);
      const [listed] = (await t.app.inject('/api/articles?limit=1')).json();
      expect(listed).toEqual(expect.objectContaining({ _id: article.json()._id, image }));
      const detail = (await t.app.inject(`/api/projects/${project.json()._id}`)).json();
      expect(detail.image).toEqual(image);
      // What a client builds from it: AVIF, WebP and JPEG source sets of the same widths.
      const { sets } = imageSources(image, (path) => `https://api.example${path}`);
      expect(sets.map((set) => set.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
      expect(sets[0]?.srcset).toBe(
        [320, 480, 640, 828, 1080, 1280, 1600]
          .map((width) => `https://api.example${imagePath}/${width}.avif ${width}w`)
          .join(', '),
      );
    });

    it('the seed SVGs carry their size and raster variants', async () => {
      const [article] = (await t.app.inject('/api/articles?limit=100')).json().slice(-1);
      expect(article.image).toEqual({
        path: article.imagePath,
        width: 400,
        height: 240,
        widths: [...IMAGE_VARIANT_WIDTHS],
        formats: ['avif', 'webp', 'png'],
      });
    });
  });
});

describe.each(testDrivers)('image sizes at start and in content files (%s)', (driver) => {
  it('measures the images stored before sizes were kept; a damaged one stays as stored', async () => {
    const database = await createTestDatabase(driver);
    try {
      const jpeg = await sampleImage('jpeg', { width: 300, height: 200 });
      await database.db.insert(images).values([
        { name: 'old-photo.jpg', contentType: 'image/jpeg', size: jpeg.length, data: jpeg },
        {
          name: 'old-diagram.svg',
          contentType: 'image/svg+xml',
          size: 60,
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"/>'),
        },
        {
          name: 'old-label.svg',
          contentType: 'image/svg+xml',
          size: 90,
          data: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="30"><text>CISSP</text></svg>',
          ),
        },
        {
          name: 'old-broken.jpg',
          contentType: 'image/jpeg',
          size: 4,
          data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        },
      ]);
      const warnings: string[] = [];
      expect(await measureStoredImages(database.db, (line) => warnings.push(line))).toBe(3);
      const rows = await database.db
        .select({
          name: images.name,
          width: images.width,
          height: images.height,
          variantFallback: images.variantFallback,
        })
        .from(images)
        .orderBy(images.name);
      expect(rows).toEqual([
        { name: 'old-broken.jpg', width: null, height: null, variantFallback: null },
        { name: 'old-diagram.svg', width: 120, height: 80, variantFallback: 'png' },
        { name: 'old-label.svg', width: 90, height: 30, variantFallback: null },
        { name: 'old-photo.jpg', width: 300, height: 200, variantFallback: 'jpeg' },
      ]);
      expect(warnings).toEqual([
        expect.stringMatching(/^Image old-broken\.jpg: .* served as stored/),
      ]);
      // Measured once: the next start has nothing left to do but the unreadable one.
      expect(await measureStoredImages(database.db, () => undefined)).toBe(0);

      // A database from before SVGs had variants: migration 0017 has its SVGs measured again.
      await database.db
        .update(images)
        .set({ variantFallback: null })
        .where(eq(images.contentType, 'image/svg+xml'));
      await database.db.execute(
        sql.raw(fs.readFileSync(path.join(migrationsFolder, '0017_svg-variants.sql'), 'utf8')),
      );
      expect(await measureStoredImages(database.db, () => undefined)).toBe(2);
      const svgs = await database.db
        .select({ name: images.name, width: images.width, fallback: images.variantFallback })
        .from(images)
        .where(eq(images.contentType, 'image/svg+xml'))
        .orderBy(images.name);
      expect(svgs).toEqual([
        { name: 'old-diagram.svg', width: 120, fallback: 'png' },
        { name: 'old-label.svg', width: 90, fallback: null },
      ]);
    } finally {
      await database.close();
    }
  });

  it('an import measures the photos it adds; an export writes the originals; a damaged one is refused', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'image-files-'));
    const source = await createTestDatabase(driver);
    const target = await createTestDatabase(driver);
    try {
      const jpeg = await sampleImage('jpeg', { width: 900, height: 600 });
      const avif = await sampleImage('avif', { width: 200, height: 100 });
      writeContentFolder(folder, {
        articles: [
          {
            id: 'with-photo',
            title: 'With a photo',
            status: 'published',
            publishedAt: '2025-01-01T00:00:00.000Z',
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
            image: 'photo.jpg',
            body: 'Text.',
          },
          {
            id: 'with-avif',
            title: 'With an AVIF',
            status: 'published',
            publishedAt: '2025-01-02T00:00:00.000Z',
            createdAt: '2025-01-02T00:00:00.000Z',
            updatedAt: '2025-01-02T00:00:00.000Z',
            image: 'small.avif',
            body: 'Text.',
          },
        ],
        projects: [],
        images: [
          { name: 'photo.jpg', data: jpeg },
          { name: 'small.avif', data: avif },
        ],
      });
      await importContent(source.db, readContentFolder(folder));
      const stored = await source.db
        .select({
          name: images.name,
          width: images.width,
          height: images.height,
          variantFallback: images.variantFallback,
        })
        .from(images)
        .orderBy(images.name);
      expect(stored).toEqual([
        { name: 'photo.jpg', width: 900, height: 600, variantFallback: 'jpeg' },
        { name: 'small.avif', width: 200, height: 100, variantFallback: 'jpeg' },
      ]);
      // The export carries the originals, byte for byte: the variants are made again from them.
      const exported = await exportContent(source.db);
      expect(
        exported.images.map((image) => [
          image.name,
          image.data.equals(image.name === 'photo.jpg' ? jpeg : avif),
        ]),
      ).toEqual([
        ['photo.jpg', true],
        ['small.avif', true],
      ]);

      fs.writeFileSync(path.join(folder, 'images', 'photo.jpg'), truncated(jpeg));
      let refusal: unknown;
      try {
        await importContent(target.db, readContentFolder(folder));
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(ContentFolderError);
      expect(String((refusal as Error).message)).toMatch(
        /images\/photo\.jpg:1: The JPEG image could not be decoded/,
      );
      expect(await target.db.select({ name: images.name }).from(images)).toEqual([]);
    } finally {
      await Promise.all([source.close(), target.close()]);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
