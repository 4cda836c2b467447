// The site's document (../document.ts), made from the shell build's assets once at start.
import fp from 'fastify-plugin';
import { createSiteDocument, readShellAssets, readShellStyles } from '../document';
import type { ShellAssets, SiteDocument } from '../document';
import { PAGE_VIEW_BEACON } from '../page-view-beacon';

declare module 'fastify' {
  interface FastifyInstance {
    readonly siteDocument: SiteDocument;
  }
}

export interface SiteDocumentOptions {
  /** The shell's build, whose assets.json lists its scripts and stylesheets. */
  distDir: string;
  /** The assets to use instead of the build's (tests). */
  assets?: ShellAssets;
  /** ANALYTICS: pages of islands send the page-view beacon (docs/decisions/180). */
  pageViews: boolean;
}

export default fp<SiteDocumentOptions>(
  async (app, { distDir, assets, pageViews }) => {
    // The shell's stylesheets are in every page itself: its first paint waits for none of them
    // (docs/decisions/148). Test assets name files that are not built: linked then.
    const shell = assets ?? readShellAssets(distDir);
    app.decorate(
      'siteDocument',
      createSiteDocument(shell, assets ? undefined : readShellStyles(distDir, shell), {
        ...(pageViews && { pageViews: PAGE_VIEW_BEACON }),
      }),
    );
  },
  { name: 'site-document', fastify: '5.x' },
);
