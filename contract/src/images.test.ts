// The addresses of an image's variants (docs/decisions/123), as the API serves and the pages
// link them.
import { imageSources, imageVariantPath, imageVariantWidths } from './index.js';

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
