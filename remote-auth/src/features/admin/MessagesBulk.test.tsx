// The inbox's search and its actions on several selected messages (docs/decisions/144).
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { DELETE_LABEL } from '../../texts';
import {
  ARCHIVE_BOX_LABEL,
  ARCHIVE_SELECTED_LABEL,
  DELETE_SELECTED_LABEL,
  MARK_SELECTED_READ_LABEL,
  MOVE_SELECTED_TO_INBOX_LABEL,
  NO_MESSAGE_MATCHES,
  SEARCH_MESSAGES_LABEL,
  SELECTED_ACTIONS_LABEL,
  SELECT_PAGE_LABEL,
  bulkNotice,
  selectMessageLabel,
  selectedCount,
} from './admin-texts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const message = (id: string, name: string, text: string) => ({
  _id: id,
  name,
  email: `${id}@example.test`,
  message: text,
  createdAt: '2026-11-26T10:00:00.000Z',
  read: false,
  archived: false,
});
const ADA = message('m1', 'Ada', 'Is the workshop still on?');
const GRACE = message('m2', 'Grace', 'A question about COBOL.');
const LINUS = message('m3', 'Linus', 'About the kernel workshop');

const INBOX = 'GET /contact?limit=20&offset=0&box=inbox';
const inbox = (items: unknown[], unread = items.length) => ({
  body: items,
  headers: { 'X-Total-Count': String(items.length), 'X-Unread-Count': String(unread) },
});

const openMessages = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=messages', auth: true });

describe('the inbox, several at once', () => {
  it('searches the box once the typing pauses', async () => {
    const fetchMock = mockFetch({
      'GET /contact?limit=1&offset=0&box=inbox': inbox([]),
      [INBOX]: inbox([ADA, GRACE, LINUS]),
      'GET /contact?limit=20&offset=0&box=inbox&query=workshop': inbox([LINUS, ADA], 3),
      'GET /contact?limit=20&offset=0&box=inbox&query=nobody': inbox([], 3),
    });
    const { user } = openMessages();
    await screen.findByText(GRACE.message);
    await user.type(screen.getByLabelText(SEARCH_MESSAGES_LABEL), 'workshop');
    await waitFor(() => expect(screen.queryByText(GRACE.message)).toBeNull());
    expect(screen.getByText(ADA.message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('query=')).length).toBe(1);
    await user.clear(screen.getByLabelText(SEARCH_MESSAGES_LABEL));
    await user.type(screen.getByLabelText(SEARCH_MESSAGES_LABEL), 'nobody');
    expect(await screen.findByText(NO_MESSAGE_MATCHES)).toBeInTheDocument();
  });

  it('selects messages, then archives them in one request', async () => {
    let archived = false;
    const fetchMock = mockFetch({
      'GET /contact?limit=1&offset=0&box=inbox': inbox([]),
      [INBOX]: () => inbox(archived ? [GRACE] : [ADA, GRACE, LINUS]),
      'POST /contact/bulk': () => {
        archived = true;
        return { body: { count: 2 } };
      },
    });
    const { user } = openMessages();
    await screen.findByText(ADA.message);
    const actions = screen.getByRole('group', { name: SELECTED_ACTIONS_LABEL });
    // Nothing selected: nothing to do yet.
    expect(within(actions).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: selectMessageLabel('Ada') }));
    await user.click(screen.getByRole('checkbox', { name: selectMessageLabel('Linus') }));
    expect(actions).toHaveTextContent(selectedCount(2));
    expect(screen.getByRole('checkbox', { name: SELECT_PAGE_LABEL })).toHaveProperty(
      'indeterminate',
      true,
    );
    await user.click(within(actions).getByRole('button', { name: ARCHIVE_SELECTED_LABEL }));
    expect(await screen.findByText(bulkNotice('archive', 2))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(ADA.message)).toBeNull());
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST') as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toEqual({ ids: ['m1', 'm3'], action: 'archive' });
    expect(screen.getByRole('checkbox', { name: selectMessageLabel('Grace') })).not.toBeChecked();
  });

  it('marks the whole page read, and deletes a selection after a confirmation', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /contact?limit=1&offset=0&box=inbox': inbox([]),
      [INBOX]: inbox([ADA, GRACE]),
      'POST /contact/bulk': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { count: 2 } };
      },
    });
    const { user } = openMessages();
    await screen.findByText(ADA.message);
    await user.click(screen.getByRole('checkbox', { name: SELECT_PAGE_LABEL }));
    expect(screen.getByRole('checkbox', { name: selectMessageLabel('Grace') })).toBeChecked();
    await user.click(screen.getByRole('button', { name: MARK_SELECTED_READ_LABEL }));
    expect(await screen.findByText(bulkNotice('read', 2))).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: SELECT_PAGE_LABEL }));
    await user.click(screen.getByRole('button', { name: DELETE_SELECTED_LABEL }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Delete "the 2 selected messages"?');
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    expect(await screen.findByText(bulkNotice('delete', 2))).toBeInTheDocument();
    expect(bodies).toEqual([
      { ids: ['m1', 'm2'], action: 'read' },
      { ids: ['m1', 'm2'], action: 'delete' },
    ]);
  });

  it('brings a selection back from the archive', async () => {
    mockFetch({
      'GET /contact?limit=1&offset=0&box=inbox': inbox([]),
      [INBOX]: inbox([]),
      'GET /contact?limit=20&offset=0&box=archive': inbox([{ ...ADA, archived: true }], 0),
      'POST /contact/bulk': { body: { count: 1 } },
    });
    const { user } = openMessages();
    await user.click(await screen.findByRole('button', { name: ARCHIVE_BOX_LABEL }));
    await user.click(await screen.findByRole('checkbox', { name: selectMessageLabel('Ada') }));
    expect(screen.queryByRole('button', { name: MARK_SELECTED_READ_LABEL })).toBeNull();
    await user.click(screen.getByRole('button', { name: MOVE_SELECTED_TO_INBOX_LABEL }));
    expect(await screen.findByText(bulkNotice('unarchive', 1))).toBeInTheDocument();
  });
});
