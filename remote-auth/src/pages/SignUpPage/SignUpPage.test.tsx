import { screen, waitFor } from '@testing-library/react';
import { mockFetch, setUpTestRuntimeConfig, navigatedTo, renderPage } from '@portfolio/testing';
import {
  authSdk,
  FakeFirebaseError,
  holdNextCall,
  resetFirebaseMock,
} from '@portfolio/testing/firebase';
import {
  CREDENTIALS_REQUIRED,
  EMAIL_LABEL,
  PASSWORD_LABEL,
  SIGN_UP_BUSY,
  SIGN_UP_SUBMIT,
  SIGN_UP_TITLE,
  USERNAME_LABEL,
} from '../../texts';
import SignUpPage from './SignUpPage';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

async function fillAndSubmit(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(USERNAME_LABEL), 'ada');
  await user.type(screen.getByLabelText(EMAIL_LABEL), 'ada@example.test');
  await user.type(screen.getByLabelText(PASSWORD_LABEL), 'secret-123');
  await user.click(screen.getByRole('button', { name: SIGN_UP_SUBMIT }));
}

describe('SignUpPage', () => {
  it('has an h1 and labelled, required inputs of the right types', () => {
    renderPage(<SignUpPage />, { route: '/signup', auth: true });
    expect(screen.getByRole('heading', { level: 1, name: SIGN_UP_TITLE })).toBeInTheDocument();
    const username = screen.getByLabelText(USERNAME_LABEL);
    const email = screen.getByLabelText(EMAIL_LABEL);
    const password = screen.getByLabelText(PASSWORD_LABEL);
    for (const input of [username, email, password]) expect(input).toBeRequired();
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
  });

  it('creates the account, sets the display name, stores the profile and goes to /welcome', async () => {
    const fetchMock = mockFetch({
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'new-uid', ...(JSON.parse(String(init?.body)) as object) },
      }),
      'POST /session': { status: 204 },
    });
    const { user } = renderPage(<SignUpPage />, { route: '/signup', auth: true });
    await fillAndSubmit(user);
    expect(await navigatedTo()).toBe('/welcome');
    expect(authSdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      expect.anything(),
      'ada@example.test',
      'secret-123',
    );
    expect(authSdk.updateProfile).toHaveBeenCalledWith(
      expect.objectContaining({ uid: 'new-uid' }),
      { displayName: 'ada' },
    );
    const calls = fetchMock.mock.calls as [string, RequestInit][];
    // The site's session starts from a fresh ID token, which carries the new display name.
    const session = calls.find(([url]) => url === '/session');
    expect(JSON.parse(String(session?.[1].body))).toEqual({ idToken: 'token-new-uid' });
    const [url, init] = calls.find(([address]) => address !== '/session') ?? ['', {}];
    expect(url).toBe('http://api.test/api/users/me');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.test',
      username: 'ada',
      role: 'user',
    });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-new-uid');
  });

  it('shows the busy label and disables the button while signing up', async () => {
    mockFetch({
      'PUT /users/me': {
        status: 201,
        body: { uid: 'new-uid', email: 'ada@example.test', role: 'user' },
      },
    });
    const release = holdNextCall(authSdk.createUserWithEmailAndPassword);
    const { user } = renderPage(<SignUpPage />, { route: '/signup', auth: true });
    await fillAndSubmit(user);
    const button = await screen.findByRole('button', { name: SIGN_UP_BUSY });
    expect(button).toBeDisabled();
    release();
    expect(await navigatedTo()).toBe('/welcome');
  });

  it("shows the provider's message when the account cannot be created", async () => {
    authSdk.createUserWithEmailAndPassword.mockRejectedValueOnce(
      new FakeFirebaseError('auth/email-already-in-use'),
    );
    const { user } = renderPage(<SignUpPage />, { route: '/signup', auth: true });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/email-already-in-use).',
    );
    expect(screen.getByRole('button', { name: SIGN_UP_SUBMIT })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('does not submit whitespace-only fields', async () => {
    const { user } = renderPage(<SignUpPage />, { route: '/signup', auth: true });
    await user.type(screen.getByLabelText(USERNAME_LABEL), '   ');
    await user.type(screen.getByLabelText(EMAIL_LABEL), 'ada@example.test');
    await user.type(screen.getByLabelText(PASSWORD_LABEL), 'secret-123');
    await user.click(screen.getByRole('button', { name: SIGN_UP_SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDENTIALS_REQUIRED);
    expect(authSdk.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('leaves empty required fields to the browser (no call is made)', async () => {
    const { user } = renderPage(<SignUpPage />, { route: '/signup', auth: true });
    await user.click(screen.getByRole('button', { name: SIGN_UP_SUBMIT }));
    await waitFor(() => expect(authSdk.createUserWithEmailAndPassword).not.toHaveBeenCalled());
  });
});
