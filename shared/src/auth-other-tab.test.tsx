// A tab without a session loads no Auth SDK (see auth-session.test.tsx); when another tab signs
// in, it starts following the session. Its own file, for a fresh firebase.ts module state.
import { act, render, screen } from '@testing-library/react';
import * as firebaseAuth from 'firebase/auth';
import { AuthProvider, useAuth } from '@portfolio/shared/auth';
import { persistedUserKey } from '@portfolio/shared/firebase';
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
const afterIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

setUpTestRuntimeConfig();

beforeEach(() => {
  window.localStorage.clear();
  sdk.onIdTokenChanged.mockImplementation(((_auth: unknown, listener: typeof emit) => {
    emit = listener;
    return () => undefined;
  }) as unknown as typeof firebaseAuth.onIdTokenChanged);
});

it('starts following the session when another tab signs in', async () => {
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  await afterIdle();
  expect(sdk.onIdTokenChanged).not.toHaveBeenCalled();
  // Another tab's sign-in writes the persisted user; this tab's SDK then announces it.
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: persistedUserKey(), newValue: '{"uid":"uid-1"}' }),
    );
  });
  await afterIdle();
  expect(sdk.onIdTokenChanged).toHaveBeenCalledTimes(1);
  await act(async () => emit(ada));
  expect(await screen.findByText('Ada|false')).toBeInTheDocument();
});
