// A tab without a session loads no Auth SDK (see auth-session.test.tsx); when another tab signs
// in, it starts following the session. Its own file, for a fresh firebase.ts module state.
import { act, screen } from '@testing-library/react';
import { persistedUserKey } from '@portfolio/shared/firebase';
import { setUpTestRuntimeConfig } from '../../tools/testing';
import {
  authSdk,
  makeUser,
  resetFirebaseMock,
  setCurrentUser,
} from '../../tools/testing/firebaseMock';
import { afterIdle, renderAuthState } from './testing/auth-state';

jest.mock('firebase/app', () => jest.requireActual('../../tools/testing/firebaseMock').appSdk);
jest.mock('firebase/auth', () => jest.requireActual('../../tools/testing/firebaseMock').authSdk);

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

it('starts following the session when another tab signs in', async () => {
  renderAuthState();
  await afterIdle();
  expect(authSdk.onIdTokenChanged).not.toHaveBeenCalled();
  // Another tab's sign-in writes the persisted user; this tab's SDK then announces it.
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: persistedUserKey(), newValue: '{"uid":"uid-1"}' }),
    );
  });
  await afterIdle();
  expect(authSdk.onIdTokenChanged).toHaveBeenCalledTimes(1);
  act(() => setCurrentUser(makeUser({ displayName: 'Ada' })));
  expect(await screen.findByText('Ada|false')).toBeInTheDocument();
});
