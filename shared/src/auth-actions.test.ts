import * as firebaseAuth from 'firebase/auth';
import {
  googleProfileFields,
  NotSignedInError,
  signInWithEmail,
  signInWithGoogle,
  signUpWithEmail,
  updateUsername,
} from '@portfolio/shared/auth-actions';
import { setRuntimeConfig } from '@portfolio/shared/config';
import { mockFetch, setUpTestRuntimeConfig, TEST_RUNTIME_CONFIG } from '@portfolio/testing';

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

describe('signInWithGoogle', () => {
  const grace = {
    name: 'Grace Hopper',
    email: ' Grace.Hopper@Example.com ',
    photoURL: 'https://photos.example.test/grace.png',
  };
  /** A first-time user: no profile yet, then the one the PUT writes. */
  const firstTimeProfile = () =>
    mockFetch({
      'GET /users/me': { status: 404, body: { message: 'Profile not found' } },
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'google-uid', ...(JSON.parse(String(init?.body)) as object) },
      }),
      'POST /session': { status: 204 },
    });
  const putBody = (fetchMock: jest.Mock) => {
    const calls = fetchMock.mock.calls as [string, RequestInit][];
    const put = calls.find(([, init]) => init?.method === 'PUT');
    return JSON.parse(String(put?.[1].body)) as unknown;
  };
  const useEmulator = () =>
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, authEmulatorUrl: 'http://127.0.0.1:9099' });

  it("with a real project: Google's popup, and the chooser is never asked", async () => {
    firstTimeProfile();
    const choose = jest.fn(async () => grace);
    await signInWithGoogle(choose);
    expect(sdk.signInWithPopup).toHaveBeenCalledTimes(1);
    expect(choose).not.toHaveBeenCalled();
    expect(sdk.signInWithCredential).not.toHaveBeenCalled();
  });

  it('on the emulator: signs in the chosen identity with the ID token the emulator accepts', async () => {
    useEmulator();
    const fetchMock = firstTimeProfile();
    const profile = await signInWithGoogle(async () => grace);

    expect(sdk.signInWithPopup).not.toHaveBeenCalled();
    // An unsigned token: the JSON of the claims (firebase-tools' signInWithIdp reads sub, email,
    // email_verified, name and picture); one address is always the same Google account.
    expect(sdk.GoogleAuthProvider.credential).toHaveBeenCalledTimes(1);
    const [idToken] = jest.mocked(sdk.GoogleAuthProvider.credential).mock.calls[0] ?? [];
    expect(JSON.parse(String(idToken))).toEqual({
      sub: 'grace.hopper@example.com',
      email: 'grace.hopper@example.com',
      email_verified: true,
      name: 'Grace Hopper',
      picture: 'https://photos.example.test/grace.png',
    });
    expect(sdk.signInWithCredential).toHaveBeenCalledWith(
      fakeAuth,
      jest.mocked(sdk.GoogleAuthProvider.credential).mock.results[0]?.value,
    );
    // The first time, the profile the popup path writes: role user, name, e-mail and photo.
    expect(putBody(fetchMock)).toEqual({
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      photoURL: 'https://photos.example.test/grace.png',
      role: 'user',
    });
    expect(profile).toMatchObject({ role: 'user', name: 'Grace Hopper' });
  });

  it('on the emulator: an identity without a photo has no picture claim', async () => {
    useEmulator();
    firstTimeProfile();
    await signInWithGoogle(async () => ({ name: 'Alan', email: 'alan@example.com' }));
    const [idToken] = jest.mocked(sdk.GoogleAuthProvider.credential).mock.calls[0] ?? [];
    expect(JSON.parse(String(idToken))).not.toHaveProperty('picture');
  });

  it('on the emulator: a closed chooser signs nobody in and writes nothing', async () => {
    useEmulator();
    const fetchMock = firstTimeProfile();
    const closed = new Error('closed');
    await expect(signInWithGoogle(async () => Promise.reject(closed))).rejects.toBe(closed);
    expect(sdk.signInWithCredential).not.toHaveBeenCalled();
    expect(sdk.signInWithPopup).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
