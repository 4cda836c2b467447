import zlib from 'node:zlib';
import { COMPRESSION_THRESHOLD, CompressedForms, chooseContentCoding } from './content-coding.js';

describe('chooseContentCoding', () => {
  const large = COMPRESSION_THRESHOLD;

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', 'deflate'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, deflate;q=0.9', 'deflate'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
  ])('picks what @fastify/compress would for %j: %s', (header, coding) => {
    expect(chooseContentCoding(header, large)).toBe(coding);
  });

  it.each([undefined, '', 'identity', 'zstd', 'br;q=0, gzip;q=0, deflate;q=0', 'gzip;q=NaN'])(
    'sends the body as it is for %j',
    (header) => {
      expect(chooseContentCoding(header, large)).toBeUndefined();
    },
  );

  it('sends bodies under the threshold as they are', () => {
    expect(chooseContentCoding('br', COMPRESSION_THRESHOLD - 1)).toBeUndefined();
  });
});

describe('CompressedForms', () => {
  const body = Buffer.from(JSON.stringify({ text: 'compress me '.repeat(200) }));
  const decompress = {
    br: zlib.brotliDecompressSync,
    gzip: zlib.gunzipSync,
    deflate: zlib.inflateSync,
  } as const;

  it.each(['br', 'gzip', 'deflate'] as const)('makes the %s form of the body', async (coding) => {
    const forms = new CompressedForms(body);
    const compressed = await forms.get(coding);
    expect(compressed.length).toBeLessThan(body.length);
    expect(decompress[coding](compressed)).toEqual(body);
  });

  it('makes each form once: waiting requests share it, later ones get it synchronously', async () => {
    const forms = new CompressedForms(body);
    const first = forms.get('gzip');
    const second = forms.get('gzip');
    expect(second).toBe(first);
    const made = await first;
    const later = forms.get('gzip');
    expect(Buffer.isBuffer(later)).toBe(true);
    expect(later).toBe(made);
  });
});
