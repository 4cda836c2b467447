/// <reference types="webpack/module" />
// One bootstrap for every remote's standalone page: the remote's own pages and routes, in the
// same frame, config and auth context as the others (@portfolio/shared/standalone). The build
// names the remote and points `@portfolio/remote-src` at its sources
// (tools/webpack/build-context.ts), so each remote's bundler still splits its pages into their
// own chunks.
import { parseSourceRoutes } from '@portfolio/contract';
import { renderStandalone } from '@portfolio/shared/standalone';
import type { StandalonePageModule } from '@portfolio/shared/standalone';
import published from '@portfolio/remote-src/routes.json';

/** Set by the build: the remote this page is. */
declare const __REMOTE_NAME__: string;

/** Its pages, one lazy chunk each (a page ./<Page> is src/pages/<Page>/<Page>.tsx). */
const pages = import.meta.webpackContext('@portfolio/remote-src/pages', {
  recursive: true,
  regExp: /^\.\/([^/]+)\/\1\.tsx$/,
  mode: 'lazy',
});

void renderStandalone(
  __REMOTE_NAME__,
  parseSourceRoutes(published, `${__REMOTE_NAME__}/src/routes.json`),
  (file) => pages(`./${file}`) as Promise<StandalonePageModule>,
);
