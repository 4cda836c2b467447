import * as firebaseAuth from 'firebase/auth';
import {
  googleProfileFields,
  NotSignedInError,
  signInWithEmail,
  signUpWithEmail,
  updateUsername,
} from '@portfolio/shared/auth-actions';
import { mockFetch, setUpTestRuntimeConfig } from '@portfolio/testing';

// A shell built before refreshAuthUser existed provides an auth module without it.
jest.mock('@portfolio/shared/auth', () => ({}));

const sdk = jest.mocked(firebaseAuth);
const fakeAuth = sdk.initializeAuth({} as never) as unknown as { currentUser: unknown };
const user = {
  uid: 'uid-1',
  email: 'ada@example.test',
  getIdToken: jest.fn(async () => 'id-token'),
};

setUpTestRuntimeConfig();

beforeEach(() => {
  fakeAuth.currentUser = null;
  jest.clearAllMocks();
});

describe('googleProfileFields', () => {
  it('keeps name, email and an http(s) photo URL', () => {
    expect(
      googleProfileFields({
        displayName: 'Grace',
        email: 'grace@example.test',
        photoURL: 'https://photos.example.test/g.png',
      }),
    ).toEqual({
      name: 'Grace',
      email: 'grace@example.test',
      photoURL: 'https://photos.example.test/g.png',
    });
  });

  it('leaves out what is missing and photo URLs the API would refuse', () => {
    expect(
      googleProfileFields({ displayName: null, email: 'g@example.test', photoURL: 'data:x' }),
    ).toEqual({ email: 'g@example.test' });
  });
});

describe('auth actions', () => {
  it('signs up: account, display name, then the profile (and works with an older shell)', async () => {
    sdk.createUserWithEmailAndPassword.mockResolvedValueOnce({
      user,
    } as unknown as firebaseAuth.UserCredential);
    const fetchMock = mockFetch({
      'PUT /users/me': {
        status: 201,
        body: { uid: 'uid-1', email: 'ada@example.test', role: 'user' },
      },
      'POST /session': { status: 204 },
    });
    await signUpWithEmail({ username: 'ada', email: 'ADA@example.test', password: 'pw-123456' });
    expect(sdk.updateProfile).toHaveBeenCalledWith(user, { displayName: 'ada' });
    const calls = fetchMock.mock.calls as [string, RequestInit][];
    const [, init] = calls.find(([url]) => url !== '/session') ?? ['', {}];
    // The account's own (normalised) e-mail is what the profile stores.
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.test',
      username: 'ada',
      role: 'user',
    });
  });

  it('sets local persistence before signing in', async () => {
    sdk.signInWithEmailAndPassword.mockResolvedValueOnce({
      user,
    } as unknown as firebaseAuth.UserCredential);
    await signInWithEmail({ username: 'ada', email: 'ada@example.test', password: 'pw' });
    expect(sdk.setPersistence).toHaveBeenCalledWith(fakeAuth, sdk.browserLocalPersistence);
    expect(sdk.updateProfile).toHaveBeenCalledWith(user, { displayName: 'ada' });
  });

  it('refuses to change a username when nobody is signed in', async () => {
    await expect(updateUsername('x')).rejects.toBeInstanceOf(NotSignedInError);
  });
});
