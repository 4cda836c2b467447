import { act, getConfig, screen, waitFor, within } from '@testing-library/react';
import {
  CONFIRMED_COUNT_HEADER,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  SUBSCRIBER_IMPORT_MESSAGES,
  TOTAL_COUNT_HEADER,
} from '@portfolio/contract';
import type { NewsletterSend, Subscriber, SubscriberImport } from '@portfolio/contract';
import { formatPostDate, formatPublicationTime } from '@portfolio/shared/format';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { CANCEL_LABEL, CONFIRM_DELETE_LABEL, DELETE_LABEL, confirmDeleteText } from '../../texts';
import { NEXT_PAGE_LABEL, pageOfPages } from './admin-texts';
import {
  ARTICLE_LABEL,
  EXPORT_SUBSCRIBERS_LABEL,
  FAILED_LABEL,
  IMPORT_SUBSCRIBERS_HINT,
  IMPORT_SUBSCRIBERS_LABEL,
  IMPORT_TOO_LARGE,
  INVALID_LINES_LABEL,
  MEMBER_BADGE,
  NO_SENDS,
  NO_SUBSCRIBER_MATCHES,
  SEARCH_SUBSCRIBERS_LABEL,
  SENDS_HEADING,
  SENDS_UPDATING,
  SENT_LABEL,
  SINCE_PREFIX,
  SUBSCRIBERS_PAGES_LABEL,
  SUBSCRIBERS_LIST_LABEL,
  SUBSCRIBER_DELETED,
  SUBSCRIBER_FILTERS_LABEL,
  WAITING_LABEL,
  WHEN_LABEL,
  WHEN_PUBLISHED,
  CANCEL_SEND_LABEL,
  cancelSendLabel,
  deleteSubscriberLabel,
  importSummary,
  invalidLineText,
  moreInvalidLines,
  subscribersTabLabel,
} from './newsletter-texts';
import { TAB_INSIGHTS } from './insights-texts';
import { SENDS_POLL_MS } from './SubscribersPanel';

setUpTestRuntimeConfig();

const ADA: Subscriber = {
  _id: 'sub-ada',
  email: 'ada@example.test',
  status: 'confirmed',
  memberUid: 'ada-uid',
  createdAt: '2026-11-01T10:00:00.000Z',
  confirmedAt: '2026-11-02T10:00:00.000Z',
};
const BOB: Subscriber = {
  _id: 'sub-bob',
  email: 'bob@example.test',
  status: 'pending',
  memberUid: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  confirmedAt: null,
};
const SEND: NewsletterSend = {
  articleId: 'tls',
  articleTitle: 'TLS in Practice',
  createdAt: '2026-12-02T09:00:00.000Z',
  sent: 40,
  failed: 1,
  waiting: 0,
};

/** The dashboard asks the confirmed count for the tab's name. */
const COUNT = 'GET /newsletter/subscribers?limit=1&offset=0';
const FIRST_PAGE = 'GET /newsletter/subscribers?limit=50&offset=0';
const SENDS = 'GET /newsletter/sends';
const page = (items: Subscriber[], confirmed: number, total = items.length) => ({
  body: items,
  headers: { [TOTAL_COUNT_HEADER]: String(total), [CONFIRMED_COUNT_HEADER]: String(confirmed) },
});

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const openSubscribers = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=subscribers', auth: true });

const subscribersList = () => screen.findByRole('list', { name: SUBSCRIBERS_LIST_LABEL });
/** The list's item of an address, if shown. */
const itemOf = (email: string) => screen.queryByText(email)?.closest('li') ?? null;

