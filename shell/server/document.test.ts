/** @jest-environment node */
import { createHash } from 'node:crypto';
import { ICON_SVG, createSiteDocument, inTheme } from './document';
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

describe("the site's icon", () => {
  it('is a PNG of the shield drawing, in the head (no request for a favicon)', async () => {
    const { Resvg } = await import('@resvg/resvg-js');
    const { default: sharp } = await import('sharp');
    const html = createSiteDocument(assets).start(page);
    const href = /<link rel="icon" href="data:image\/png;base64,([^"]+)"\/>/.exec(html)?.[1];
    expect(href).toBeDefined();
    const shown = await sharp(Buffer.from(href!, 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const drawn = await sharp(
      new Resvg(ICON_SVG, { fitTo: { mode: 'width', value: 48 } }).render().asPng(),
    )
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect([shown.info.width, shown.info.height]).toEqual([48, 48]);
    // Its palette rounds the drawing's edges a little, no more (colours weighed by their
    // opacity: a nearly transparent pixel's colour does not show).
    const weighed = (pixels: Buffer, index: number) => {
      const alpha = pixels[index - (index % 4) + 3] ?? 0;
      return index % 4 === 3 ? alpha : ((pixels[index] ?? 0) * alpha) / 255;
    };
    const largest = shown.data.reduce(
      (most, _value, index) =>
        Math.max(most, Math.abs(weighed(shown.data, index) - weighed(drawn, index))),
      0,
    );
    expect(largest).toBeLessThanOrEqual(16);
  });
});

describe('a document in the theme the visitor chose (docs/decisions/176)', () => {
  const site = createSiteDocument(assets);
  const start = site.start({ ...page, islands: { prerender: [] } });
  /** The document with the theme's marks taken out: each colour one mark, no data-theme. */
  const unmarked = (html: string) =>
    html.replace(/ data-theme="(light|dark)"/, '').replace(/#f6f8fb|#0b1120/g, 'COLOUR');

  it('carries the theme on its root and the bar in its colour, the rest unchanged', () => {
    const dark = inTheme(start, 'dark');
    expect(
      dark.startsWith(
        '<!doctype html><html lang="en" data-theme="dark" data-render="islands"><head>',
      ),
    ).toBe(true);
    expect(dark.match(/<meta name="theme-color" content="([^"]+)"/g)).toEqual([
      '<meta name="theme-color" content="#0b1120"',
      '<meta name="theme-color" content="#0b1120"',
    ]);
    // Each scheme's tag keeps its media query: the bar is the chosen theme's in both.
    expect(dark).toContain('media="(prefers-color-scheme: light)" data-scheme="light"');
    expect(unmarked(dark)).toBe(unmarked(start));
    expect(unmarked(inTheme(start, 'light'))).toBe(unmarked(start));
    expect(inTheme(site.fallback({ title: 't' }), 'light')).toContain(
      '<html lang="en" data-theme="light"><head>',
    );
  });

  it('leaves anything that is not one of its documents as it is', () => {
    expect(inTheme('<p><html lang="en"></p>', 'dark')).toBe('<p><html lang="en"></p>');
  });
});
