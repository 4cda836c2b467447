import { screen } from '@testing-library/react';
import { mockFetch, setUpTestRuntimeConfig, navigatedTo, renderPage } from '@portfolio/testing';
import {
  authSdk,
  FakeFirebaseError,
  holdNextCall,
  resetFirebaseMock,
} from '@portfolio/testing/firebase';
import {
  LOGIN_GOOGLE_BUSY,
  LOGIN_GOOGLE_ERROR,
  LOGIN_GOOGLE_LABEL,
  LOGIN_GOOGLE_TITLE,
} from '../../texts';
import LoginGooglePage from './LoginGooglePage';

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
