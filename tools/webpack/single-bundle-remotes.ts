// The single bundle's stand-in for shell/src/federation/remotes.ts (BUNDLE_MODE=single, only for
// `npm run bench:bundle`: never deployed, and never in a production build, which
// tools/check-production-build.ts checks). Every remote's pages are compiled into the shell, so
// the bench can measure what federation costs. The compiler keeps it in step with the module it
// replaces: same exports, same types (SameExports below). Pages are found by the convention
// every remote follows, page ./<Page> in src/pages/<Page>/<Page>.tsx (single-bundle-config.ts
// checks each remote's routes.json against it).
/// <reference types="webpack/module" />
import type { RemoteName } from '@portfolio/shared/config';
import type * as FederatedRemotes from '@portfolio/shell/federation/remotes';
import type { PageModule } from '@portfolio/shell/federation/page-source';
import type * as ThisModule from './single-bundle-remotes';

// One lazy chunk per page, as with federation. webpackContext's arguments must be literals.
const pagesByRemote: Record<RemoteName, webpack.Context> = {
  portfolio: import.meta.webpackContext('../../remote-portfolio/src/pages', {
    recursive: true,
    regExp: /^\.\/([^/]+)\/\1\.tsx$/,
    mode: 'lazy',
  }),
  blog: import.meta.webpackContext('../../remote-blog/src/pages', {
    recursive: true,
    regExp: /^\.\/([^/]+)\/\1\.tsx$/,
    mode: 'lazy',
  }),
  auth: import.meta.webpackContext('../../remote-auth/src/pages', {
    recursive: true,
    regExp: /^\.\/([^/]+)\/\1\.tsx$/,
    mode: 'lazy',
  }),
  shop: import.meta.webpackContext('../../remote-shop/src/pages', {
    recursive: true,
    regExp: /^\.\/([^/]+)\/\1\.tsx$/,
    mode: 'lazy',
  }),
};

export const DEFAULT_REMOTE_LOAD_TIMEOUT_MS = 15_000;

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    message: string,
  ) {
    super(message);
  }
}

/** Nothing to register: the pages are in the bundle. */
export function registerSiteRemotes(
  _remotes: Record<RemoteName, string>,
  _options: { timeoutMs?: number; remoteOrigins: readonly string[] },
): void {}

export function resetRemote(_remote: string): void {}

export function hasFailed(_remote: string): boolean {
  return false;
}

export async function loadRemotePage(
  remote: RemoteName,
  exposedModule: string,
): Promise<PageModule> {
  const page = exposedModule.replace(/^\.\//, '');
  const pages = pagesByRemote[remote];
  const file = `./${page}/${page}.tsx`;
  if (!pages.keys().includes(file)) {
    throw new RemoteLoadError(remote, `No page ${remote}/${page} in the single bundle`);
  }
  return (await pages(file)) as PageModule;
}

// A compile error here means shell/src/federation/remotes.ts changed its exports: change this
// module the same way.
type Assert<Condition extends true> = Condition;
export type SameExports = Assert<
  [typeof ThisModule] extends [typeof FederatedRemotes]
    ? [typeof FederatedRemotes] extends [typeof ThisModule]
      ? true
      : false
    : false
>;
