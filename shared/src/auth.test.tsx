import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as firebaseAuth from 'firebase/auth';
import { AuthProvider, refreshAuthUser, useAuth } from '@portfolio/shared/auth';
import { persistedUserKey } from '@portfolio/shared/firebase';
import { mockFetch, setUpTestRuntimeConfig } from '@portfolio/testing';
import type { ServerSession } from '@portfolio/shared/auth';

interface TestUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: null;
  getIdToken: jest.Mock;
  getIdTokenResult: jest.Mock;
}

const sdk = jest.mocked(firebaseAuth);
const fakeAuth = sdk.initializeAuth({} as never, {} as never) as unknown as {
  currentUser: TestUser | null;
};
let emit: (user: TestUser | null) => void = () => undefined;

function testUser(claims: Record<string, unknown> = {}): TestUser {
  return {
    uid: 'uid-1',
    email: 'ada@example.test',
    displayName: 'Ada',
    photoURL: null,
    getIdToken: jest.fn(async () => 'id-token'),
    getIdTokenResult: jest.fn(async () => ({ claims })),
  };
}

function Probe() {
  const { user, role, loading, signOut, getIdToken } = useAuth();
  return (
    <>
      <p data-testid="state">{`${user?.displayName ?? 'signed out'}|${role}|${loading}`}</p>
      <button type="button" onClick={() => void signOut()}>
        out
      </button>
      <button
        type="button"
        onClick={() => void getIdToken().then((token) => (document.title = String(token)))}
      >
        token
      </button>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

/** A signed-in user, as the SDK leaves one: current, and persisted in localStorage. */
function signIn(user: TestUser): TestUser {
  fakeAuth.currentUser = user;
  window.localStorage.setItem(persistedUserKey(), JSON.stringify({ uid: user.uid }));
  return user;
}

setUpTestRuntimeConfig();

beforeEach(() => {
  window.localStorage.clear();
  fakeAuth.currentUser = null;
  sdk.onIdTokenChanged.mockImplementation(((_auth: unknown, listener: typeof emit) => {
    emit = listener;
    listener(fakeAuth.currentUser);
    return () => undefined;
  }) as unknown as typeof firebaseAuth.onIdTokenChanged);
  sdk.signOut.mockImplementation(async () => {
    fakeAuth.currentUser = null;
    emit(null);
  });
});

describe('AuthProvider', () => {
  it('renders the persisted session first, then what the SDK confirms', async () => {
    window.localStorage.setItem(
      persistedUserKey(),
      JSON.stringify({ uid: 'uid-1', displayName: 'Persisted' }),
    );
    fakeAuth.currentUser = testUser({ role: 'admin' });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(state()).toBe('Persisted|user|true');
    expect(await screen.findByText('Ada|admin|false')).toBeInTheDocument();
  });

  it('shows a display-name change at once after refreshAuthUser (no token event needed)', async () => {
    const user = signIn(testUser());
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('Ada|user|false')).toBeInTheDocument();
    user.displayName = 'Countess';
    await act(() => refreshAuthUser());
    expect(state()).toBe('Countess|user|false');
  });

  it('signs out and reports it', async () => {
    signIn(testUser());
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('Ada|user|false');
    await userEvent.click(screen.getByRole('button', { name: 'out' }));
    expect(await screen.findByText('signed out|null|false')).toBeInTheDocument();
  });

  it('keeps the latest event when an older one resolves later', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('signed out|null|false');
    let resolveClaims: (value: { claims: object }) => void = () => undefined;
    const slow = testUser();
    slow.getIdTokenResult.mockReturnValueOnce(
      new Promise((resolve) => {
        resolveClaims = resolve;
      }),
    );
    act(() => emit(slow));
    act(() => emit(null));
    await act(async () => resolveClaims({ claims: {} }));
    expect(state()).toBe('signed out|null|false');
  });

  it('gives an ID token only to a signed-in user', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('signed out|null|false');
    await userEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(document.title).toBe('null');
    fakeAuth.currentUser = testUser();
    await userEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(document.title).toBe('id-token');
  });
});

/** A consumer that records every render's user and loading flag. */
function renderRecorder() {
  const seen: string[] = [];
  function Recorder() {
    const { user, loading } = useAuth();
    seen.push(`${user?.displayName ?? 'signed out'}|${loading}`);
    return null;
  }
  return { seen, Recorder };
}

describe('AuthProvider over a server-rendered page (the site session)', () => {
  const session: ServerSession = {
    user: { uid: 'uid-1', email: 'ada@example.test', displayName: 'Server', photoURL: null },
    role: 'admin',
  };
  const sessionCalls = (fetchMock: jest.Mock) =>
    fetchMock.mock.calls.map(([url, init]: [string, RequestInit | undefined]) => ({
      url,
      method: init?.method,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    }));

  it('first renders the user the server rendered for, then what the SDK confirms', async () => {
    const fetchMock = mockFetch({});
    signIn(testUser({ role: 'admin' }));
    render(
      <AuthProvider hydrating session={session}>
        <Probe />
      </AuthProvider>,
    );
    expect(state()).toBe('Server|admin|false');
    await screen.findByText('Ada|admin|false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not render again for a visitor without a session or a stored one', async () => {
    // An extra update would commit what a transition suspended (a page reloading its data).
    const { seen, Recorder } = renderRecorder();
    render(
      <AuthProvider hydrating session={null}>
        <Recorder />
      </AuthProvider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(seen).toEqual(['signed out|false']);
  });

  it('renders signed out for a visitor without a session, then applies a stored one', async () => {
    signIn(testUser());
    render(
      <AuthProvider hydrating session={null}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('Ada|user|false');
  });

  it('first renders "still checking" when the server could not tell, then what it finds', async () => {
    const { seen, Recorder } = renderRecorder();
    render(
      <AuthProvider hydrating>
        <Recorder />
      </AuthProvider>,
    );
    await waitFor(() => expect(seen.at(-1)).toBe('signed out|false'));
    expect(seen[0]).toBe('signed out|true');
  });

  it("clears the site's session when the SDK has no user for it", async () => {
    const fetchMock = mockFetch({ 'DELETE /session': { status: 204 } });
    render(
      <AuthProvider hydrating session={session}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('signed out|null|false');
    expect(sessionCalls(fetchMock)).toEqual([
      { url: '/session', method: 'DELETE', body: undefined },
    ]);
  });

  it('renews an old session with a fresh ID token once the SDK confirms the same user', async () => {
    const fetchMock = mockFetch({ 'POST /session': { status: 204 } });
    signIn(testUser({ role: 'admin' }));
    render(
      <AuthProvider hydrating session={{ ...session, renew: true }}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('Ada|admin|false');
    expect(sessionCalls(fetchMock)).toEqual([
      { url: '/session', method: 'POST', body: { idToken: 'id-token' } },
    ]);
  });

  it("ends the site's session on sign-out", async () => {
    const fetchMock = mockFetch({ 'DELETE /session': { status: 204 } });
    signIn(testUser());
    render(
      <AuthProvider hydrating session={{ ...session, role: 'user' }}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('Ada|user|false');
    await userEvent.click(screen.getByRole('button', { name: 'out' }));
    await screen.findByText('signed out|null|false');
    expect(sessionCalls(fetchMock)).toEqual([
      { url: '/session', method: 'DELETE', body: undefined },
    ]);
  });
});
