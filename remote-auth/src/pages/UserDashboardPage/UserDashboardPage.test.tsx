import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { persistedUserKey } from '@portfolio/shared/firebase';
import { mockFetch, setUpTestRuntimeConfig, navigatedTo, renderPage } from '@portfolio/testing';
import {
  authSdk,
  holdNextCall,
  makeUser,
  resetFirebaseMock,
  setCurrentUser,
} from '@portfolio/testing/firebase';
import {
  ADMIN_DASHBOARD_LINK,
  LOGOUT_LABEL,
  PROFILE_LOAD_ERROR,
  SAVE_USERNAME_BUSY,
  SAVE_USERNAME_LABEL,
  USERNAME_LABEL,
  USERNAME_SAVED,
  USER_DASHBOARD_TITLE,
} from '../../texts';
import UserDashboardPage from './UserDashboardPage';

const PROFILE = {
  uid: 'uid-1',
  email: 'ada@example.test',
  username: 'ada',
  photoURL: 'https://photos.example.test/ada.png',
  role: 'user',
};

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  window.localStorage.clear();
});

describe('UserDashboardPage', () => {
  it('sends a signed-out visitor to /signin', async () => {
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    expect(await navigatedTo()).toBe('/signin');
  });

  it('does not redirect a persisted session while the SDK is still confirming it', async () => {
    window.localStorage.setItem(persistedUserKey(), JSON.stringify({ uid: 'uid-1' }));
    authSdk.onIdTokenChanged.mockImplementationOnce(() => () => undefined);
    mockFetch({ 'GET /users/me': { body: PROFILE } });
    setCurrentUser(makeUser());
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    expect(await screen.findByText('ada@example.test')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows the profile: username, email, photo and role', async () => {
    setCurrentUser(makeUser());
    mockFetch({ 'GET /users/me': { body: PROFILE } });
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    expect(
      screen.getByRole('heading', { level: 1, name: USER_DASHBOARD_TITLE }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('ada');
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(screen.getByTestId('profile-role')).toHaveTextContent('User');
    expect(screen.getByRole('img', { name: 'ada' })).toHaveAttribute('src', PROFILE.photoURL);
    expect(screen.queryByRole('link', { name: ADMIN_DASHBOARD_LINK })).not.toBeInTheDocument();
  });

  it('shows the initial instead of a photo that does not load', async () => {
    setCurrentUser(makeUser());
    mockFetch({ 'GET /users/me': { body: PROFILE } });
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    fireEvent.error(await screen.findByRole('img', { name: 'ada' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('A')).toHaveAttribute('aria-hidden', 'true');
  });

  it('links an admin to the admin dashboard', async () => {
    setCurrentUser(makeUser({ role: 'admin' }));
    mockFetch({ 'GET /users/me': { body: { ...PROFILE, role: 'admin' } } });
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    expect(await screen.findByRole('link', { name: ADMIN_DASHBOARD_LINK })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Admin');
  });

  it('writes a missing profile with role user', async () => {
    setCurrentUser(makeUser({ displayName: 'Ada' }));
    const fetchMock = mockFetch({
      'GET /users/me': { status: 404, body: { message: 'Profile not found' } },
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'uid-1', ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('Ada');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      email: 'ada@example.test',
      username: 'Ada',
      role: 'user',
    });
  });

  it('shows an error when the profile cannot be loaded', async () => {
    setCurrentUser(makeUser());
    mockFetch({ 'GET /users/me': { status: 500, body: { message: 'Database down' } } });
    renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${PROFILE_LOAD_ERROR} Database down`,
    );
  });

  it('saves a new username in the profile and as the display name', async () => {
    const current = makeUser();
    setCurrentUser(current);
    const fetchMock = mockFetch({
      'GET /users/me': { body: PROFILE },
      'PUT /users/me': (init) => ({
        body: { ...PROFILE, ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    const { user } = renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    const form = (await screen.findByRole('button', { name: SAVE_USERNAME_LABEL })).closest(
      'form',
    ) as HTMLFormElement;
    const input = within(form).getByLabelText(USERNAME_LABEL);
    expect(input).toHaveValue('ada');
    await user.clear(input);
    await user.type(input, 'countess');
    const release = holdNextCall(authSdk.updateProfile);
    await user.click(within(form).getByRole('button', { name: SAVE_USERNAME_LABEL }));
    expect(await screen.findByRole('button', { name: SAVE_USERNAME_BUSY })).toBeDisabled();
    release();
    expect(await screen.findByText(USERNAME_SAVED)).toBeInTheDocument();
    expect(screen.getByTestId('profile-username')).toHaveTextContent('countess');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    // The role is never sent on an update: the server would refuse a change.
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ username: 'countess' });
    expect(authSdk.updateProfile).toHaveBeenCalledWith(current, { displayName: 'countess' });
  });

  it('shows why a username could not be saved', async () => {
    setCurrentUser(makeUser());
    mockFetch({
      'GET /users/me': { body: PROFILE },
      'PUT /users/me': { status: 400, body: { message: 'body/username must not be empty' } },
    });
    const { user } = renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: SAVE_USERNAME_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent('body/username must not be empty');
    expect(authSdk.updateProfile).not.toHaveBeenCalled();
  });

  it('signs out and goes to /', async () => {
    setCurrentUser(makeUser());
    mockFetch({ 'GET /users/me': { body: PROFILE } });
    const { user } = renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: LOGOUT_LABEL }));
    expect(await navigatedTo()).toBe('/');
    await waitFor(() => expect(authSdk.signOut).toHaveBeenCalled());
  });
});
