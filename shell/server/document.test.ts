/** @jest-environment node */
import { createHash } from 'node:crypto';
import { createSiteDocument } from './document';
import { inlineScriptHashes } from './inline-scripts';
import { PAGE_VIEW_BEACON } from './page-view-beacon';

const assets = { scripts: ['/main.1.js'], stylesheets: ['/shell-styles.1.css'] };
const page = {
  headTags: '<title>T</title>',
  dataScript: '',
  stylesheets: ['https://site.test/remotes/blog/page.2.css'],
};

describe("the document's stylesheets and islands (docs/decisions/148)", () => {
  it("writes the shell's and a kept remote stylesheet into the head, naming where each comes from", () => {
    const document = createSiteDocument(
      assets,
      new Map([['/shell-styles.1.css', 'body{margin:0}']]),
    );
    const html = document.start({ ...page, styleText: () => 'h1{color:red}' });
    expect(html).toContain('<style data-href="/shell-styles.1.css">body{margin:0}</style>');
    expect(html).toContain(
      '<style data-href="https://site.test/remotes/blog/page.2.css">h1{color:red}</style>',
    );
    expect(html).not.toContain('<link rel="stylesheet"');
  });

  it('links a stylesheet it does not hold, and one whose text could close the element', () => {
    const document = createSiteDocument(assets);
    const html = document.start({ ...page, styleText: () => 'a{}</style><script>x()</script>' });
    expect(html).toContain('<link rel="stylesheet" href="/shell-styles.1.css" />');
    expect(html).toContain(
      '<link rel="stylesheet" href="https://site.test/remotes/blog/page.2.css" />',
    );
    expect(html).not.toContain('x()');
  });

  it('marks a page of islands and carries its speculation rules', () => {
    const html = createSiteDocument(assets).start({
      ...page,
      islands: { prerender: ['/blog', '/article/:id'] },
    });
    expect(html).toMatch(/^<!doctype html><html lang="en" data-render="islands">/);
    expect(html).toContain(
      '<script type="speculationrules">{"prerender":[{"where":{"href_matches":["/blog","/article/:id"]},"eagerness":"moderate"}]}</script>',
    );
    expect(createSiteDocument(assets).start(page)).not.toContain('speculationrules');
  });

  it("carries the page-view beacon in a page of islands' loader, named by its hash like the rest of it (docs/decisions/180)", () => {
    const counted = createSiteDocument(assets, new Map(), { pageViews: PAGE_VIEW_BEACON });
    const html = counted.start({ ...page, islands: { prerender: [] } });
    const loader = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('sendBeacon');
    expect(loader).toContain('"url":"/api/page-views"');
    expect(counted.loaders).toContain(loader);
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(inlineScriptHashes(html, { marker: 'm', known: counted.loaders })).toEqual([hash]);
    // Only pages of islands count: an application page's loader has no beacon.
    expect(counted.start(page)).not.toContain('sendBeacon');
    // ANALYTICS=off: no beacon at all.
    expect(createSiteDocument(assets).start({ ...page, islands: { prerender: [] } })).not.toContain(
      'sendBeacon',
    );
  });
});
