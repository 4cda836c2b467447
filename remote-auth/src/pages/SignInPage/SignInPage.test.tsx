import { screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@portfolio/shared/config';
import {
  mockFetch,
  setUpTestRuntimeConfig,
  navigatedTo,
  renderPage,
  TEST_RUNTIME_CONFIG,
} from '@portfolio/testing';
import {
  authSdk,
  FakeFirebaseError,
  holdNextCall,
  resetFirebaseMock,
} from '@portfolio/testing/firebase';
import {
  EMAIL_LABEL,
  FORGOT_PASSWORD_LINK,
  FORGOT_PASSWORD_ROUTE,
  GOOGLE_SIGN_IN_BUSY,
  GOOGLE_SIGN_IN_LABEL,
  PASSWORD_LABEL,
  SIGN_IN_BUSY,
  SIGN_IN_SUBMIT,
  SIGN_IN_TITLE,
  SIGN_UP_TITLE,
  USERNAME_LABEL,
} from '../../texts';
import {
  GOOGLE_CHOOSER_CANCEL,
  GOOGLE_CHOOSER_TITLE,
} from '../../features/google-chooser/chooser-texts';
import { GOOGLE_CHOOSER_CLOSED_MESSAGE } from '../../features/google-chooser/chooser-closed';
import { GOOGLE_TEST_IDENTITIES } from '../../features/google-chooser/test-identities';
import SignInPage from './SignInPage';

const ada = GOOGLE_TEST_IDENTITIES[0]!;

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

async function fillAndSubmit(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(USERNAME_LABEL), 'ada-lovelace');
  await user.type(screen.getByLabelText(EMAIL_LABEL), 'ada@example.test');
  await user.type(screen.getByLabelText(PASSWORD_LABEL), 'secret-123');
  await user.click(screen.getByRole('button', { name: SIGN_IN_SUBMIT }));
}

describe('SignInPage: email and password', () => {
  it('links "Forgot password?" to the reset page', () => {
    renderPage(<SignInPage />, { route: '/signin', auth: true });
    expect(screen.getByRole('link', { name: FORGOT_PASSWORD_LINK })).toHaveAttribute(
      'href',
      FORGOT_PASSWORD_ROUTE,
    );
  });

  it('has an h1, required labelled inputs and a Google button', () => {
    renderPage(<SignInPage />, { route: '/signin', auth: true });
    expect(screen.getByRole('heading', { level: 1, name: SIGN_IN_TITLE })).toBeInTheDocument();
    for (const label of [USERNAME_LABEL, EMAIL_LABEL, PASSWORD_LABEL]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(EMAIL_LABEL)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(PASSWORD_LABEL)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(PASSWORD_LABEL)).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL })).toBeEnabled();
  });

  it('posts its form if sent before its script runs: the password never goes into a URL', () => {
    renderPage(<SignInPage />, { route: '/signin', auth: true });
    expect(screen.getByLabelText(PASSWORD_LABEL).closest('form')).toHaveAttribute('method', 'post');
  });

  it('goes back to the page that asked for a sign-in', async () => {
    const back = '/article/tls#comments';
    const { user } = renderPage(<SignInPage />, {
      route: `/signin?next=${encodeURIComponent(back)}`,
      auth: true,
    });
    expect(screen.getByRole('link', { name: SIGN_UP_TITLE })).toHaveAttribute(
      'href',
      `/signup?next=${encodeURIComponent(back)}`,
    );
    await fillAndSubmit(user);
    expect(await navigatedTo()).toBe('/article/tls');
  });

  it('goes to /welcome when the page to go back to is not one of this site', async () => {
    const { user } = renderPage(<SignInPage />, {
      route: `/signin?next=${encodeURIComponent('//evil.example/x')}`,
      auth: true,
    });
    await fillAndSubmit(user);
    expect(await navigatedTo()).toBe('/welcome');
  });

  it('signs in with local persistence, sets the display name and goes to /welcome', async () => {
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await fillAndSubmit(user);
    expect(await navigatedTo()).toBe('/welcome');
    expect(authSdk.setPersistence).toHaveBeenCalledWith(
      expect.anything(),
      authSdk.browserLocalPersistence,
    );
    expect(authSdk.setPersistence.mock.invocationCallOrder[0]).toBeLessThan(
      authSdk.signInWithEmailAndPassword.mock.invocationCallOrder[0] ?? 0,
    );
    expect(authSdk.signInWithEmailAndPassword).toHaveBeenCalledWith(
      expect.anything(),
      'ada@example.test',
      'secret-123',
    );
    expect(authSdk.updateProfile).toHaveBeenCalledWith(expect.anything(), {
      displayName: 'ada-lovelace',
    });
  });

  it('shows "Signing In..." and disables both buttons while signing in', async () => {
    const release = holdNextCall(authSdk.signInWithEmailAndPassword);
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: SIGN_IN_BUSY })).toBeDisabled();
    expect(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL })).toBeDisabled();
    release();
    expect(await navigatedTo()).toBe('/welcome');
  });

  it("shows the provider's message on a wrong password", async () => {
    authSdk.signInWithEmailAndPassword.mockRejectedValueOnce(
      new FakeFirebaseError('auth/invalid-credential'),
    );
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/invalid-credential).',
    );
    expect(screen.getByRole('button', { name: SIGN_IN_SUBMIT })).toBeEnabled();
  });
});

