import { screen, within } from '@testing-library/react';
import { mockFetch, setUpTestRuntimeConfig, renderPage } from '@portfolio/testing';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import {
  ADMIN_FORBIDDEN_MESSAGE,
  MARK_READ_LABEL,
  MARK_UNREAD_LABEL,
  MESSAGES_LOAD_ERROR,
  NO_MESSAGES,
  READ_STATUS,
  SESSION_EXPIRED_MESSAGE,
  UNREAD_STATUS,
} from '../../texts';

const MESSAGE = {
  _id: 'm1',
  name: 'Bob',
  email: 'bob@example.test',
  message: 'Hello there',
  createdAt: '2026-01-02T00:00:00.000Z',
  read: false,
};

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const openMessages = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=messages', auth: true });

describe('admin contact messages', () => {
  it('lists the messages with the ID token and marks one read', async () => {
    const fetchMock = mockFetch({
      'GET /contact': { body: [MESSAGE] },
      'PATCH /contact/m1': (init) => ({
        body: { ...MESSAGE, ...JSON.parse(String(init?.body)) },
      }),
    });
    const { user } = openMessages();
    const item = (await screen.findByText('Hello there')).closest('li') as HTMLElement;
    expect(within(item).getByText('Bob')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'bob@example.test' })).toHaveAttribute(
      'href',
      'mailto:bob@example.test',
    );
    expect(within(item).getByText('Jan 2, 2026')).toBeInTheDocument();
    expect(within(item).getByText(UNREAD_STATUS)).toBeInTheDocument();
    const [, getInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(getInit.headers).get('Authorization')).toBe('Bearer token-admin-uid');

    await user.click(within(item).getByRole('button', { name: `${MARK_READ_LABEL}: Bob` }));
    expect(await within(item).findByText(READ_STATUS)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: `${MARK_UNREAD_LABEL}: Bob` })).toBeEnabled();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH') as [
      string,
      RequestInit,
    ];
    expect(patch[0]).toBe('http://api.test/api/contact/m1');
    expect(JSON.parse(String(patch[1].body))).toEqual({ read: true });
  });

  it('links the reply to the address only: no hidden headers from the address', async () => {
    const email = 'x?bcc=spy%40evil.example&subject=Re@example.org';
    mockFetch({ 'GET /contact': { body: [{ ...MESSAGE, email }] } });
    openMessages();
    const link = await screen.findByRole('link', { name: email });
    const href = link.getAttribute('href') ?? '';
    expect(href).toBe('mailto:x%3Fbcc%3Dspy%2540evil.example%26subject%3DRe@example.org');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(email);
  });

  it('says when there are no messages', async () => {
    mockFetch({ 'GET /contact': { body: [] } });
    openMessages();
    expect(await screen.findByText(NO_MESSAGES)).toBeInTheDocument();
  });

  it('reflects the API refusing a non-admin token (403)', async () => {
    mockFetch({ 'GET /contact': { status: 403, body: { message: 'Admin role required.' } } });
    openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });

  it('asks to sign in again when the token is refused (401)', async () => {
    mockFetch({ 'GET /contact': { status: 401, body: { message: 'Invalid token' } } });
    openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_EXPIRED_MESSAGE);
  });

  it('shows the list error on other failures', async () => {
    mockFetch({ 'GET /contact': new TypeError('Failed to fetch') });
    openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES_LOAD_ERROR);
  });

  it('explains a refused update', async () => {
    mockFetch({
      'GET /contact': { body: [MESSAGE] },
      'PATCH /contact/m1': { status: 403, body: { message: 'Admin role required.' } },
    });
    const { user } = openMessages();
    await user.click(await screen.findByRole('button', { name: `${MARK_READ_LABEL}: Bob` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });
});
