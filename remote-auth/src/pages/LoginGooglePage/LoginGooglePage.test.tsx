import { screen, waitFor, within } from '@testing-library/react';
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
  LOGIN_GOOGLE_BUSY,
  LOGIN_GOOGLE_ERROR,
  LOGIN_GOOGLE_LABEL,
  LOGIN_GOOGLE_TITLE,
} from '../../texts';
import {
  GOOGLE_CHOOSER_ANOTHER,
  GOOGLE_CHOOSER_CANCEL,
  GOOGLE_CHOOSER_CONTINUE,
  GOOGLE_CHOOSER_NAME_LABEL,
  GOOGLE_CHOOSER_PHOTO_LABEL,
  GOOGLE_CHOOSER_TITLE,
} from '../../features/google-chooser/chooser-texts';
import { GOOGLE_TEST_IDENTITIES } from '../../features/google-chooser/test-identities';
import LoginGooglePage from './LoginGooglePage';

const ada = GOOGLE_TEST_IDENTITIES[0]!;

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

const storedProfile = (role: string) => ({
  'GET /users/me': { body: { uid: 'google-uid', email: 'grace@example.test', role } },
});

describe('LoginGooglePage', () => {
  it('has an h1 and the Login with Google button', () => {
    renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    expect(screen.getByRole('heading', { level: 1, name: LOGIN_GOOGLE_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL })).toBeEnabled();
  });

  it('sends a stored admin to /admin-dashboard', async () => {
    mockFetch(storedProfile('admin'));
    const { user } = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    expect(await navigatedTo()).toBe('/admin-dashboard');
  });

  it('sends a stored user to /user-dashboard', async () => {
    mockFetch(storedProfile('user'));
    const { user } = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    expect(await navigatedTo()).toBe('/user-dashboard');
  });

  it('creates a first-time profile with role user and goes to /user-dashboard', async () => {
    const fetchMock = mockFetch({
      'GET /users/me': { status: 404, body: { message: 'Profile not found' } },
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'google-uid', ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    const { user } = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    expect(await navigatedTo()).toBe('/user-dashboard');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ role: 'user' });
  });

  it('shows "Logging In..." and disables the button while logging in', async () => {
    mockFetch(storedProfile('user'));
    const release = holdNextCall(authSdk.signInWithPopup);
    const { user } = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    expect(await screen.findByRole('button', { name: LOGIN_GOOGLE_BUSY })).toBeDisabled();
    release();
    expect(await navigatedTo()).toBe('/user-dashboard');
  });

  it('shows its fixed message when the login fails', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    authSdk.signInWithPopup.mockRejectedValueOnce(
      new FakeFirebaseError('auth/popup-closed-by-user'),
    );
    const { user } = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error logging in. Please try again.',
    );
    expect(LOGIN_GOOGLE_ERROR).toBe('There was an error logging in. Please try again.');
    expect(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL })).toBeEnabled();
    log.mockRestore();
  });

  it('shows the same message when the profile cannot be read', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /users/me': { status: 500, body: { message: 'Database down' } } });
    const { user } = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_GOOGLE_ERROR);
    log.mockRestore();
  });
});

describe('LoginGooglePage on the Auth emulator', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, authEmulatorUrl: 'http://127.0.0.1:9099' });
  });

  async function openChooser() {
    const page = renderPage(<LoginGooglePage />, { route: '/login-google', auth: true });
    await page.user.click(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL }));
    return { ...page, dialog: await screen.findByRole('dialog', { name: GOOGLE_CHOOSER_TITLE }) };
  }

  it('a new identity from the chooser gets a profile with role user and goes to /user-dashboard', async () => {
    const fetchMock = mockFetch({
      'GET /users/me': { status: 404, body: { message: 'Profile not found' } },
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'google-uid', ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    const { user, dialog } = await openChooser();
    // The chooser is open: the button says the page is busy.
    expect(screen.getByRole('button', { name: LOGIN_GOOGLE_BUSY, hidden: true })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: GOOGLE_CHOOSER_ANOTHER }));
    await user.type(within(dialog).getByLabelText(GOOGLE_CHOOSER_NAME_LABEL), 'Katherine Johnson');
    await user.type(within(dialog).getByLabelText(EMAIL_LABEL), 'katherine@example.org');
    await user.type(
      within(dialog).getByLabelText(GOOGLE_CHOOSER_PHOTO_LABEL),
      'https://photos.example.org/k.png',
    );
    await user.click(within(dialog).getByRole('button', { name: GOOGLE_CHOOSER_CONTINUE }));

    expect(await navigatedTo()).toBe('/user-dashboard');
    expect(authSdk.signInWithPopup).not.toHaveBeenCalled();
    expect(authSdk.signInWithCredential).toHaveBeenCalledTimes(1);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Katherine Johnson',
      email: 'katherine@example.org',
      photoURL: 'https://photos.example.org/k.png',
      role: 'user',
    });
  });

  it('a stored admin chosen in the chooser goes to /admin-dashboard', async () => {
    mockFetch(storedProfile('admin'));
    const { user, dialog } = await openChooser();
    await user.click(within(dialog).getByRole('button', { name: new RegExp(ada.email) }));
    expect(await navigatedTo()).toBe('/admin-dashboard');
  });

  it('closing the chooser shows the fixed message and gives the button back', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openChooser();
    await user.click(within(dialog).getByRole('button', { name: GOOGLE_CHOOSER_CANCEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_GOOGLE_ERROR);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL });
    expect(button).toBeEnabled();
    await waitFor(() => expect(button).toHaveFocus());
    expect(authSdk.signInWithCredential).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('an error of the emulator shows the fixed message too', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    authSdk.signInWithCredential.mockRejectedValueOnce(
      new FakeFirebaseError('auth/invalid-credential'),
    );
    const { user, dialog } = await openChooser();
    await user.click(within(dialog).getByRole('button', { name: new RegExp(ada.email) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_GOOGLE_ERROR);
    expect(screen.getByRole('button', { name: LOGIN_GOOGLE_LABEL })).toBeEnabled();
    log.mockRestore();
  });
});
