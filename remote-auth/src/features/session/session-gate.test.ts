import type { ServerSession } from '@portfolio/shared/auth';
import { forbidden, inBrowser, pageOutcome, redirectTo } from '@portfolio/shared/page-data';
import { SIGN_IN_ROUTE } from '../../texts';
import { sessionGate } from './session-gate';

const reader: ServerSession = {
  user: { uid: 'u1', email: 'reader@example.com', displayName: 'Reader', photoURL: null },
  role: 'user',
};
const admin: ServerSession = { ...reader, role: 'admin' };
const gate = (role: 'user' | 'admin', session?: ServerSession | null) =>
  sessionGate({ role })({
    context: session === undefined ? undefined : { session },
    request: new Request('http://localhost/'),
    params: {},
  } as never);

describe('sessionGate', () => {
  it('sends a visitor without a session to sign in', () => {
    expect(gate('user', null)).toEqual(redirectTo(SIGN_IN_ROUTE));
    expect(pageOutcome(gate('admin', null))).toEqual({ kind: 'redirect', location: SIGN_IN_ROUTE });
  });

  it('lets a signed-in user into their dashboard, and only an admin into the admin one', () => {
    expect(gate('user', reader)).toEqual({ status: 'allowed' });
    expect(gate('admin', reader)).toEqual(forbidden());
    expect(pageOutcome(gate('admin', reader))).toEqual({ kind: 'forbidden' });
    expect(gate('admin', admin)).toEqual({ status: 'allowed' });
  });

  it('leaves the decision to the page in the browser, or when the server could not tell', () => {
    expect(gate('admin')).toEqual(inBrowser());
  });
});
