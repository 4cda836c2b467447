import fs from 'node:fs';
import path from 'node:path';
import { sampleImage } from '@portfolio/testing/images';
import sharp from 'sharp';
import { seedFolder } from '../../paths.js';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Real images of each raster type (made in beforeAll), and an SVG. */
const SAMPLES: Record<string, { bytes: Buffer; contentType: string; extension: string }> = {
  png: { bytes: PNG_BYTES, contentType: 'image/png', extension: 'png' },
  jpeg: { bytes: Buffer.alloc(0), contentType: 'image/jpeg', extension: 'jpg' },
  gif: { bytes: Buffer.alloc(0), contentType: 'image/gif', extension: 'gif' },
  webp: { bytes: Buffer.alloc(0), contentType: 'image/webp', extension: 'webp' },
  avif: { bytes: Buffer.alloc(0), contentType: 'image/avif', extension: 'avif' },
  svg: {
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'),
    contentType: 'image/svg+xml',
    extension: 'svg',
  },
};

/** A multipart/form-data body with one file part. */
function multipart(file: Buffer, filename = 'upload.bin', field = 'file') {
  const boundary = '----content-api-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDrivers)('/api/images (%s)', (driver) => {
  let t: TestApp;
  const upload = (file: Buffer, filename?: string, headers = adminHeaders, field?: string) => {
    const body = multipart(file, filename, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    for (const format of ['jpeg', 'gif', 'webp', 'avif'] as const) {
      (SAMPLES[format] as { bytes: Buffer }).bytes = await sampleImage(format, {
        width: 8,
        height: 6,
      });
    }
  });
  afterAll(() => t.close());

  describe('GET /api/images/:name', () => {
    it('serves a seeded SVG with immutable caching, nosniff and a locked-down CSP', async () => {
      const response = await t.app.inject('/api/images/threat-modeling.svg');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'; form-action 'none'",
      );
      expect(response.rawPayload).toEqual(
        fs.readFileSync(path.join(seedFolder, 'images', 'threat-modeling.svg')),
      );
    });

    it('every seeded image is an SVG under 3 KB', async () => {
      const projects = (await t.app.inject('/api/projects')).json();
      const articles = (await t.app.inject('/api/articles')).json();
      const paths = [...projects, ...articles].map((item: { imagePath: string }) => item.imagePath);
      expect(paths).toHaveLength(18);
      for (const imagePath of paths) {
        const response = await t.app.inject(`/api${imagePath}`);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.length).toBeLessThan(3 * 1024);
      }
    });

    it('answers 404 for an unknown image', async () => {
      const response = await t.app.inject('/api/images/nope.png');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Image not found' });
    });

    it.each(['..%2F..%2Fetc%2Fpasswd', '.env', 'UPPER.PNG', 'x.exe', 'a%00.png'])(
      'answers 400 for an invalid name %s, so no path ever reaches storage',
      async (name) => {
        const response = await t.app.inject(`/api/images/${name}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^Name must be an image file name/);
      },
    );
  });

  describe('POST /api/images', () => {
    it('requires an admin', async () => {
      const anonymous = await upload(PNG_BYTES, 'a.png', {} as typeof adminHeaders);
      expect(anonymous.statusCode).toBe(401);
      const reader = await upload(PNG_BYTES, 'a.png', readerHeaders);
      expect(reader.statusCode).toBe(403);
    });

    it.each(Object.entries(SAMPLES))(
      'stores a %s under a content-hashed name and serves it back',
      async (_kind, sample) => {
        const response = await upload(sample.bytes, 'My Diagram.bin');
        expect(response.statusCode).toBe(201);
        const { imagePath } = response.json();
        expect(imagePath).toMatch(
          new RegExp(`^/images/my-diagram-[0-9a-f]{16}\\.${sample.extension}$`),
        );
        const served = await t.app.inject(`/api${imagePath}`);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(sample.contentType);
        if (sample.extension === 'avif') {
          // Re-encoded: an AVIF's container is not rewritten without its non-image data
          // (image-chunks.ts), so only its pixels are kept.
          const [sent, kept] = await Promise.all(
            [sample.bytes, served.rawPayload].map((bytes) => sharp(bytes).metadata()),
          );
          expect([kept?.format, kept?.width, kept?.height]).toEqual([
            'heif',
            sent?.width,
            sent?.height,
          ]);
        } else {
          // Every other one is kept byte for byte: a clean file has nothing to remove.
          expect(served.rawPayload).toEqual(sample.bytes);
        }
        // Every image, raster included: opened directly, none may run, frame or navigate.
        expect(served.headers['content-security-policy']).toBe(
          "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'; form-action 'none'",
        );
      },
    );

    it('keeps only allow-listed SVG elements and attributes, drawing intact', async () => {
      const svg =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" preserveAspectRatio="none">' +
        '<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.example/"/>' +
        '<linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#000"/></linearGradient>' +
        '<clipPath id="c"><circle r="5"/></clipPath>' +
        '<rect width="10" height="10" fill="url(#g)" clip-path="url(#c)"/>' +
        '<a href="https://example.com/"><text x="1" y="5">hi</text></a></svg>';
      const response = await upload(Buffer.from(svg), 'refresh.svg');
      expect(response.statusCode).toBe(201);
      const served = (await t.app.inject(`/api${response.json().imagePath}`)).body;
      expect(served).not.toMatch(/meta|refresh|evil|xhtml/i);
      for (const kept of [
        'viewBox="0 0 10 10"',
        'preserveAspectRatio="none"',
        '<linearGradient id="g" gradientUnits="userSpaceOnUse">',
        '<clipPath id="c">',
        'clip-path="url(#c)"',
        '<a href="https://example.com/">',
      ]) {
        expect(served).toContain(kept);
      }
    });

    it('gives the same bytes the same path', async () => {
      const first = (await upload(PNG_BYTES, 'pixel.png')).json();
      const second = (await upload(PNG_BYTES, 'pixel.png')).json();
      expect(second.imagePath).toBe(first.imagePath);
    });

    it('lets an uploaded image be used by a project', async () => {
      const { imagePath } = (await upload(PNG_BYTES, 'cover.png')).json();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: { title: 'With upload', description: 'd', imagePath },
      });
      expect(created.statusCode).toBe(201);
    });

    it.each([
      ['a text file', Buffer.from('just some text'), /^Unsupported image type/],
      [
        'an HTML page named .png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        /^Unsupported image type/,
      ],
      ['an SVG with a script', Buffer.from('<svg><script>alert(1)</script></svg>'), /<script>/],
      ['an SVG with an event handler', Buffer.from('<svg onload="alert(1)"/>'), /event handlers/],
      [
        'an SVG with a javascript: link',
        Buffer.from('<svg><a href="javascript:alert(1)">x</a></svg>'),
        /javascript:/,
      ],
      ['broken XML', Buffer.from('<svg><g></svg>'), /well-formed/],
    ])('answers 415 for %s', async (_label, bytes, message) => {
      const response = await upload(bytes, 'evil.png');
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(message);
    });

    it('answers 413 for an SVG over 2 MiB (raster images may be larger)', async () => {
      const svg = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(2 * 1024 * 1024)}--></svg>`,
      );
      const response = await upload(svg, 'big.svg');
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/too large/i);
    });

    it('answers 400 without a "file" field and 415 for a JSON body', async () => {
      const wrongField = await upload(PNG_BYTES, 'a.png', adminHeaders, 'image');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toMatch(/field named "file"/);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: adminHeaders,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
    });

    // Found by the hostile-input campaign: these were 500s.
    it.each([
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"'],
      ['multipart/form-data; boundary=abc', '--abc\r\nxx'],
    ])('answers 400 for a malformed multipart body (%s)', async (contentType, payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...adminHeaders, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Malformed multipart/form-data body.' });
    });
  });

  describe('DELETE /api/images/:name', () => {
    const remove = (name: string, headers = adminHeaders) =>
      t.app.inject({ method: 'DELETE', url: `/api/images/${name}`, headers });

    it('deletes an unused upload: 204, then 404 to read or delete again', async () => {
      const { imagePath } = (await upload(SAMPLES.gif?.bytes as Buffer, 'gone.gif')).json();
      const name = String(imagePath).replace('/images/', '');
      const response = await remove(name);
      expect(response.statusCode).toBe(204);
      expect((await t.app.inject(`/api/images/${name}`)).statusCode).toBe(404);
      const again = await remove(name);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Image not found' });
    });

    it('409 for an image a project or an article still shows, which stays', async () => {
      const response = await remove('threat-modeling.svg');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: expect.stringMatching(/in use/) });
      expect((await t.app.inject('/api/images/threat-modeling.svg')).statusCode).toBe(200);
    });

    it('requires an admin, and a valid name', async () => {
      expect((await remove('tls.svg', {} as typeof adminHeaders)).statusCode).toBe(401);
      expect((await remove('tls.svg', readerHeaders)).statusCode).toBe(403);
      expect((await remove('..%2Fx.png')).statusCode).toBe(400);
    });
  });
});
