import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, setUpTestRuntimeConfig, renderPage } from '@portfolio/testing';
import { DRAFT_LABEL, formatPublicationTime } from '@portfolio/shared/format';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import {
  ADMIN_FORBIDDEN_MESSAGE,
  ARTICLE_SAVED,
  CONFIRM_DELETE_LABEL,
  CONTENT_LABEL,
  DELETE_LABEL,
  DESCRIPTION_LABEL,
  IMAGE_PATH_LABEL,
  IMAGE_UPLOADED,
  LINK_LABEL,
  NEW_ARTICLE_LABEL,
  NEW_PROJECT_LABEL,
  PROJECTS_LOAD_ERROR,
  PROJECT_DELETED,
  PROJECT_SAVED,
  RETRY_LABEL,
  EDIT_LABEL,
  PREVIEW_LABEL,
  PUBLISH_AT_HINT,
  PUBLISH_AT_LABEL,
  PUBLISH_LABEL,
  PUBLISH_NOW_LABEL,
  SAVE_AS_DRAFT_LABEL,
  SAVE_BUSY,
  SAVE_DRAFT_LABEL,
  SAVE_LABEL,
  SCHEDULE_LABEL,
  UNPUBLISH_LABEL,
  VIEW_LABEL,
  publishedNotice,
  unpublishedNotice,
  SKILLS_LABEL,
  TITLE_LABEL,
  UPLOAD_IMAGE_LABEL,
  CANCEL_LABEL,
  DELETE_IMAGE_LABEL,
  IMAGE_DELETED,
} from '../../texts';

const PROJECT = {
  _id: 'siem-lab',
  title: 'Home Lab SIEM',
  description: 'A lab.',
  imagePath: '/images/siem.svg',
  skills: ['Elastic'],
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
const TOKEN = 'Bearer token-admin-uid';
/** The dashboard's first page of articles (docs/decisions/131): drafts too, 20 at a time. */
const ARTICLE_LIST = 'GET /articles?limit=20&offset=0&include=drafts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const bodyOf = (fetchMock: jest.Mock, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method) as
    [string, RequestInit] | undefined;
  return call && { url: call[0], init: call[1], json: () => JSON.parse(String(call[1].body)) };
};

