// The addresses of an image's variants (docs/decisions/123), as the API serves and the pages
// link them.
import { displayWidths, imageSources, imageVariantPath, imageVariantWidths } from './index.js';

describe('imageVariantWidths', () => {
  it.each([
    [4000, [320, 480, 640, 828, 1080, 1280, 1600, 1920]],
    [1920, [320, 480, 640, 828, 1080, 1280, 1600, 1920]],
    [1700, [320, 480, 640, 828, 1080, 1280, 1600, 1700]],
    [640, [320, 480, 640]],
    [500, [320, 480, 500]],
    [200, [200]],
  ])('an image %i pixels wide: %j, never wider than itself', (width, widths) => {
    expect(imageVariantWidths(width)).toEqual(widths);
  });
});

describe('imageSources', () => {
  const url = (path: string) => `https://api.example/api${path}`;
  const photo = {
    path: '/images/p.jpg',
    widths: [640, 320],
    formats: ['avif', 'webp', 'jpeg'],
  };

  it('one srcset per format, best first, widths ascending; src a JPEG variant', () => {
    expect(imageVariantPath(photo, 640, 'jpeg')).toBe('/images/p.jpg/640.jpg');
    expect(imageSources(photo, url)).toEqual({
      sets: [
        {
          format: 'avif',
          type: 'image/avif',
          srcset:
            'https://api.example/api/images/p.jpg/320.avif 320w, https://api.example/api/images/p.jpg/640.avif 640w',
        },
        {
          format: 'webp',
          type: 'image/webp',
          srcset:
            'https://api.example/api/images/p.jpg/320.webp 320w, https://api.example/api/images/p.jpg/640.webp 640w',
        },
        {
          format: 'jpeg',
          type: 'image/jpeg',
          srcset:
            'https://api.example/api/images/p.jpg/320.jpg 320w, https://api.example/api/images/p.jpg/640.jpg 640w',
        },
      ],
      src: 'https://api.example/api/images/p.jpg/640.jpg',
    });
  });

  it('no variants, or no format it knows: the image itself', () => {
    expect(imageSources({ ...photo, widths: [] }, url)).toEqual({
      sets: [],
      src: 'https://api.example/api/images/p.jpg',
    });
    expect(imageSources({ ...photo, formats: ['jxl'] }, url).sets).toEqual([]);
  });
});

describe('displayWidths', () => {
  const all = [320, 480, 640, 828, 1080, 1280, 1600, 1920];

  it.each([
    // An 8rem badge: 384 device pixels on a 3x screen, so 480 is the last it needs.
    [128, [320, 480]],
    // A 24rem picture: 1,152 device pixels at 3x.
    [384, [320, 480, 640, 828, 1080, 1280]],
    // 480 exactly covers 160 CSS pixels at 3x: nothing wider.
    [160, [320, 480]],
    [80, [320]],
    // Wider than the widest variant covers at 3x: every width, the browser picks.
    [704, all],
    [Infinity, all],
  ])('drawn at most %f CSS pixels wide: %j', (widest, widths) => {
    expect(displayWidths(all, widest)).toEqual(widths);
  });

  it('sorts what it is given, and keeps an image narrower than any cut whole', () => {
    expect(displayWidths([640, 320, 480], 100)).toEqual([320]);
    expect(displayWidths([200], 128)).toEqual([200]);
  });
});

describe('imageSources for a layout that draws the image small', () => {
  const url = (path: string) => `/api${path}`;
  const badge = {
    path: '/images/badge.svg',
    widths: [320, 480, 640, 828, 1080, 1280, 1600, 1920],
    formats: ['avif', 'webp', 'png'],
  };

  it('offers only the widths the layout can use, in every format, and takes src from them', () => {
    const { sets, src } = imageSources(badge, url, 128);
    expect(sets.map((set) => set.srcset)).toEqual([
      '/api/images/badge.svg/320.avif 320w, /api/images/badge.svg/480.avif 480w',
      '/api/images/badge.svg/320.webp 320w, /api/images/badge.svg/480.webp 480w',
      '/api/images/badge.svg/320.png 320w, /api/images/badge.svg/480.png 480w',
    ]);
    expect(src).toBe('/api/images/badge.svg/480.png');
  });

  it('offers every width when told nothing of the layout', () => {
    expect(imageSources(badge, url).sets[0]?.srcset.split(', ')).toHaveLength(8);
  });
});
