// "Send as newsletter" in the dashboard's article list (docs/decisions/206).
import { screen, waitFor, within } from '@testing-library/react';
import {
  CONFIRMED_COUNT_HEADER,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_WHEN_PUBLISHED_MESSAGE,
  TOTAL_COUNT_HEADER,
  newsletterQueuedMessage,
} from '@portfolio/contract';
import type { NewsletterQueued } from '@portfolio/contract';
import type { Article } from '@portfolio/shared/types';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { CANCEL_LABEL } from '../../texts';
import {
  CONFIRM_SEND_LABEL,
  SEND_LABEL,
  SEND_WHEN_PUBLISHED_LABEL,
  confirmSendText,
  confirmSendWhenPublishedText,
  sendNewsletterLabel,
  sendWhenPublishedLabel,
} from './newsletter-texts';

setUpTestRuntimeConfig();

const DAY = 86_400_000;
const article = (id: string, title: string, extra: Partial<Article> = {}): Article => ({
  _id: id,
  slug: id,
  title,
  content: `# ${title}`,
  excerpt: `${title}.`,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  status: 'published',
  publishedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});
const PUBLISHED = article('tls', 'TLS in Practice');
const DRAFT = article('draft', 'Half Written', { status: 'draft', publishedAt: null });
const SCHEDULED = article('later', 'Coming Soon', {
  publishedAt: new Date(Date.now() + 7 * DAY).toISOString(),
});

const ARTICLE_LIST = 'GET /articles?limit=20&offset=0&include=drafts';
/** The dashboard asks how many are confirmed for the Subscribers tab's name. */
const CONFIRMED = 'GET /newsletter/subscribers?limit=1&offset=0';
const SEND = 'POST /articles/tls/newsletter';
const confirmed = (count: number) => ({
  body: [],
  headers: { [TOTAL_COUNT_HEADER]: String(count), [CONFIRMED_COUNT_HEADER]: String(count) },
});
const queued = (count: number): { status: number; body: NewsletterQueued } => ({
  status: 202,
  body: {
    queued: count,
    message: newsletterQueuedMessage(count),
    send: {
      articleId: 'tls',
      articleTitle: PUBLISHED.title,
      createdAt: '2026-12-03T10:00:00.000Z',
      sent: 0,
      failed: 0,
      waiting: count,
    },
  },
});

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const openArticles = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=articles', auth: true });

const itemOf = async (title: string) =>
  (await screen.findByText(title)).closest('li') as HTMLElement;

describe('Send as newsletter', () => {
  it('sends a published article after asking, to how many are confirmed, and says what the API answered', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [PUBLISHED] },
      [CONFIRMED]: confirmed(3),
      [SEND]: queued(3),
    });
    const { user } = openArticles();
    const item = await itemOf(PUBLISHED.title);
    await user.click(
      within(item).getByRole('button', { name: sendNewsletterLabel(PUBLISHED.title) }),
    );
    const dialog = screen.getByRole('dialog', { name: CONFIRM_SEND_LABEL });
    await waitFor(() => expect(dialog).toHaveTextContent(confirmSendText(PUBLISHED.title, 3)));
    expect(confirmSendText(PUBLISHED.title, 3)).toBe(
      'Send “TLS in Practice” to 3 confirmed subscribers?',
    );
    // Nothing is sent before the answer.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: SEND_LABEL }));
    // The API's message, in the list's live region.
    expect(await screen.findByText(newsletterQueuedMessage(3))).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual([
      'http://api.test/api/articles/tls/newsletter',
    ]);
    expect(new Headers((posts[0]![1] as RequestInit).headers).get('Authorization')).toBe(
      'Bearer token-admin-uid',
    );
  });

  it('asks without a number when the count is unknown, and sends nothing when cancelled', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [PUBLISHED] },
      [CONFIRMED]: { status: 500, body: { message: 'Broken' } },
    });
    const { user } = openArticles();
    const item = await itemOf(PUBLISHED.title);
    await user.click(
      within(item).getByRole('button', { name: sendNewsletterLabel(PUBLISHED.title) }),
    );
    const dialog = screen.getByRole('dialog', { name: CONFIRM_SEND_LABEL });
    expect(dialog).toHaveTextContent(confirmSendText(PUBLISHED.title, null));
    await user.click(within(dialog).getByRole('button', { name: CANCEL_LABEL }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers a draft and a scheduled article to be sent when published, and asks the API so', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [SCHEDULED, PUBLISHED, DRAFT] },
      [CONFIRMED]: confirmed(3),
      'POST /articles/draft/newsletter?when=published': {
        status: 202,
        body: {
          queued: 0,
          message: NEWSLETTER_WHEN_PUBLISHED_MESSAGE,
          send: {
            articleId: 'draft',
            articleTitle: DRAFT.title,
            createdAt: '2026-12-03T10:00:00.000Z',
            sent: 0,
            failed: 0,
            waiting: 0,
            waitingForPublication: true,
          },
        },
      },
    });
    const { user } = openArticles();
    const scheduled = await itemOf(SCHEDULED.title);
    expect(
      within(scheduled).getByRole('button', { name: sendWhenPublishedLabel(SCHEDULED.title) }),
    ).toHaveTextContent(SEND_WHEN_PUBLISHED_LABEL);
    expect(
      within(scheduled).queryByRole('button', { name: sendNewsletterLabel(SCHEDULED.title) }),
    ).not.toBeInTheDocument();
    const draft = await itemOf(DRAFT.title);
    await user.click(
      within(draft).getByRole('button', { name: sendWhenPublishedLabel(DRAFT.title) }),
    );
    const dialog = screen.getByRole('dialog', { name: CONFIRM_SEND_LABEL });
    expect(dialog).toHaveTextContent(confirmSendWhenPublishedText(DRAFT.title));
    await user.click(within(dialog).getByRole('button', { name: SEND_LABEL }));
    expect(await screen.findByText(NEWSLETTER_WHEN_PUBLISHED_MESSAGE)).toHaveAttribute(
      'role',
      'status',
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual([
      'http://api.test/api/articles/draft/newsletter?when=published',
    ]);
  });

  it.each([
    // Unpublished meanwhile, in another tab.
    [409, NEWSLETTER_MESSAGES.notPublished],
    // No SMTP server (the content API's NEWSLETTER_CANNOT_SEND).
    [503, 'The newsletter cannot send mail right now. Please try later.'],
  ])('shows the API’s refusal (%i) in the question', async (status, message) => {
    mockFetch({
      [ARTICLE_LIST]: { body: [PUBLISHED] },
      [CONFIRMED]: confirmed(3),
      [SEND]: { status, body: { message } },
    });
    const { user } = openArticles();
    const item = await itemOf(PUBLISHED.title);
    await user.click(
      within(item).getByRole('button', { name: sendNewsletterLabel(PUBLISHED.title) }),
    );
    const dialog = screen.getByRole('dialog', { name: CONFIRM_SEND_LABEL });
    await user.click(within(dialog).getByRole('button', { name: SEND_LABEL }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    // Still open: the owner reads why, then closes it.
    expect(within(dialog).getByRole('button', { name: SEND_LABEL })).toBeEnabled();
  });
});