describe('admin articles', () => {
  it('creates an article with a live, sanitised Markdown preview', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [ARTICLE] },
      'POST /articles': (init) => ({
        status: 201,
        body: {
          _id: 'new',
          excerpt: 'Hi. bold <img src="x" onerror="alert(1)">',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          ...JSON.parse(String(init?.body)),
        },
      }),
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
    const form = screen.getByRole('form', { name: 'New article' });
    expect(within(form).getByRole('heading', { name: 'New article' })).toHaveFocus();
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Hello');
    await user.type(
      within(form).getByLabelText(CONTENT_LABEL),
      '## Hi{enter}{enter}**bold** <img src="x" onerror="alert(1)">',
    );
    const preview = await screen.findByTestId('markdown-preview');
    await waitFor(() => expect(preview.innerHTML).toContain('<strong>bold</strong>'));
    expect(preview.querySelector('h2')).toHaveTextContent('Hi');
    expect(preview.innerHTML).not.toContain('onerror');

    await user.click(within(form).getByRole('button', { name: PUBLISH_LABEL }));
    expect(await screen.findByText(ARTICLE_SAVED)).toBeInTheDocument();
    const post = bodyOf(fetchMock, 'POST');
    expect(post?.url).toBe('http://api.test/api/articles');
    expect(new Headers(post?.init.headers).get('Authorization')).toBe(TOKEN);
    expect(post?.json()).toEqual({
      title: 'Hello',
      content: '## Hi\n\n**bold** <img src="x" onerror="alert(1)">',
      status: 'published',
    });
    expect(screen.queryByRole('form', { name: 'New article' })).not.toBeInTheDocument();
    // The list is read again after a write.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) =>
          /\/articles(\?limit=20&offset=0&include=drafts)?$/.test(String(url)),
        ),
      ).toHaveLength(3),
    );
  });

  it('shows "Saving..." while saving and a clear message when the API answers 403', async () => {
    mockFetch({
      [ARTICLE_LIST]: { body: [] },
      'POST /articles': { status: 403, body: { message: 'Admin role required.' } },
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
    await user.type(screen.getByLabelText(TITLE_LABEL), 'Hello');
    await user.type(screen.getByLabelText(CONTENT_LABEL), 'Text');
    await user.click(screen.getByRole('button', { name: SAVE_DRAFT_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
    expect(screen.getByRole('form', { name: 'New article' })).toBeInTheDocument();
  });
});

describe('admin projects', () => {
  it('edits a project and saves it with PUT', async () => {
    const fetchMock = mockFetch({
      'GET /projects?include=drafts': { body: [PROJECT] },
      'PUT /projects/siem-lab': (init) => ({
        body: { ...PROJECT, ...JSON.parse(String(init?.body)) },
      }),
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: `Edit ${PROJECT.title}` }));
    const form = screen.getByRole('form', { name: 'Edit project' });
    expect(within(form).getByLabelText(TITLE_LABEL)).toHaveValue(PROJECT.title);
    expect(within(form).getByLabelText(DESCRIPTION_LABEL)).toHaveValue(PROJECT.description);
    expect(within(form).getByLabelText(IMAGE_PATH_LABEL)).toHaveValue(PROJECT.imagePath);
    expect(within(form).getByLabelText(SKILLS_LABEL)).toHaveValue('Elastic');
    await user.clear(within(form).getByLabelText(TITLE_LABEL));
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'SIEM Lab');
    await user.type(within(form).getByLabelText(SKILLS_LABEL), ', Sigma ,, Zeek');
    await user.type(within(form).getByLabelText(LINK_LABEL), 'https://example.test/siem');
    await user.click(within(form).getByRole('button', { name: SAVE_LABEL }));
    expect(await screen.findByText(PROJECT_SAVED)).toBeInTheDocument();
    const put = bodyOf(fetchMock, 'PUT');
    expect(put?.url).toBe('http://api.test/api/projects/siem-lab');
    expect(new Headers(put?.init.headers).get('Authorization')).toBe(TOKEN);
    expect(put?.json()).toEqual({
      title: 'SIEM Lab',
      description: 'A lab.',
      imagePath: '/images/siem.svg',
      skills: ['Elastic', 'Sigma', 'Zeek'],
      link: 'https://example.test/siem',
      status: 'published',
    });
  });

  it('shows "Saving..." and disables the button while a project is saved', async () => {
    let release: () => void = () => undefined;
    const saved = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockFetch({ 'GET /projects?include=drafts': { body: [PROJECT] } });
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        await saved;
        return new Response(JSON.stringify(PROJECT), { status: 200 });
      }
      return base?.(input, init);
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: `Edit ${PROJECT.title}` }));
    await user.click(screen.getByRole('button', { name: SAVE_LABEL }));
    expect(await screen.findByRole('button', { name: SAVE_BUSY })).toBeDisabled();
    release();
    expect(await screen.findByText(PROJECT_SAVED)).toBeInTheDocument();
  });

  it('uploads an image and fills in its imagePath', async () => {
    const fetchMock = mockFetch({
      'GET /projects?include=drafts': { body: [] },
      'POST /images': { status: 201, body: { imagePath: '/images/diagram-1a2b.png' } },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: NEW_PROJECT_LABEL }));
    const file = new File(['png-bytes'], 'diagram.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(UPLOAD_IMAGE_LABEL), file);
    expect(await screen.findByText(IMAGE_UPLOADED)).toBeInTheDocument();
    expect(screen.getByLabelText(IMAGE_PATH_LABEL)).toHaveValue('/images/diagram-1a2b.png');
    const post = bodyOf(fetchMock, 'POST');
    expect(post?.url).toBe('http://api.test/api/images');
    expect(new Headers(post?.init.headers).get('Authorization')).toBe(TOKEN);
    const form = post?.init.body as FormData;
    expect((form.get('file') as File).name).toBe('diagram.png');
  });

  it('deletes an image it has just uploaded and empties the field', async () => {
    const fetchMock = mockFetch({
      'GET /projects?include=drafts': { body: [] },
      'POST /images': { status: 201, body: { imagePath: '/images/diagram-1a2b.png' } },
      'DELETE /images/diagram-1a2b.png': { status: 204 },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: NEW_PROJECT_LABEL }));
    expect(screen.queryByRole('button', { name: DELETE_IMAGE_LABEL })).not.toBeInTheDocument();
    await user.upload(
      screen.getByLabelText(UPLOAD_IMAGE_LABEL),
      new File(['png-bytes'], 'diagram.png', { type: 'image/png' }),
    );
    await user.click(await screen.findByRole('button', { name: DELETE_IMAGE_LABEL }));
    expect(await screen.findByText(IMAGE_DELETED)).toBeInTheDocument();
    expect(screen.getByLabelText(IMAGE_PATH_LABEL)).toHaveValue('');
    const deleted = bodyOf(fetchMock, 'DELETE');
    expect(deleted?.url).toBe('http://api.test/api/images/diagram-1a2b.png');
    expect(new Headers(deleted?.init.headers).get('Authorization')).toBe(TOKEN);
    expect(screen.queryByRole('button', { name: DELETE_IMAGE_LABEL })).not.toBeInTheDocument();
  });

  it('explains a refused upload', async () => {
    mockFetch({
      'GET /projects?include=drafts': { body: [] },
      'POST /images': { status: 403, body: { message: 'Admin role required.' } },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(await screen.findByRole('button', { name: NEW_PROJECT_LABEL }));
    await user.upload(
      screen.getByLabelText(UPLOAD_IMAGE_LABEL),
      new File(['x'], 'x.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });

  it('deletes only after confirmation', async () => {
    const fetchMock = mockFetch({
      'GET /projects?include=drafts': { body: [PROJECT] },
      'DELETE /projects/siem-lab': { status: 204 },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(
      await screen.findByRole('button', { name: `${DELETE_LABEL} ${PROJECT.title}` }),
    );
    let dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    expect(dialog).toHaveTextContent(`Delete "${PROJECT.title}"? This cannot be undone.`);
    await user.click(within(dialog).getByRole('button', { name: CANCEL_LABEL }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, 'DELETE')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: `${DELETE_LABEL} ${PROJECT.title}` }));
    dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    expect(await screen.findByText(PROJECT_DELETED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = bodyOf(fetchMock, 'DELETE');
    expect(call?.url).toBe('http://api.test/api/projects/siem-lab');
    expect(new Headers(call?.init.headers).get('Authorization')).toBe(TOKEN);
  });

  it('keeps the confirmation open with the reason when a delete is refused', async () => {
    mockFetch({
      'GET /projects?include=drafts': { body: [PROJECT] },
      'DELETE /projects/siem-lab': { status: 403, body: { message: 'Admin role required.' } },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    await user.click(
      await screen.findByRole('button', { name: `${DELETE_LABEL} ${PROJECT.title}` }),
    );
    const dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });

  it('shows the list error and retries', async () => {
    let fail = true;
    mockFetch({
      'GET /projects?include=drafts': () =>
        fail ? { status: 500, body: {} } : { body: [PROJECT] },
    });
    const { user } = renderPage(<AdminDashboardPage />, { route: '/admin-dashboard', auth: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(PROJECTS_LOAD_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByText(PROJECT.title)).toBeInTheDocument();
  });
});

describe('drafts and publishing', () => {
  const DRAFT = {
    ...ARTICLE,
    _id: 'draft',
    title: 'Draft post',
    status: 'draft',
    publishedAt: null,
  };
  const SCHEDULED = {
    ...ARTICLE,
    _id: 'later',
    title: 'Later post',
    status: 'published',
    publishedAt: '2099-03-04T09:30:00.000Z',
  };
  const LIVE = { ...ARTICLE, status: 'published', publishedAt: ARTICLE.createdAt };

  it('shows each item’s status with the actions that fit it, and a link to its page', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [DRAFT, SCHEDULED, LIVE] },
    });
    renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=articles', auth: true });
    const items = await screen.findAllByRole('listitem');
    const [draft, scheduled, live] = items.map((item) => within(item));
    expect(draft!.getByTestId('publication-status')).toHaveTextContent(DRAFT_LABEL);
    expect(scheduled!.getByTestId('publication-status')).toHaveTextContent(
      `Scheduled for ${formatPublicationTime(SCHEDULED.publishedAt)}`,
    );
    expect(live!.getByTestId('publication-status')).toHaveTextContent('Published Jun 10, 2025');

    expect(draft!.getByRole('link', { name: `${PREVIEW_LABEL} Draft post` })).toHaveAttribute(
      'href',
      '/article/draft',
    );
    expect(live!.getByRole('link', { name: `${VIEW_LABEL} ${ARTICLE.title}` })).toHaveAttribute(
      'href',
      '/article/tls',
    );
    expect(draft!.getByRole('button', { name: `${PUBLISH_LABEL} Draft post` })).toBeInTheDocument();
    expect(draft!.queryByRole('button', { name: /^Unpublish/ })).not.toBeInTheDocument();
    expect(
      scheduled!.getByRole('button', { name: `${PUBLISH_NOW_LABEL} Later post` }),
    ).toBeInTheDocument();
    expect(
      scheduled!.getByRole('button', { name: `${UNPUBLISH_LABEL} Later post` }),
    ).toBeInTheDocument();
    expect(live!.queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    // The list asks for drafts, with the admin's token: never a public, cacheable call.
    const [url, init] = fetchMock.mock.calls.find(([called]) =>
      String(called).includes('/articles'),
    ) as [string, RequestInit];
    expect(url).toBe('http://api.test/api/articles?limit=20&offset=0&include=drafts');
    expect(new Headers(init.headers).get('Authorization')).toBe(TOKEN);
  });

  it('publishes and unpublishes from the list, with the keyboard, and says so', async () => {
    let stored: Record<string, unknown> = DRAFT;
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: () => ({ body: [stored] }),
      'PATCH /articles/draft': (init) => {
        const { status } = JSON.parse(String(init?.body)) as { status: string };
        stored = {
          ...DRAFT,
          status,
          publishedAt: status === 'published' ? '2026-01-02T00:00:00.000Z' : null,
        };
        return { body: stored };
      },
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    const publish = await screen.findByRole('button', { name: `${PUBLISH_LABEL} Draft post` });
    publish.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(publishedNotice('Draft post'))).toBeInTheDocument();
    const patch = bodyOf(fetchMock, 'PATCH');
    expect(patch?.url).toBe('http://api.test/api/articles/draft');
    expect(new Headers(patch?.init.headers).get('Authorization')).toBe(TOKEN);
    expect(patch?.json()).toEqual({ status: 'published' });
    expect(await screen.findByTestId('publication-status')).toHaveTextContent('Published');

    await user.click(await screen.findByRole('button', { name: `${UNPUBLISH_LABEL} Draft post` }));
    expect(await screen.findByText(unpublishedNotice('Draft post'))).toBeInTheDocument();
    expect(await screen.findByTestId('publication-status')).toHaveTextContent(DRAFT_LABEL);
  });

  it('shows why a publication was refused', async () => {
    mockFetch({
      [ARTICLE_LIST]: { body: [DRAFT] },
      'PATCH /articles/draft': { status: 403, body: { message: 'Admin role required.' } },
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: `${PUBLISH_LABEL} Draft post` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });

  it('saves a new article as a draft, or schedules it for a time it is given', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [] },
      'POST /articles': (init) => ({
        status: 201,
        body: { ...DRAFT, ...JSON.parse(String(init?.body)) },
      }),
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
    let form = screen.getByRole('form', { name: 'New article' });
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Kept back');
    await user.type(within(form).getByLabelText(CONTENT_LABEL), 'Not yet.');
    // Enter in a field saves a new article as a draft, never publishes it.
    await user.type(within(form).getByLabelText(TITLE_LABEL), '{Enter}');
    expect(await screen.findByText(ARTICLE_SAVED)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')?.json()).toEqual({
      title: 'Kept back',
      content: 'Not yet.',
      status: 'draft',
    });

    fetchMock.mockClear();
    await user.click(screen.getByRole('button', { name: NEW_ARTICLE_LABEL }));
    form = screen.getByRole('form', { name: 'New article' });
    await user.type(within(form).getByLabelText(TITLE_LABEL), 'Monday post');
    await user.type(within(form).getByLabelText(CONTENT_LABEL), 'Out on Monday.');
    const when = within(form).getByLabelText(PUBLISH_AT_LABEL);
    expect(when).toHaveAccessibleDescription(PUBLISH_AT_HINT);
    await user.type(when, '2099-03-04T09:30');
    await user.click(within(form).getByRole('button', { name: SCHEDULE_LABEL }));
    expect(await screen.findByText(ARTICLE_SAVED)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')?.json()).toEqual({
      title: 'Monday post',
      content: 'Out on Monday.',
      status: 'published',
      publishedAt: new Date('2099-03-04T09:30').toISOString(),
    });
  });

  it('edits a scheduled article with its time filled in, and can take it back to a draft', async () => {
    const fetchMock = mockFetch({
      [ARTICLE_LIST]: { body: [SCHEDULED] },
      'GET /articles/later?include=drafts': { body: { ...SCHEDULED, previous: null, next: null } },
      'PUT /articles/later': (init) => ({
        body: { ...SCHEDULED, ...JSON.parse(String(init?.body)) },
      }),
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: `${EDIT_LABEL} Later post` }));
    const form = screen.getByRole('form', { name: 'Edit article' });
    const when = within(form).getByLabelText(PUBLISH_AT_LABEL) as HTMLInputElement;
    expect(new Date(when.value).toISOString()).toBe(SCHEDULED.publishedAt);
    expect(within(form).getByRole('button', { name: SCHEDULE_LABEL })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: SAVE_AS_DRAFT_LABEL }));
    expect(await screen.findByText(ARTICLE_SAVED)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT')?.json()).toMatchObject({
      status: 'draft',
      publishedAt: SCHEDULED.publishedAt,
    });
  });
});
