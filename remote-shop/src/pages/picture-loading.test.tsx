// The catalogue pages' pictures as the server sends them: the first preloaded from the head and
// fetched first, the rest of a laptop's first screen fetched at once but after it, the others
// when they near the screen (picture-loading.ts).
import { renderToString } from 'react-dom/server';
import { EBOOKS, PRODUCTS } from '../catalogue';
import EbookPage from './EbookPage/EbookPage';
import StorePage from './StorePage/StorePage';

function serverRender(Page: () => React.JSX.Element): Document {
  const html = renderToString(
    <html lang="en">
      <head />
      <body>
        <Page />
      </body>
    </html>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

it.each([
  ['store', StorePage, PRODUCTS.length],
  ['e-book', EbookPage, EBOOKS.length],
])('the %s page preloads its first picture alone', (_, Page, pictures) => {
  const page = serverRender(Page);
  const images = [...page.querySelectorAll('main img, section img')];
  expect(images).toHaveLength(pictures);
  // (A parsed document's elements are not this window's: attributes are compared as text.)
  const loading = images.map((image) => [
    image.getAttribute('fetchpriority'),
    image.getAttribute('loading'),
  ]);
  expect(loading).toEqual(
    images.map((_image, index) =>
      index === 0 ? ['high', 'eager'] : index < 4 ? ['low', 'eager'] : [null, 'lazy'],
    ),
  );
  const preloads = [...page.querySelectorAll('head link[rel="preload"][as="image"]')];
  expect(preloads.map((link) => link.getAttribute('imagesrcset'))).toEqual([
    images[0]?.getAttribute('srcset'),
  ]);
});
