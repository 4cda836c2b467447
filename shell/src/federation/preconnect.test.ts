import { preconnectTo } from './preconnect';

afterEach(() => {
  document.head.querySelectorAll('link[rel="preconnect"]').forEach((link) => link.remove());
});

it('preconnects once to each other origin, for CORS requests', () => {
  preconnectTo([
    'http://localhost:3001/mf-manifest.json',
    'http://localhost:3001/remoteEntry.js',
    'http://127.0.0.1:4000/api',
    `${window.location.origin}/runtime-config.json`,
    'not a url at all ::',
  ]);
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')];
  expect(links.map((link) => link.href)).toEqual([
    'http://localhost:3001/',
    'http://127.0.0.1:4000/',
  ]);
  expect(links.every((link) => link.crossOrigin === 'anonymous')).toBe(true);
});
