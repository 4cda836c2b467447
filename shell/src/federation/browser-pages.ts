// The browser's page source for RemoteRoute: pages from the federation runtime. Apart from
// remotes.ts, so a page of islands (docs/decisions/148), which registers the remotes but draws no
// page, does not load the page frames and the router they use.
import { browserPageSource } from './page-source';
import { hasFailed, loadRemotePage, resetRemote } from './remotes';

export const browserPages = browserPageSource({
  load: loadRemotePage,
  hasFailed: (remote) => hasFailed(remote),
  reset: (remote) => resetRemote(remote),
});
