// ResponsiveImage (docs/decisions/123): a photo as <picture> with AVIF and WebP sources and its
// own format as the fallback, its intrinsic size on the <img>; an SVG or an image of unknown
// size as a plain <img>.
import { render } from '@testing-library/react';
import { TEST_API_BASE, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeImage } from '@portfolio/testing/fixtures';
import { ResponsiveImage } from '@portfolio/shared/ui';
import type { ResponsiveImageProps } from '@portfolio/shared/ui';

setUpTestRuntimeConfig();

const SIZES = '(min-width: 40rem) 50vw, 100vw';
// As wide as a 1,280-pixel screen's half: every width is of use on a 3x screen.
const DISPLAY = { sizes: SIZES, widest: 640 };
const BOX = { width: 400, height: 240 };

function renderImage(props: Partial<ResponsiveImageProps> = {}) {
  const { container } = render(
    <ResponsiveImage
      imagePath="/images/photo-1a2b3c4d5e6f7a8b.jpg"
      display={DISPLAY}
      alt="A hill at dusk"
      loading="lazy"
      fallbackSize={BOX}
      className="card-image"
      {...props}
    />,
  );
  const img = container.querySelector('img') as HTMLImageElement;
  return { container, img, picture: container.querySelector('picture') };
}

const srcset = (path: string, extension: string, widths: number[]) =>
  widths.map((width) => `${TEST_API_BASE}${path}/${width}.${extension} ${width}w`).join(', ');

describe('ResponsiveImage', () => {
  it('shows a photo as AVIF, then WebP, then JPEG, each in every width, at its intrinsic size', () => {
    const image = makeImage();
    const { img, picture } = renderImage({ image });
    const sources = [...(picture as HTMLElement).querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    const widths = [320, 480, 640, 828, 1080, 1280, 1600, 1920];
    expect(sources[0]).toHaveAttribute('srcset', srcset(image.path, 'avif', widths));
    expect(sources[1]).toHaveAttribute('srcset', srcset(image.path, 'webp', widths));
    for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);
    // The fallback: the original's format, every width, and a src for a client without srcset.
    expect(img).toHaveAttribute('srcset', srcset(image.path, 'jpg', widths));
    expect(img).toHaveAttribute('sizes', SIZES);
    expect(img).toHaveAttribute('src', `${TEST_API_BASE}${image.path}/828.jpg`);
    // Its box is known before a byte arrives: no layout shift.
    expect(img).toHaveAttribute('width', '4000');
    expect(img).toHaveAttribute('height', '3000');
    expect(img).toHaveAttribute('alt', 'A hill at dusk');
    expect(img).toHaveClass('card-image');
    expect(img.parentElement).toBe(picture);
  });

  it('loads a lazy image when scrolled near; the page’s largest paint at once and first', () => {
    const lazy = renderImage({ image: makeImage(), loading: 'lazy' }).img;
    expect(lazy).toHaveAttribute('loading', 'lazy');
    expect(lazy).toHaveAttribute('decoding', 'async');
    expect(lazy).not.toHaveAttribute('fetchpriority');
    const eager = renderImage({ image: makeImage(), loading: 'eager' }).img;
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager).not.toHaveAttribute('fetchpriority');
    const priority = renderImage({ image: makeImage(), loading: 'priority' }).img;
    expect(priority).toHaveAttribute('loading', 'eager');
    expect(priority).toHaveAttribute('fetchpriority', 'high');
  });

  it('uses a PNG fallback and only the widths the image has', () => {
    const image = makeImage({
      path: '/images/diagram-0011223344556677.png',
      width: 700,
      height: 500,
      widths: [320, 640, 700],
      formats: ['avif', 'webp', 'png'],
    });
    const { img, picture } = renderImage({ image });
    expect(img).toHaveAttribute('srcset', srcset(image.path, 'png', [320, 640, 700]));
    expect(img).toHaveAttribute('src', `${TEST_API_BASE}${image.path}/700.png`);
    expect(picture?.querySelectorAll('source')).toHaveLength(2);
  });

  it('offers a picture drawn small only the widths its layout can use, in every source', () => {
    const image = makeImage();
    const { img, picture } = renderImage({ image, display: { sizes: '8rem', widest: 128 } });
    const sources = [...(picture as HTMLElement).querySelectorAll('source')];
    expect(sources[0]).toHaveAttribute('srcset', srcset(image.path, 'avif', [320, 480]));
    expect(sources[1]).toHaveAttribute('srcset', srcset(image.path, 'webp', [320, 480]));
    expect(img).toHaveAttribute('srcset', srcset(image.path, 'jpg', [320, 480]));
    expect(img).toHaveAttribute('sizes', '8rem');
    expect(img).toHaveAttribute('src', `${TEST_API_BASE}${image.path}/480.jpg`);
  });

  it('skips a format it does not know, keeping the others', () => {
    const image = makeImage({ formats: ['jxl', 'avif', 'webp', 'jpeg'] });
    const { picture } = renderImage({ image });
    expect(
      [...(picture as HTMLElement).querySelectorAll('source')].map((source) => source.type),
    ).toEqual(['image/avif', 'image/webp']);
  });

  it('shows an SVG as it is, at its own size', () => {
    const image = makeImage({
      path: '/images/tls.svg',
      width: 400,
      height: 240,
      widths: [],
      formats: [],
    });
    const { img, picture } = renderImage({ imagePath: '/images/tls.svg', image });
    expect(picture).toBeNull();
    expect(img).toHaveAttribute('src', `${TEST_API_BASE}/images/tls.svg`);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '240']);
  });

  it('reserves the fallback box for an image whose size the API did not send', () => {
    const { img, picture } = renderImage({ imagePath: 'https://cdn.example/x.png' });
    expect(picture).toBeNull();
    expect(img).toHaveAttribute('src', 'https://cdn.example/x.png');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '240']);
  });
});
