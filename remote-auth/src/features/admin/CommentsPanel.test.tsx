import { screen, waitFor, within } from '@testing-library/react';
import { PENDING_COUNT_HEADER, TOTAL_COUNT_HEADER } from '@portfolio/contract';
import type { ModeratedComment } from '@portfolio/contract';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import {
  APPROVE_LABEL,
  BLOCK_LABEL,
  COMMENT_APPROVED,
  COMMENT_SETTINGS_SAVED,
  LINKS_BEFORE_REVIEW_LABEL,
  NO_PENDING_COMMENTS,
  SAVE_COMMENT_SETTINGS,
  commentActionLabel,
  commentsTabLabel,
  memberBlocked,
} from './comments-texts';

setUpTestRuntimeConfig();

const COMMENT: ModeratedComment = {
  _id: 'c1',
  parentId: null,
  authorName: 'Ada',
  body: 'First! <b>markup</b> https://spam.example',
  createdAt: '2026-12-01T10:00:00.000Z',
  editedAt: null,
  articleId: 'tls',
  articleTitle: 'TLS in Practice',
  articleSlug: 'tls-in-practice',
  status: 'pending',
  notifyReplies: false,
  authorUid: 'ada-uid',
  authorEmail: 'ada@example.test',
  links: 1,
  authorBlocked: false,
};

const PENDING_PAGE = 'GET /comments?limit=20&offset=0&status=pending';
const PENDING_COUNT = 'GET /comments?limit=1&offset=0&status=pending';
const SETTINGS = 'GET /comments/settings';
const page = (items: ModeratedComment[], pending: number) => ({
  body: items,
  headers: { [TOTAL_COUNT_HEADER]: String(items.length), [PENDING_COUNT_HEADER]: String(pending) },
});

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const openComments = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=comments', auth: true });

describe('admin comments', () => {
  it('links a reply to its thread, on the page of replies it is on', async () => {
    const reply: ModeratedComment = {
      ...COMMENT,
      _id: 'c2',
      parentId: 'c1',
      body: 'A late reply',
      replyPage: 2,
    };
    mockFetch({
      [PENDING_COUNT]: page([], 1),
      [PENDING_PAGE]: page([reply], 1),
      [SETTINGS]: { body: { linksBeforeReview: 2, deletedMemberComments: 'keep' } },
    });
    openComments();
    const item = (await screen.findByText(reply.body)).closest('li') as HTMLElement;
    expect(within(item).getByRole('link', { name: 'on TLS in Practice' })).toHaveAttribute(
      'href',
      '/article/tls-in-practice?thread=c1&replies=2#comment-c2',
    );
  });

  it('shows the pending first, counted on the tab, and approves one', async () => {
    let approved = false;
    const fetchMock = mockFetch({
      [PENDING_COUNT]: page([], 1),
      [PENDING_PAGE]: () => (approved ? page([], 0) : page([COMMENT], 1)),
      [SETTINGS]: { body: { linksBeforeReview: 2, deletedMemberComments: 'keep' } },
      'POST /comments/bulk': () => {
        approved = true;
        return { body: { changed: 1 } };
      },
    });
    const { user } = openComments();
    expect(await screen.findByRole('tab', { name: commentsTabLabel(1) })).toBeInTheDocument();
    const item = (await screen.findByText(COMMENT.body)).closest('li') as HTMLElement;
    expect(within(item).getByText('Ada')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'on TLS in Practice' })).toHaveAttribute(
      'href',
      '/article/tls-in-practice?thread=c1#comment-c1',
    );
    await user.click(
      within(item).getByRole('button', { name: commentActionLabel(APPROVE_LABEL, 'Ada') }),
    );
    expect(await screen.findByText(COMMENT_APPROVED)).toBeInTheDocument();
    expect(await screen.findByText(NO_PENDING_COMMENTS)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/comments/bulk'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      ids: ['c1'],
      action: 'approve',
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: commentsTabLabel(0) })).toBeInTheDocument(),
    );
  });

  it("blocks a comment's member", async () => {
    let blocked = false;
    mockFetch({
      [PENDING_COUNT]: page([], 1),
      [PENDING_PAGE]: () => page(blocked ? [] : [COMMENT], blocked ? 0 : 1),
      [SETTINGS]: { body: { linksBeforeReview: 2, deletedMemberComments: 'keep' } },
      'PUT /members/ada-uid/block': () => {
        blocked = true;
        return { body: { message: 'Member blocked; 1 pending comment(s) removed.' } };
      },
    });
    const { user } = openComments();
    const item = (await screen.findByText(COMMENT.body)).closest('li') as HTMLElement;
    await user.click(
      within(item).getByRole('button', { name: commentActionLabel(BLOCK_LABEL, 'Ada') }),
    );
    expect(await screen.findByText(memberBlocked('Ada'))).toBeInTheDocument();
    expect(await screen.findByText(NO_PENDING_COMMENTS)).toBeInTheDocument();
  });

  it('saves how many links a comment may carry before it waits', async () => {
    const saved: unknown[] = [];
    mockFetch({
      [PENDING_COUNT]: page([], 0),
      [PENDING_PAGE]: page([], 0),
      [SETTINGS]: { body: { linksBeforeReview: 2, deletedMemberComments: 'keep' } },
      'PUT /comments/settings': (init) => {
        const body = JSON.parse(String(init?.body)) as unknown;
        saved.push(body);
        return { body };
      },
    });
    const { user } = openComments();
    const field = await screen.findByLabelText(LINKS_BEFORE_REVIEW_LABEL);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: SAVE_COMMENT_SETTINGS }));
    expect(await screen.findByText(COMMENT_SETTINGS_SAVED)).toBeInTheDocument();
    expect(saved).toEqual([{ linksBeforeReview: 0, deletedMemberComments: 'keep' }]);
  });
});
