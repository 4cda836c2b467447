/** @jest-environment node */
// The pages the content API counts (the contract's COUNTED_PAGES, docs/decisions/180) are the
// remotes' public pages: every page of islands they list in their src/routes.json, none that is
// private, and nothing else. A page a remote adds fails here until the list says what its
// parameters name; a page it drops, until the list drops it too.
import path from 'node:path';
import { COUNTED_PAGES, countedPageOf } from '@portfolio/contract';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { sourceRoutes } from './webpack/build-context';

const publicPages = APPS.flatMap((app) => sourceRoutes(path.join(ROOT, app.dir)))
  .filter((route) => route.islands && !route.private)
  .map((route) => route.path);

it("counts exactly the remotes' public pages, each parameter named", () => {
  expect(publicPages.length).toBeGreaterThan(10);
  expect([...COUNTED_PAGES.map((page) => page.path)].sort()).toEqual([...publicPages].sort());
  for (const page of COUNTED_PAGES) {
    const params = page.path.split('/').filter((part) => part.startsWith(':'));
    expect(Object.keys(page.params ?? {}).sort()).toEqual(params.map((p) => p.slice(1)).sort());
  }
});

it.each([
  ['/', '/'],
  ['/article/tls-in-practice', '/article/:id'],
  ['/tags/appsec/page/2', '/tags/:tag/page/:page'],
  ['/blog/page/12', '/blog/page/:page'],
  ['/privacy', '/privacy'],
])('finds the page of %s', (address, page) => {
  expect(countedPageOf(address)?.page).toBe(page);
});

it.each([
  '/admin-dashboard',
  '/signin',
  '/article/Bad_Slug',
  '/blog/page/1',
  '/blog/page/0',
  '/article/a/b',
  '/article/',
  '//',
])('counts no page at %s', (address) => {
  expect(countedPageOf(address)).toBeNull();
});