describe('SignInPage: Google', () => {
  it('creates a first-time profile with role user, name, email and photoURL', async () => {
    const fetchMock = mockFetch({
      'GET /users/me': { status: 404, body: { message: 'Profile not found' } },
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'google-uid', ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await user.click(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL }));
    expect(await navigatedTo()).toBe('/welcome');
    expect(authSdk.signInWithPopup).toHaveBeenCalledWith(
      expect.anything(),
      expect.any(authSdk.GoogleAuthProvider),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Grace',
      email: 'grace@example.test',
      photoURL: 'https://photos.example.test/grace.png',
      role: 'user',
    });
  });

  it('leaves an existing profile as it is', async () => {
    const fetchMock = mockFetch({
      'GET /users/me': {
        body: { uid: 'google-uid', email: 'grace@example.test', role: 'user' },
      },
      'POST /session': { status: 204 },
    });
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await user.click(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL }));
    expect(await navigatedTo()).toBe('/welcome');
    // The site's session, and one read of the profile: nothing written.
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual([
      'POST /session',
      'GET http://api.test/api/users/me',
    ]);
  });

  it('shows "Signing In with Google..." while the popup is open', async () => {
    mockFetch({
      'GET /users/me': { body: { uid: 'google-uid', email: 'g@x.test', role: 'user' } },
    });
    const release = holdNextCall(authSdk.signInWithPopup);
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await user.click(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL }));
    expect(await screen.findByRole('button', { name: GOOGLE_SIGN_IN_BUSY })).toBeDisabled();
    expect(screen.getByRole('button', { name: SIGN_IN_SUBMIT })).toBeDisabled();
    release();
    expect(await navigatedTo()).toBe('/welcome');
  });

  it("shows the provider's message when the popup fails", async () => {
    authSdk.signInWithPopup.mockRejectedValueOnce(
      new FakeFirebaseError('auth/popup-closed-by-user'),
    );
    const { user } = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await user.click(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/popup-closed-by-user).',
    );
    expect(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL })).toBeEnabled();
  });
});

describe('SignInPage: Google on the Auth emulator', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, authEmulatorUrl: 'http://127.0.0.1:9099' });
  });

  async function openChooser() {
    const page = renderPage(<SignInPage />, { route: '/signin', auth: true });
    await page.user.click(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL }));
    return { ...page, dialog: await screen.findByRole('dialog', { name: GOOGLE_CHOOSER_TITLE }) };
  }

  it('shows "Signing In with Google..." while the chooser is open, then goes to /welcome', async () => {
    mockFetch({ 'GET /users/me': { body: { uid: 'u', email: 'ada@example.com', role: 'user' } } });
    const { user, dialog } = await openChooser();
    expect(screen.getByRole('button', { name: GOOGLE_SIGN_IN_BUSY, hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: SIGN_IN_SUBMIT, hidden: true })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: new RegExp(ada.email) }));
    expect(await navigatedTo()).toBe('/welcome');
    expect(authSdk.signInWithCredential).toHaveBeenCalledTimes(1);
    expect(authSdk.signInWithPopup).not.toHaveBeenCalled();
  });

  it('closing the chooser shows the message of a closed Google popup', async () => {
    const { user, dialog } = await openChooser();
    await user.click(within(dialog).getByRole('button', { name: GOOGLE_CHOOSER_CANCEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_CHOOSER_CLOSED_MESSAGE);
    expect(GOOGLE_CHOOSER_CLOSED_MESSAGE).toBe('Firebase: Error (auth/popup-closed-by-user).');
    expect(screen.getByRole('button', { name: GOOGLE_SIGN_IN_LABEL })).toBeEnabled();
  });

  it("an error of the emulator shows the provider's message", async () => {
    authSdk.signInWithCredential.mockRejectedValueOnce(new FakeFirebaseError('auth/user-disabled'));
    const { user, dialog } = await openChooser();
    await user.click(within(dialog).getByRole('button', { name: new RegExp(ada.email) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/user-disabled).',
    );
  });
});
