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
import { MEMBER_DATA_MESSAGES, NEWSLETTER_MESSAGES } from '@portfolio/contract';
import {
  ADMIN_DASHBOARD_LINK,
  DELETE_ACCOUNT_CONFIRM,
  DELETE_ACCOUNT_DIALOG,
  DELETE_ACCOUNT_LABEL,
  MEMBER_NEWSLETTER_NONE,
  MEMBER_SUBSCRIBE_LABEL,
  MEMBER_UNSUBSCRIBE_LABEL,
  MY_COMMENTS_HEADING,
  MY_COMMENT_STATUS,
  memberNewsletterConfirmed,
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

/** What the member's own sections ask for: not subscribed, no comments. */
const MEMBER_ROUTES = {
  'GET /newsletter/me': { body: { subscribed: false, status: null, email: null } },
  'GET /comments/mine': { body: [] },
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
      ...MEMBER_ROUTES,
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

  describe("the member's own data", () => {
    const OWN_COMMENTS = [
      {
        _id: 'c1',
        parentId: null,
        authorName: 'ada',
        body: 'Great read, **thanks**',
        createdAt: '2026-12-01T10:00:00.000Z',
        editedAt: null,
        articleId: 'a1',
        articleTitle: 'Hardening Linux',
        articleSlug: 'hardening-linux',
        status: 'approved',
        notifyReplies: false,
      },
      {
        _id: 'c2',
        parentId: null,
        authorName: 'ada',
        body: 'Second thought',
        createdAt: '2026-12-02T10:00:00.000Z',
        editedAt: null,
        articleId: 'a2',
        articleTitle: 'Threat Modeling',
        articleSlug: 'threat-modeling',
        status: 'pending',
        notifyReplies: false,
      },
      // A reply on its thread's third page of replies (the two above, as an API before the
      // field answered them: the first).
      {
        _id: 'c3',
        parentId: 't9',
        authorName: 'ada',
        body: 'Late to the thread',
        createdAt: '2026-12-03T10:00:00.000Z',
        editedAt: null,
        articleId: 'a3',
        articleTitle: 'Zero Trust',
        articleSlug: 'zero-trust',
        status: 'approved',
        notifyReplies: false,
        replyPage: 3,
      },
    ];

    it('subscribes to the newsletter with one click, and says where it stands', async () => {
      setCurrentUser(makeUser());
      const fetchMock = mockFetch({
        'GET /users/me': { body: PROFILE },
        ...MEMBER_ROUTES,
        'PUT /newsletter/me': {
          body: {
            subscribed: true,
            status: 'confirmed',
            email: 'ada@example.test',
            message: NEWSLETTER_MESSAGES.memberSubscribed,
          },
        },
      });
      const { user } = renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
      expect(await screen.findByText(MEMBER_NEWSLETTER_NONE)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: MEMBER_SUBSCRIBE_LABEL }));
      expect(
        await screen.findByText(memberNewsletterConfirmed('ada@example.test')),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: MEMBER_UNSUBSCRIBE_LABEL })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringMatching(/\/newsletter\/me$/),
        expect.objectContaining({ method: 'PUT' }),
      );
    });

    it('lists their comments in every state, a link to each published one, the text as text', async () => {
      setCurrentUser(makeUser());
      mockFetch({
        'GET /users/me': { body: PROFILE },
        ...MEMBER_ROUTES,
        'GET /comments/mine': { body: OWN_COMMENTS },
      });
      renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
      const section = await screen.findByRole('region', { name: MY_COMMENTS_HEADING });
      expect(await within(section).findByRole('link', { name: 'Hardening Linux' })).toHaveAttribute(
        'href',
        '/article/hardening-linux?thread=c1#comment-c1',
      );
      expect(within(section).getByRole('link', { name: 'Zero Trust' })).toHaveAttribute(
        'href',
        '/article/zero-trust?thread=t9&replies=3#comment-c3',
      );
      expect(within(section).getByText('Great read, **thanks**')).toBeInTheDocument();
      expect(within(section).getByText(MY_COMMENT_STATUS.pending)).toBeInTheDocument();
      expect(within(section).queryByRole('link', { name: 'Threat Modeling' })).toBeNull();
    });

    it('deletes the account after asking: the API first, then Firebase, then says goodbye', async () => {
      setCurrentUser(makeUser());
      const fetchMock = mockFetch({
        'GET /users/me': { body: PROFILE },
        ...MEMBER_ROUTES,
        'DELETE /members/me': {
          body: { message: MEMBER_DATA_MESSAGES.deleted, commentsRemoved: 0, commentsKept: 1 },
        },
      });
      const { user } = renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
      await user.click(await screen.findByRole('button', { name: DELETE_ACCOUNT_LABEL }));
      const dialog = screen.getByRole('dialog', { name: DELETE_ACCOUNT_DIALOG });
      expect(fetchMock).not.toHaveBeenCalledWith(
        expect.stringMatching(/\/members\/me$/),
        expect.anything(),
      );
      await user.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_CONFIRM }));
      expect(await screen.findByRole('status')).toHaveTextContent(MEMBER_DATA_MESSAGES.deleted);
      expect(authSdk.deleteUser).toHaveBeenCalled();
    });

    it('keeps the account and says why when the API asks for a recent sign-in', async () => {
      setCurrentUser(makeUser());
      mockFetch({
        'GET /users/me': { body: PROFILE },
        ...MEMBER_ROUTES,
        'DELETE /members/me': { status: 401, body: { message: MEMBER_DATA_MESSAGES.signInAgain } },
      });
      const { user } = renderPage(<UserDashboardPage />, { route: '/user-dashboard', auth: true });
      await user.click(await screen.findByRole('button', { name: DELETE_ACCOUNT_LABEL }));
      await user.click(screen.getByRole('button', { name: DELETE_ACCOUNT_CONFIRM }));
      expect(await screen.findByText(MEMBER_DATA_MESSAGES.signInAgain)).toBeInTheDocument();
      expect(authSdk.deleteUser).not.toHaveBeenCalled();
    });
  });
});