/** The first row of the newsletters sent, by column. */
const firstSend = (table: HTMLElement): Record<string, string> => {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const row = within(table).getAllByRole('row')[1]!;
  const cells = [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')];
  return Object.fromEntries(
    headers.map((header, index) => [header, cells[index]?.textContent ?? '']),
  );
};

describe('the Subscribers tab', () => {
  it('lists the addresses with their state, since when and the members, the confirmed counted on the tab, and the newsletters sent', async () => {
    mockFetch({
      [COUNT]: page([ADA], 1, 2),
      [FIRST_PAGE]: page([BOB, ADA], 1),
      [SENDS]: { body: [SEND] },
    });
    openSubscribers();
    const list = await subscribersList();
    expect(screen.getByRole('tab', { name: subscribersTabLabel(1) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const ada = itemOf(ADA.email)!;
    expect(within(ada).getByText(MEMBER_BADGE)).toBeInTheDocument();
    expect(within(ada).getByText('Confirmed')).toBeInTheDocument();
    // Since it was confirmed.
    expect(ada).toHaveTextContent(`${SINCE_PREFIX} ${formatPostDate(ADA.confirmedAt!)}`);
    expect(within(ada).getByText(formatPostDate(ADA.confirmedAt!))).toHaveAttribute(
      'datetime',
      ADA.confirmedAt,
    );
    const bob = itemOf(BOB.email)!;
    expect(within(bob).queryByText(MEMBER_BADGE)).not.toBeInTheDocument();
    expect(within(bob).getByText('Pending')).toBeInTheDocument();
    // Pending: since it was given.
    expect(bob).toHaveTextContent(`${SINCE_PREFIX} ${formatPostDate(BOB.createdAt)}`);
    expect(
      within(bob).getByRole('button', { name: deleteSubscriberLabel(BOB.email) }),
    ).toBeInTheDocument();
    // All states, first.
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    const sends = await screen.findByRole('table', { name: SENDS_HEADING });
    expect(firstSend(sends)).toEqual({
      [ARTICLE_LABEL]: SEND.articleTitle,
      [WHEN_LABEL]: formatPublicationTime(SEND.createdAt),
      [SENT_LABEL]: '40',
      [FAILED_LABEL]: '1',
      [WAITING_LABEL]: '0',
    });
    // Nothing waits: it does not say it keeps itself up to date.
    expect(screen.queryByText(SENDS_UPDATING)).not.toBeInTheDocument();
  });

  it('lists an article that goes out when it is published, and cancels it', async () => {
    let cancelled = false;
    const waitingSend: NewsletterSend = {
      articleId: 'later',
      articleTitle: 'Coming Soon',
      createdAt: '2026-12-03T09:00:00.000Z',
      sent: 0,
      failed: 0,
      waiting: 0,
      waitingForPublication: true,
    };
    const fetchMock = mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: page([ADA], 1),
      [SENDS]: () => ({ body: cancelled ? [] : [waitingSend] }),
      'DELETE /articles/later/newsletter': () => {
        cancelled = true;
        return { status: 204 };
      },
    });
    const { user } = openSubscribers();
    const sends = await screen.findByRole('table', { name: SENDS_HEADING });
    expect(firstSend(sends)).toMatchObject({
      [ARTICLE_LABEL]: waitingSend.articleTitle,
      [WHEN_LABEL]: WHEN_PUBLISHED,
      [WAITING_LABEL]: CANCEL_SEND_LABEL,
    });
    await user.click(
      within(sends).getByRole('button', { name: cancelSendLabel(waitingSend.articleTitle) }),
    );
    expect(await screen.findByText(NO_SENDS)).toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => String(url))).toEqual([
      'http://api.test/api/articles/later/newsletter',
    ]);
  });

  it('filters by state and searches by address once typing settles', async () => {
    const fetchMock = mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: page([BOB, ADA], 1),
      'GET /newsletter/subscribers?status=pending&limit=50&offset=0': page([BOB], 1),
      'GET /newsletter/subscribers?status=pending&query=ada&limit=50&offset=0': page([], 1),
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    await subscribersList();
    const filters = screen.getByRole('group', { name: SUBSCRIBER_FILTERS_LABEL });
    await user.click(within(filters).getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(itemOf(ADA.email)).toBeNull());
    expect(itemOf(BOB.email)).not.toBeNull();
    expect(within(filters).getByRole('button', { name: 'Pending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.type(screen.getByLabelText(SEARCH_SUBSCRIBERS_LABEL), 'ada');
    expect(await screen.findByText(NO_SUBSCRIBER_MATCHES)).toBeInTheDocument();
    // Asked once the typing settled, not once a key.
    const searches = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('query='));
    expect(searches).toEqual([
      'http://api.test/api/newsletter/subscribers?status=pending&query=ada&limit=50&offset=0',
    ]);
    expect(screen.getByText(NO_SENDS)).toBeInTheDocument();
  });

  it('pages 50 at a time', async () => {
    const many = Array.from({ length: 50 }, (_, index) => ({
      ...BOB,
      _id: `sub-${index}`,
      email: `reader${index}@example.test`,
    }));
    mockFetch({
      [COUNT]: page([], 0, 120),
      [FIRST_PAGE]: page(many, 0, 120),
      'GET /newsletter/subscribers?limit=50&offset=50': page([ADA], 1, 120),
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    await subscribersList();
    const pager = screen.getByRole('navigation', { name: SUBSCRIBERS_PAGES_LABEL });
    expect(within(pager).getByText(pageOfPages(1, 3))).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: NEXT_PAGE_LABEL }));
    expect(await screen.findByText(ADA.email)).toBeInTheDocument();
    expect(within(pager).getByText(pageOfPages(2, 3))).toBeInTheDocument();
  });

  it('deletes a subscriber after asking, and counts the confirmed again', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: () => (deleted ? page([BOB], 0) : page([BOB, ADA], 1)),
      'DELETE /newsletter/subscribers/sub-ada': () => {
        deleted = true;
        return { status: 204 };
      },
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    const list = await subscribersList();
    await user.click(within(list).getByRole('button', { name: deleteSubscriberLabel(ADA.email) }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    expect(dialog).toHaveTextContent(confirmDeleteText(ADA.email));
    // Nothing is deleted before the answer.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    // Said in the list's live region.
    expect(await screen.findByText(SUBSCRIBER_DELETED)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(itemOf(ADA.email)).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: subscribersTabLabel(0) })).toBeInTheDocument();
  });

  it('keeps a subscriber when the question is cancelled', async () => {
    const fetchMock = mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: page([ADA], 1),
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    const list = await subscribersList();
    await user.click(within(list).getByRole('button', { name: deleteSubscriberLabel(ADA.email) }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    await user.click(within(dialog).getByRole('button', { name: CANCEL_LABEL }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(itemOf(ADA.email)).not.toBeNull();
  });

  it('exports the addresses of the filter shown as subscribers.csv', async () => {
    const csv = 'email,status,memberUid,createdAt,confirmedAt\r\nada@example.test,confirmed\r\n';
    mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: page([BOB, ADA], 1),
      'GET /newsletter/subscribers?status=confirmed&limit=50&offset=0': page([ADA], 1),
      'GET /newsletter/subscribers.csv?status=confirmed': { body: csv },
      [SENDS]: { body: [] },
    });
    const saved: { name: string; blob: Blob }[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', blob });
        return 'blob:subscribers';
      },
      revokeObjectURL: () => {},
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved[saved.length - 1]!.name = this.download;
    });
    try {
      const { user } = openSubscribers();
      await subscribersList();
      await user.click(screen.getByRole('button', { name: 'Confirmed' }));
      await waitFor(() => expect(itemOf(BOB.email)).toBeNull());
      await user.click(screen.getByRole('button', { name: EXPORT_SUBSCRIBERS_LABEL }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('subscribers.csv');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0]!.blob);
      });
      // The test's fetch sends every body as JSON.
      expect(JSON.parse(text)).toBe(csv);
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('says why the export failed', async () => {
    mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: page([ADA], 1),
      'GET /newsletter/subscribers.csv': { status: 500, body: { message: 'Broken' } },
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    await subscribersList();
    await user.click(screen.getByRole('button', { name: EXPORT_SUBSCRIBERS_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The subscribers could not be exported.',
    );
  });
});

describe('importing a CSV file', () => {
  const IMPORT = 'POST /newsletter/subscribers/import';
  const CAROL: Subscriber = {
    ...BOB,
    _id: 'sub-carol',
    email: 'carol@example.test',
    status: 'confirmed',
    confirmedAt: '2026-12-03T10:00:00.000Z',
  };
  const csvFile = (text: string, name = 'list.csv') => new File([text], name, { type: 'text/csv' });

  it('sends the file chosen, says what the import did and which lines were not valid, and reads the list again', async () => {
    const csv = 'email,name\r\ncarol@example.test,Carol\r\nnot-an-address,X\r\n';
    const answer: SubscriberImport = {
      imported: 250,
      skipped: 3,
      invalid: [
        { line: 3, reason: '“not-an-address” is not a valid e-mail address.' },
        { line: 9, reason: SUBSCRIBER_IMPORT_MESSAGES.noAddress },
      ],
      invalidCount: 22,
    };
    let imported = false;
    const sent: { body: unknown; authorization: string | null }[] = [];
    mockFetch({
      [COUNT]: () => page([ADA], imported ? 2 : 1),
      [FIRST_PAGE]: () => (imported ? page([CAROL, BOB, ADA], 2) : page([BOB, ADA], 1)),
      [IMPORT]: (init) => {
        sent.push({
          body: JSON.parse(String(init?.body)),
          authorization: new Headers(init?.headers).get('Authorization'),
        });
        imported = true;
        return { body: answer };
      },
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    await subscribersList();
    const input = screen.getByLabelText(IMPORT_SUBSCRIBERS_LABEL);
    // What an import does is said beside it: confirmed at once, the owner answering for consent.
    expect(input).toHaveAccessibleDescription(IMPORT_SUBSCRIBERS_HINT);
    await user.upload(input, csvFile(csv));

    const summary = await screen.findByText(importSummary(answer));
    expect(summary).toHaveTextContent(
      'Imported 250 subscribers; 3 already subscribed; 22 lines not valid.',
    );
    expect(summary).toHaveAttribute('role', 'status');
    expect(sent).toEqual([{ body: { csv }, authorization: expect.stringMatching(/^Bearer /) }]);
    const lines = screen.getByRole('list', { name: INVALID_LINES_LABEL });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(answer.invalid.map(invalidLineText));
    expect(screen.getByText(moreInvalidLines(20))).toBeInTheDocument();
    // The list and the tab's count, read again.
    expect(await screen.findByText(CAROL.email)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: subscribersTabLabel(2) })).toBeInTheDocument();
  });

  it('says why a file was refused: too large before it is sent, or the API’s reason as it says it', async () => {
    const refusals = [
      { status: 400, body: { message: SUBSCRIBER_IMPORT_MESSAGES.noEmailColumn } },
      { status: 413, body: { message: 'Request body is too large.' } },
    ];
    let listReads = 0;
    const fetchMock = mockFetch({
      [COUNT]: page([ADA], 1),
      [FIRST_PAGE]: () => {
        listReads += 1;
        return page([ADA], 1);
      },
      [IMPORT]: () => refusals.shift() ?? { status: 500, body: { message: 'Unexpected' } },
      [SENDS]: { body: [] },
    });
    const { user } = openSubscribers();
    await subscribersList();
    const input = screen.getByLabelText(IMPORT_SUBSCRIBERS_LABEL);
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    // Larger than the API takes: said without sending it.
    await user.upload(input, csvFile('x'.repeat(SUBSCRIBER_IMPORT_MAX_BYTES + 1), 'big.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE);
    expect(posts()).toBe(0);

    await user.upload(input, csvFile('name\r\nAda\r\n'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIBER_IMPORT_MESSAGES.noEmailColumn),
    );
    // The same input again, once the file is corrected; a 413 from the API in plain words too.
    await user.upload(input, csvFile('email\r\nada@example.test\r\n'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE));
    expect(posts()).toBe(2);
    expect(screen.queryByRole('list', { name: INVALID_LINES_LABEL })).not.toBeInTheDocument();
    // Nothing was imported: the list was not read again.
    expect(listReads).toBe(1);
  });
});

describe('the newsletters sent', () => {
  /**
   * The panel's poll timers (those of SENDS_POLL_MS), held here to be run when the test says;
   * every other timer runs as ever. A poll cleared (the tab left) is dropped.
   */
  const holdPolls = () => {
    // Told apart by their delay: Testing Library's waits have another.
    expect(SENDS_POLL_MS).not.toBe(getConfig().asyncUtilTimeout);
    const held = new Map<number, () => void>();
    let next = 0;
    // Plain functions, not jest.spyOn's: Testing Library takes mocked timers for fake ones.
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    globalThis.setTimeout = ((callback: () => void, delay?: number, ...rest: unknown[]) => {
      if (delay !== SENDS_POLL_MS) {
        return Reflect.apply(realSetTimeout, globalThis, [callback, delay, ...rest]) as number;
      }
      next -= 1;
      held.set(next, callback);
      return next;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((id?: number) => {
      if (typeof id === 'number' && held.delete(id)) return;
      realClearTimeout.call(globalThis, id);
    }) as typeof clearTimeout;
    return {
      /** How many polls wait to run. */
      get pending() {
        return held.size;
      },
      /** Runs the polls due, as if their time had come. */
      async run() {
        const due = [...held.values()];
        held.clear();
        await act(async () => {
          for (const poll of due) poll();
        });
      },
      restore() {
        globalThis.setTimeout = realSetTimeout;
        globalThis.clearTimeout = realClearTimeout;
      },
    };
  };

  it('are read again every few seconds while mails wait, and no more once none waits', async () => {
    const polls = holdPolls();
    try {
      let reads = 0;
      mockFetch({
        [COUNT]: page([], 0),
        [FIRST_PAGE]: page([], 0),
        [SENDS]: () => {
          reads += 1;
          // 2 waiting, then 1, then none.
          return { body: [{ ...SEND, sent: 38 + reads, waiting: Math.max(0, 3 - reads) }] };
        },
      });
      openSubscribers();
      const sends = await screen.findByRole('table', { name: SENDS_HEADING });
      expect(firstSend(sends)).toMatchObject({ [SENT_LABEL]: '39', [WAITING_LABEL]: '2' });
      expect(screen.getByText(SENDS_UPDATING)).toBeInTheDocument();
      await waitFor(() => expect(polls.pending).toBe(1));
      await polls.run();
      await waitFor(() => expect(firstSend(sends)[SENT_LABEL]).toBe('40'));
      expect(firstSend(sends)[WAITING_LABEL]).toBe('1');
      await waitFor(() => expect(polls.pending).toBe(1));
      await polls.run();
      await waitFor(() =>
        expect(firstSend(sends)).toMatchObject({ [SENT_LABEL]: '41', [WAITING_LABEL]: '0' }),
      );
      expect(screen.queryByText(SENDS_UPDATING)).not.toBeInTheDocument();
      // None waits: no read is planned.
      expect(polls.pending).toBe(0);
      expect(reads).toBe(3);
    } finally {
      polls.restore();
    }
  });

  it('are no more read once the tab is left', async () => {
    const polls = holdPolls();
    try {
      let reads = 0;
      mockFetch({
        [COUNT]: page([], 0),
        [FIRST_PAGE]: page([], 0),
        [SENDS]: () => {
          reads += 1;
          return { body: [{ ...SEND, waiting: 5 }] };
        },
        'GET /insights?days=30': { status: 503, body: { message: 'Not now' } },
      });
      const { user } = openSubscribers();
      await screen.findByRole('table', { name: SENDS_HEADING });
      await waitFor(() => expect(polls.pending).toBe(1));
      await user.click(screen.getByRole('tab', { name: TAB_INSIGHTS }));
      expect(screen.queryByRole('table', { name: SENDS_HEADING })).not.toBeInTheDocument();
      expect(polls.pending).toBe(0);
      expect(reads).toBe(1);
    } finally {
      polls.restore();
    }
  });
});
