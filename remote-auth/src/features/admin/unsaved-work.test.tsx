import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import {
  ARTICLE_SAVED,
  CANCEL_LABEL,
  CONTENT_LABEL,
  NEW_ARTICLE_LABEL,
  NEW_PROJECT_LABEL,
  SAVE_DRAFT_LABEL,
  TAB_PROJECTS,
  TITLE_LABEL,
} from '../../texts';
import {
  DISCARD_UNSAVED_CONFIRM,
  LEAVE_UNSAVED_CONFIRM,
  RECOVERED_LABEL,
  RESTORE_UNSAVED_LABEL,
} from './admin-texts';

setUpTestRuntimeConfig();

const LIST = 'GET /articles?limit=20&offset=0&include=drafts';
const KEPT = 'portfolio.admin.unsaved.article:new';

beforeEach(() => {
  window.localStorage.removeItem(KEPT);
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
  mockFetch({
    [LIST]: { body: [] },
    'GET /tags?include=drafts': { body: [] },
    'GET /projects?include=drafts': { body: [] },
    'POST /articles': (init) => ({
      status: 201,
      body: {
        _id: 'kept',
        excerpt: '',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        ...JSON.parse(String(init?.body)),
      },
    }),
  });
});
afterEach(() => jest.restoreAllMocks());

async function openNewArticle() {
  const page = renderPage(<AdminDashboardPage />, {
    route: '/admin-dashboard?tab=articles',
    auth: true,
  });
  await page.user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
  return { ...page, form: screen.getByRole('form', { name: 'New article' }) };
}

describe('unsaved work in the article editor', () => {
  it('is kept in this browser a moment after the last key, and offered back after a reload', async () => {
    const first = await openNewArticle();
    await first.user.type(within(first.form).getByLabelText(TITLE_LABEL), 'Half written');
    await first.user.type(within(first.form).getByLabelText(CONTENT_LABEL), 'Not lost.');
    await waitFor(() => expect(window.localStorage.getItem(KEPT)).toContain('Half written'));
    // The page goes away (a reload, a crash, a closed tab) without a save.
    first.unmount();

    const second = await openNewArticle();
    const offer = within(second.form).getByRole('region', { name: RECOVERED_LABEL });
    expect(within(second.form).getByLabelText(TITLE_LABEL)).toHaveValue('');
    await second.user.click(within(offer).getByRole('button', { name: RESTORE_UNSAVED_LABEL }));
    expect(within(second.form).getByLabelText(TITLE_LABEL)).toHaveValue('Half written');
    expect(within(second.form).getByLabelText(CONTENT_LABEL)).toHaveValue('Not lost.');

    // Saved: nothing is kept any more.
    await second.user.click(within(second.form).getByRole('button', { name: SAVE_DRAFT_LABEL }));
    expect(await screen.findByText(ARTICLE_SAVED)).toBeInTheDocument();
    expect(window.localStorage.getItem(KEPT)).toBeNull();
  });

  it('asks before Cancel throws changes away, and before another tab closes the editor', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, form } = await openNewArticle();
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Draft');
    await user.click(within(form).getByRole('button', { name: CANCEL_LABEL }));
    expect(confirm).toHaveBeenLastCalledWith(DISCARD_UNSAVED_CONFIRM);
    expect(screen.getByRole('form', { name: 'New article' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: TAB_PROJECTS }));
    expect(confirm).toHaveBeenLastCalledWith(LEAVE_UNSAVED_CONFIRM);
    expect(screen.getByRole('form', { name: 'New article' })).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await user.click(within(form).getByRole('button', { name: CANCEL_LABEL }));
    expect(screen.queryByRole('form', { name: 'New article' })).not.toBeInTheDocument();
    // Discarded on purpose: not offered again.
    expect(window.localStorage.getItem(KEPT)).toBeNull();
  });

  it('asks before a link of the site leaves the page, and before the tab is closed', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, form } = await openNewArticle();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    // Nothing changed yet: nothing to ask.
    expect(unload.defaultPrevented).toBe(false);
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Draft');
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);

    const link = document.createElement('a');
    link.href = '/blog';
    link.textContent = 'Blog';
    document.body.append(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(confirm).toHaveBeenLastCalledWith(LEAVE_UNSAVED_CONFIRM);
    expect(click.defaultPrevented).toBe(true);
    link.remove();
  });

  it("keeps a project editor's work too", async () => {
    window.localStorage.removeItem('portfolio.admin.unsaved.project:new');
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: NEW_PROJECT_LABEL }));
    const form = screen.getByRole('form', { name: 'New project' });
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Home lab');
    await waitFor(() =>
      expect(window.localStorage.getItem('portfolio.admin.unsaved.project:new')).toContain(
        'Home lab',
      ),
    );
  });
});
