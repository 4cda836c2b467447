// Markup an article must never get to work on the site's pages (security round 5, finding 1;
// docs/decisions/160, 161): the markers of the page's own islands and of its inline loader, as
// the outside review stored them. Kept by the sanitiser, an article carrying them got a second,
// live navbar with the author's brand, a certificate pop-up with the author's text over the whole
// page, a live contact form, and the shell's scripts and React on a page that runs none.
// Used by the sanitiser's tests, the island loader's, the browser spec of content that steers the
// page (e2e/content-trust.spec.ts) and the hostile-input campaign (hostile-requests.ts).

/** What the forged pop-up and navbar say: a page that shows it was steered by the article. */
export const FORGED_ISLAND_TEXT = 'Your session expired: log in again at evil.example';

const props = (value: unknown) => JSON.stringify(value).replace(/'/g, '&#39;');

/** Each forged island as an article's Markdown (raw HTML, which Markdown passes through). */
export const FORGED_ISLANDS = {
  navbar:
    `<div data-island="shell/Navbar" data-island-when="load" ` +
    `data-island-props='${props({ brand: FORGED_ISLAND_TEXT })}' ` +
    `data-island-needs="router session"><header>forged navbar</header></div>`,
  certificateGallery:
    `<div data-island="portfolio/CertificateGallery" data-island-when="load" ` +
    `data-island-props='${props({
      certificates: [{ title: FORGED_ISLAND_TEXT, issuer: 'evil.example', date: '2024-01' }],
    })}'><button type="button">open</button></div>`,
  homeContactForm:
    `<div data-island="portfolio/HomeContactForm" data-island-when="load" ` +
    `data-island-props='${props({ labelledBy: 'site-menu' })}'><p>forged form</p></div>`,
  // A script island handed straight to its owner's island scripts file, as if the loader had.
  scriptIsland:
    `<div data-island="portfolio/TypedPhrases" data-island-script="" ` +
    `data-island-awake="script" data-island-when="load" ` +
    `data-island-props='${props({ phrases: [FORGED_ISLAND_TEXT] })}'><span>typed</span></div>`,
  // The loader's own scroll flag and the hydration's replay mark.
  scrollFlag:
    '<header data-scroll-flag="0" data-scrolled="false"><p>forged flag</p></header>' +
    '<p data-island-replay="" data-island-awake="">forged marks</p>',
} as const;

/** Every forged island, one after another: an article's whole text. */
export const FORGED_ISLANDS_MARKDOWN = Object.values(FORGED_ISLANDS).join('\n\n');
