// What the site's server answers for a page that needs a signed-in visitor (docs/decisions/037):
// the dashboards' route loaders. On the server the visitor's session is known (the site's
// session cookie), so a visitor without one is sent to /signin (302) and a non-admin on the
// admin dashboard gets the not-allowed page with a 403. In the browser the session is the Auth
// SDK's, and the pages decide as they render (SignedInOnly).
import { forbidden, inBrowser, redirectTo, requestSession } from '@portfolio/shared/page-data';
import type { Forbidden, InBrowser, PageLoader, Redirect } from '@portfolio/shared/page-data';
import { SIGN_IN_ROUTE } from '../../texts';

export type SessionGateState =
  | Redirect
  | Forbidden
  | { status: 'allowed' }
  /** In the browser, or the server could not check the session: the page decides. */
  | InBrowser;

export function sessionGate({
  role,
}: {
  role: 'user' | 'admin';
}): (args: Parameters<PageLoader>[0]) => SessionGateState {
  return (args): SessionGateState => {
    const session = requestSession(args);
    if (session === undefined) return inBrowser();
    if (session === null) return redirectTo(SIGN_IN_ROUTE);
    if (role === 'admin' && session.role !== 'admin') return forbidden();
    return { status: 'allowed' };
  };
}
