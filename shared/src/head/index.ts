// A page's head metadata: title, description, canonical URL, Open Graph and Twitter card tags,
// structured data (JSON-LD) and the feed link. The page module that owns a route declares it
// (`export const head: PageHead<typeof loader>`, next to its loader); the shell's server writes
// the tags into the HTML it sends, and the shell updates the title and description on a client
// navigation from the same declaration (docs/decisions/060). Stateless, so bundled per app.
//
// spec.ts: what a page declares; site.ts: the site's identity and the addresses a head names;
// json-ld.ts: structured data; tags.ts: the tags the server writes; document.ts: what a client
// navigation changes.
export * from './spec';
export * from './site';
export * from './json-ld';
export * from './tags';
export * from './document';
