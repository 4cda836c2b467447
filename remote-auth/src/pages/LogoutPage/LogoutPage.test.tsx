import { screen } from '@testing-library/react';
import { setUpTestRuntimeConfig, navigatedTo, renderPage } from '@portfolio/testing';
import {
  authSdk,
  FakeFirebaseError,
  makeUser,
  resetFirebaseMock,
  setCurrentUser,
} from '@portfolio/testing/firebase';
import { LOGOUT_LABEL, LOGOUT_TITLE } from '../../texts';
import LogoutPage from './LogoutPage';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser());
});

describe('LogoutPage', () => {
  it('signs out and goes to /', async () => {
    const { user } = renderPage(<LogoutPage />, { route: '/logout', auth: true });
    expect(screen.getByRole('heading', { level: 1, name: LOGOUT_TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LOGOUT_LABEL }));
    expect(await navigatedTo()).toBe('/');
    expect(authSdk.signOut).toHaveBeenCalledTimes(1);
  });

  it("stays and shows the provider's message when signing out fails", async () => {
    authSdk.signOut.mockRejectedValueOnce(new FakeFirebaseError('auth/network-request-failed'));
    const { user } = renderPage(<LogoutPage />, { route: '/logout', auth: true });
    await user.click(screen.getByRole('button', { name: LOGOUT_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/network-request-failed).',
    );
    expect(screen.getByRole('button', { name: LOGOUT_LABEL })).toBeEnabled();
  });
});
