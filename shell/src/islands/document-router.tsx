// The router of a page of islands (docs/decisions/148): one navigator for every island on the
// page, which leaves the page for the next document instead of drawing it in place. Links keep
// their href (a plain click already loads the next page, prerendered when the speculation rules
// got to it first); `navigate()` (the navbar's search and sign-out) loads a document too.
import type { ReactNode } from 'react';
import { Router } from '@portfolio/shared/router';
import type { Navigator, To } from '@portfolio/shared/router';

function href(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

/** One for the page: every island's router hands navigation to the browser through it. */
export const documentNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

export function DocumentRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
