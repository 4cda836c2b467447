// The Firebase stand-in's controls. jest.config.js maps 'firebase/app', 'firebase/auth' and
// 'firebase/firestore/lite' (and 'firebase/firestore') to the modules beside this one for every
// test, so no test mocks them itself; a test imports what it needs to steer them from
// '@portfolio/testing/firebase':
//   beforeEach(() => resetFirebaseMock());
//   setCurrentUser(makeUser({ role: 'admin' }));
//   authSdk.signInWithPopup.mockRejectedValueOnce(new FakeFirebaseError('auth/popup-closed-by-user'));
import * as appModule from './app';
import * as authModule from './auth';
import * as firestoreModule from './firestore';

export type { FakeUser } from './auth';
export { FakeFirebaseError, fakeAuth, makeUser, setCurrentUser } from './auth';

/** What the code under test gets for 'firebase/auth'. */
export const authSdk = authModule;
/** What the code under test gets for 'firebase/app'. */
export const appSdk = appModule;
/** What the code under test gets for 'firebase/firestore/lite'. */
export const firestoreSdk = firestoreModule;

/** Call in beforeEach: signed out, no listeners, the SDK's default behaviour. */
export function resetFirebaseMock(): void {
  authModule.resetAuth();
}

/** Makes the next call of `mock` wait (busy states stay visible) until release() is called. */
export function holdNextCall(mock: jest.Mock): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const implementation = mock.getMockImplementation();
  mock.mockImplementationOnce(async (...args: unknown[]) => {
    await gate;
    return implementation?.(...args);
  });
  return release;
}
