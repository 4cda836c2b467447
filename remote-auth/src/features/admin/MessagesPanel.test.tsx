import { screen, waitFor, within } from '@testing-library/react';
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
  DELETE_LABEL,
  TAB_MESSAGES,
} from '../../texts';
import {
  ARCHIVE_BOX_LABEL,
  ARCHIVE_LABEL,
  INBOX_LABEL,
  MESSAGES_PAGES_LABEL,
  MOVE_TO_INBOX_LABEL,
  NEXT_PAGE_LABEL,
  NO_ARCHIVED_MESSAGES,
  messagesTabLabel,
} from './admin-texts';

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

/** The panel's first page of the inbox, and the dashboard's count of the unread. */
const INBOX = 'GET /contact?limit=20&offset=0&box=inbox';
const COUNT = 'GET /contact?limit=1&offset=0&box=inbox';

const openMessages = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=messages', auth: true });

describe('admin contact messages', () => {
  it('lists the messages with the ID token and marks one read', async () => {
    const fetchMock = mockFetch({
      [COUNT]: { body: [] },
      [INBOX]: { body: [MESSAGE] },
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
    const [, getInit] = fetchMock.mock.calls.find(([url]) => String(url).includes('limit=20')) as [
      string,
      RequestInit,
    ];
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
    mockFetch({ [COUNT]: { body: [] }, [INBOX]: { body: [{ ...MESSAGE, email }] } });
    openMessages();
    const link = await screen.findByRole('link', { name: email });
    const href = link.getAttribute('href') ?? '';
    expect(href).toBe('mailto:x%3Fbcc%3Dspy%2540evil.example%26subject%3DRe@example.org');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(email);
  });

  it('says when there are no messages', async () => {
    mockFetch({ [COUNT]: { body: [] }, [INBOX]: { body: [] } });
    openMessages();
    expect(await screen.findByText(NO_MESSAGES)).toBeInTheDocument();
  });

  it('reflects the API refusing a non-admin token (403)', async () => {
    mockFetch({
      [COUNT]: { body: [] },
      [INBOX]: { status: 403, body: { message: 'Admin role required.' } },
    });
    openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });

  it('asks to sign in again when the token is refused (401)', async () => {
    mockFetch({
      [COUNT]: { body: [] },
      [INBOX]: { status: 401, body: { message: 'Invalid token' } },
    });
    openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_EXPIRED_MESSAGE);
  });

  it('shows the list error on other failures', async () => {
    mockFetch({ [COUNT]: { body: [] }, [INBOX]: new TypeError('Failed to fetch') });
    openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES_LOAD_ERROR);
  });

  it('explains a refused update', async () => {
    mockFetch({
      [COUNT]: { body: [] },
      [INBOX]: { body: [MESSAGE] },
      'PATCH /contact/m1': { status: 403, body: { message: 'Admin role required.' } },
    });
    const { user } = openMessages();
    await user.click(await screen.findByRole('button', { name: `${MARK_READ_LABEL}: Bob` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });
});

describe('the inbox and the archive', () => {
  /** A fake API that keeps its messages: pages, boxes, counts, updates and deletes. */
  function statefulInbox(count: number) {
    const messages = Array.from({ length: count }, (_, index) => ({
      ...MESSAGE,
      _id: `m${index + 1}`,
      name: `Sender ${index + 1}`,
      message: `Message ${index + 1}`,
      archived: false,
    }));
    const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const id = url.pathname.split('/').pop() ?? '';
      const found = messages.find((message) => message._id === id);
      if (method === 'PATCH' && found) {
        Object.assign(found, JSON.parse(String(init?.body)));
        return Response.json(found);
      }
      if (method === 'DELETE' && found) {
        messages.splice(messages.indexOf(found), 1);
        return new Response(null, { status: 204 });
      }
      const box = url.searchParams.get('box') === 'archive';
      const inBox = messages.filter((message) => message.archived === box);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const unread = messages.filter((message) => !message.archived && !message.read).length;
      return Response.json(inBox.slice(offset, offset + limit), {
        headers: { 'X-Total-Count': String(inBox.length), 'X-Unread-Count': String(unread) },
      });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    return messages;
  }

  it('names the unread in the tab, pages by 20, archives, brings back and deletes', async () => {
    statefulInbox(21);
    const { user } = openMessages();
    expect(
      await screen.findByRole('tab', { name: messagesTabLabel(TAB_MESSAGES, 21) }),
    ).toBeInTheDocument();
    await screen.findByText('Message 1');
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: MESSAGES_PAGES_LABEL });
    await user.click(within(pages).getByRole('button', { name: NEXT_PAGE_LABEL }));
    expect(await screen.findByText('Message 21')).toBeInTheDocument();

    // Archived: out of the inbox (its page now empty: back to the first), counted as read.
    await user.click(screen.getByRole('button', { name: `${ARCHIVE_LABEL}: Sender 21` }));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(screen.queryByText('Message 21')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('tab', { name: messagesTabLabel(TAB_MESSAGES, 20) }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ARCHIVE_BOX_LABEL }));
    expect(await screen.findByText('Message 21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${MOVE_TO_INBOX_LABEL}: Sender 21` }));
    expect(await screen.findByText(NO_ARCHIVED_MESSAGES)).toBeInTheDocument();

    // Read in place: the count follows at once.
    await user.click(screen.getByRole('button', { name: INBOX_LABEL }));
    await user.click(await screen.findByRole('button', { name: `${MARK_READ_LABEL}: Sender 1` }));
    expect(
      await screen.findByRole('tab', { name: messagesTabLabel(TAB_MESSAGES, 19) }),
    ).toBeInTheDocument();

    // Deleted after a confirmation.
    await user.click(screen.getByRole('button', { name: `${DELETE_LABEL}: Sender 2` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    await waitFor(() => expect(screen.queryByText('Message 2')).not.toBeInTheDocument());
    expect(
      await screen.findByRole('tab', { name: messagesTabLabel(TAB_MESSAGES, 18) }),
    ).toBeInTheDocument();
  });
});
