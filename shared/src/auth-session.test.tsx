// The AuthProvider loads the Auth SDK only for a visitor who has a session, or once something
// asks for Auth. firebase.ts remembers whether Auth was started, so each scenario needs a fresh
// module state: this file has the page asking for Auth, auth-other-tab.test.tsx another tab.
import { act, screen } from '@testing-library/react';
import { getFirebaseAuth } from '@portfolio/shared/firebase';
import { setUpTestRuntimeConfig } from '../../tools/testing';
import {
  authSdk,
  makeUser,
  resetFirebaseMock,
  setCurrentUser,
} from '../../tools/testing/firebaseMock';
import { afterIdle, renderAuthState, authState } from './testing/auth-state';

jest.mock('firebase/app', () => jest.requireActual('../../tools/testing/firebaseMock').appSdk);
jest.mock('firebase/auth', () => jest.requireActual('../../tools/testing/firebaseMock').authSdk);

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

it('loads no Auth SDK for a visitor without a session, until a page asks for Auth', async () => {
  renderAuthState();
  expect(authState()).toBe('signed out|false');
  await afterIdle();
  expect(authSdk.initializeAuth).not.toHaveBeenCalled();
  expect(authSdk.onIdTokenChanged).not.toHaveBeenCalled();

  // A sign-in form asks for Auth: the provider follows the session from then on.
  await act(() => getFirebaseAuth());
  await afterIdle();
  expect(authSdk.onIdTokenChanged).toHaveBeenCalledTimes(1);
  act(() => setCurrentUser(makeUser({ displayName: 'Ada' })));
  expect(await screen.findByText('Ada|false')).toBeInTheDocument();
});
