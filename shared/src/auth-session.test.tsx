// The AuthProvider loads the Auth SDK only for a visitor who has a session, or once something
// asks for Auth. firebase.ts remembers whether Auth was started, so each scenario needs a fresh
// module state: this file has the page asking for Auth, auth-other-tab.test.tsx another tab.
import { act, render, screen } from '@testing-library/react';
import * as firebaseAuth from 'firebase/auth';
import { AuthProvider, useAuth } from '@portfolio/shared/auth';
import { getFirebaseAuth } from '@portfolio/shared/firebase';
import { setUpTestRuntimeConfig } from '../../tools/testing';

jest.mock('firebase/app', () => ({
  initializeApp: jest.fn(() => ({ name: '[DEFAULT]' })),
  getApps: jest.fn(() => []),
  getApp: jest.fn(),
}));
jest.mock('firebase/auth', () => {
  const auth = { currentUser: null as unknown };
  return {
    initializeAuth: jest.fn(() => auth),
    connectAuthEmulator: jest.fn(),
    browserLocalPersistence: {},
    browserPopupRedirectResolver: {},
    onIdTokenChanged: jest.fn(),
  };
});

const sdk = jest.mocked(firebaseAuth);
let emit: (user: object | null) => void = () => undefined;
const ada = {
  uid: 'uid-1',
  email: 'ada@example.test',
  displayName: 'Ada',
  photoURL: null,
  getIdTokenResult: async () => ({ claims: {} }),
};

function Probe() {
  const { user, loading } = useAuth();
  return <p data-testid="state">{`${user?.displayName ?? 'signed out'}|${loading}`}</p>;
}
const state = () => screen.getByTestId('state').textContent;
const afterIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

setUpTestRuntimeConfig();

beforeEach(() => {
  window.localStorage.clear();
  sdk.onIdTokenChanged.mockImplementation(((_auth: unknown, listener: typeof emit) => {
    emit = listener;
    return () => undefined;
  }) as unknown as typeof firebaseAuth.onIdTokenChanged);
});

it('loads no Auth SDK for a visitor without a session, until a page asks for Auth', async () => {
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  expect(state()).toBe('signed out|false');
  await afterIdle();
  expect(sdk.initializeAuth).not.toHaveBeenCalled();
  expect(sdk.onIdTokenChanged).not.toHaveBeenCalled();

  // A sign-in form asks for Auth: the provider follows the session from then on.
  await act(() => getFirebaseAuth());
  await afterIdle();
  expect(sdk.onIdTokenChanged).toHaveBeenCalledTimes(1);
  await act(async () => emit(ada));
  expect(await screen.findByText('Ada|false')).toBeInTheDocument();
});
