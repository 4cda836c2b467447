import { TAB_COMMENTS } from '../../features/admin/comments-texts';
import { screen } from '@testing-library/react';
import { CONFIRMED_COUNT_HEADER } from '@portfolio/contract';
import { mockFetch, setUpTestRuntimeConfig, navigatedTo, renderPage } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import {
  ADMIN_DASHBOARD_TITLE,
  ADMIN_SECTIONS_LABEL,
  NOT_ALLOWED_TEXT,
  NOT_ALLOWED_TITLE,
  TAB_ARTICLES,
  TAB_MESSAGES,
  TAB_PROJECTS,
  USER_DASHBOARD_LINK,
} from '../../texts';
import { TAB_SETTINGS } from '../../features/admin/settings-texts';
import { TAB_INSIGHTS } from '../../features/admin/insights-texts';
import { subscribersTabLabel } from '../../features/admin/newsletter-texts';
import AdminDashboardPage from './AdminDashboardPage';

const PROJECT = {
  _id: 'siem-lab',
  title: 'Home Lab SIEM',
  description: 'A lab.',
  imagePath: '/images/siem.svg',
  createdAt: '2024-02-12T00:00:00.000Z',
  updatedAt: '2024-02-12T00:00:00.000Z',
};
const ARTICLE = {
  _id: 'tls',
  title: 'TLS in Practice',
  content: '# TLS',
  excerpt: 'TLS.',
  createdAt: '2025-06-10T00:00:00.000Z',
  updatedAt: '2025-06-10T00:00:00.000Z',
};

/** The dashboard's first page of articles (docs/decisions/131): drafts too, 20 at a time. */
const ARTICLE_LIST = 'GET /articles?limit=20&offset=0&include=drafts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

describe('AdminDashboardPage', () => {
  it('sends a signed-out visitor to /signin', async () => {
    renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    expect(await navigatedTo()).toBe('/signin');
  });

  it('shows a clear "not allowed" page to a signed-in user without the admin role', async () => {
    const fetchMock = mockFetch({});
    setCurrentUser(makeUser({ role: 'user' }));
    renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: NOT_ALLOWED_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText(NOT_ALLOWED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: USER_DASHBOARD_LINK })).toHaveAttribute(
      'href',
      '/user-dashboard',
    );
    // No admin data is even asked for.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the dashboard with its tabs to an admin, projects first', async () => {
    mockFetch({
      'GET /projects?include=drafts': { body: [PROJECT] },
      [ARTICLE_LIST]: { body: [ARTICLE] },
    });
    setCurrentUser(makeUser({ role: 'admin' }));
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: ADMIN_DASHBOARD_TITLE }),
    ).toBeInTheDocument();
    const tablist = screen.getByRole('tablist', { name: ADMIN_SECTIONS_LABEL });
    expect(tablist).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: TAB_PROJECTS })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText(PROJECT.title)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: TAB_ARTICLES }));
    expect(await screen.findByText(ARTICLE.title)).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(TAB_ARTICLES);
  });

  it('moves between tabs with the arrow keys', async () => {
    mockFetch({
      'GET /projects?include=drafts': { body: [] },
      [ARTICLE_LIST]: { body: [] },
      'GET /contact?limit=1&offset=0&box=inbox': { body: [] },
      'GET /contact?limit=20&offset=0&box=inbox': { body: [] },
      'GET /settings': { body: makeSiteSettings() },
      'GET /insights?days=30': { status: 503, body: { message: 'Not now' } },
      'GET /comments?limit=1&offset=0&status=pending': { body: [] },
      // Two confirmed, counted for the tab's name, and by its panel's page when opened.
      'GET /newsletter/subscribers?limit=1&offset=0': {
        body: [],
        headers: { [CONFIRMED_COUNT_HEADER]: '2' },
      },
      'GET /newsletter/subscribers?limit=50&offset=0': {
        body: [],
        headers: { [CONFIRMED_COUNT_HEADER]: '2' },
      },
      'GET /newsletter/sends': { body: [] },
    });
    setCurrentUser(makeUser({ role: 'admin' }));
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    const projects = await screen.findByRole('tab', { name: TAB_PROJECTS });
    projects.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: TAB_ARTICLES })).toHaveFocus();
    expect(screen.getByRole('tab', { name: TAB_ARTICLES })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The last tab is the site's settings (docs/decisions/141).
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: TAB_SETTINGS })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: TAB_PROJECTS })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: TAB_SETTINGS })).toHaveFocus();
    // Before the settings, who reads the site (docs/decisions/180), the newsletter's subscribers
    // (docs/decisions/206), the members' comments (docs/decisions/200), then the messages.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: TAB_INSIGHTS })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: subscribersTabLabel(2) })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: TAB_COMMENTS })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: TAB_MESSAGES })).toHaveFocus();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('opens the tab named in the URL', async () => {
    mockFetch({ [ARTICLE_LIST]: { body: [ARTICLE] } });
    setCurrentUser(makeUser({ role: 'admin' }));
    renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=articles', auth: true });
    expect(await screen.findByText(ARTICLE.title)).toBeInTheDocument();
  });
});
