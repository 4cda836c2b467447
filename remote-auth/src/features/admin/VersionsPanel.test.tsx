import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import {
  CONTENT_LABEL,
  DESCRIPTION_LABEL,
  EDIT_LABEL,
  RETRY_LABEL,
  SAVE_LABEL,
  TITLE_LABEL,
} from '../../texts';
import {
  FIELDS_DIFFER_LABEL,
  LATEST_VERSION,
  ONLY_IN_EDITOR,
  ONLY_IN_VERSION,
  SAME_AS_EDITOR,
  VERSIONS_LABEL,
  VERSIONS_LIST_LABEL,
  VERSIONS_LOAD_ERROR,
  compareHeading,
  diffLabel,
  restoreVersionConfirm,
  restoreVersionLabel,
  versionName,
  versionRestored,
} from './revision-texts';

setUpTestRuntimeConfig();

const ARTICLE = {
  _id: 'tls',
  slug: 'tls',
  title: 'TLS in Practice',
  content: '# TLS\n\nThe third text.',
  excerpt: 'TLS.',
  tags: ['tls'],
  status: 'published',
  publishedAt: '2025-06-10T00:00:00.000Z',
  createdAt: '2025-06-10T00:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
};
const SUMMARIES = [3, 2, 1].map((number) => ({
  number,
  savedAt: `2026-11-26T1${number}:00:00.000Z`,
  title: number === 1 ? 'TLS, first draft' : 'TLS in Practice',
  size: 20 + number,
  status: number === 1 ? 'draft' : 'published',
}));
const FIRST = {
  ...SUMMARIES[2],
  version: {
    title: 'TLS, first draft',
    content: '# TLS\n\nThe first text.',
    slug: 'tls',
    tags: ['tls'],
    status: 'draft',
  },
};
const LATEST = {
  ...SUMMARIES[0],
  version: {
    title: ARTICLE.title,
    content: ARTICLE.content,
    slug: 'tls',
    tags: ['tls'],
    status: 'published',
    publishedAt: ARTICLE.publishedAt,
  },
};

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});
afterEach(() => jest.restoreAllMocks());

function articlesApi(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /articles?limit=20&offset=0&include=drafts': { body: [{ ...ARTICLE, content: '' }] },
    'GET /tags?include=drafts': { body: [] },
    'GET /articles/tls?include=drafts': { body: { ...ARTICLE, previous: null, next: null } },
    'GET /articles/tls/revisions': { body: SUMMARIES },
    'GET /articles/tls/revisions/1': { body: FIRST },
    'GET /articles/tls/revisions/3': { body: LATEST },
    'PUT /articles/tls': (init) => ({ body: { ...ARTICLE, ...JSON.parse(String(init?.body)) } }),
    ...extra,
  });
}

async function openEditor() {
  const page = renderPage(<AdminDashboardPage />, {
    route: '/admin-dashboard?tab=articles',
    auth: true,
  });
  await page.user.click(
    await screen.findByRole('button', { name: `${EDIT_LABEL} ${ARTICLE.title}` }),
  );
  const form = await screen.findByRole('form', { name: 'Edit article' });
  return { ...page, form };
}

const revisionCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/revisions'));

describe('the Versions panel of the article editor', () => {
  it('lists the saved versions when opened, compares one with the editor and restores it', async () => {
    const fetchMock = articlesApi();
    const { user, form } = await openEditor();
    // Closed: nothing asked yet.
    expect(revisionCalls(fetchMock)).toHaveLength(0);
    await user.click(within(form).getByText(VERSIONS_LABEL));
    const list = await within(form).findByRole('list', { name: VERSIONS_LIST_LABEL });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(`${versionName(3)} (${LATEST_VERSION})`),
      expect.stringContaining(versionName(2)),
      expect.stringContaining(versionName(1)),
    ]);
    expect(items[2]).toHaveTextContent('TLS, first draft');
    expect(items[2]).toHaveTextContent('Draft');
    expect(items[2]).toHaveTextContent('21 bytes');

    await user.click(items[2]!);
    expect(items[2]).toHaveAttribute('aria-pressed', 'true');
    const compare = await within(form).findByRole('region', { name: compareHeading(1) });
    const diff = await within(compare).findByRole('list', { name: diffLabel(CONTENT_LABEL) });
    const removed = within(diff).getByText('The first text.', { exact: false });
    expect(removed.closest('del')).toHaveTextContent(`${ONLY_IN_VERSION} The first text.`);
    const added = within(diff).getByText('The third text.', { exact: false });
    expect(added.closest('ins')).toHaveTextContent(`${ONLY_IN_EDITOR} The third text.`);
    expect(within(compare).getByLabelText(FIELDS_DIFFER_LABEL)).toHaveTextContent(
      'TLS, first draft',
    );

    // Nothing unsaved: restored without a question.
    const confirm = jest.spyOn(window, 'confirm');
    await user.click(within(compare).getByRole('button', { name: restoreVersionLabel(1) }));
    expect(confirm).not.toHaveBeenCalled();
    expect(within(form).getByLabelText(TITLE_LABEL)).toHaveValue('TLS, first draft');
    expect(within(form).getByLabelText(CONTENT_LABEL)).toHaveValue('# TLS\n\nThe first text.');
    expect(await within(form).findByText(versionRestored(1))).toBeInTheDocument();
    // Now the editor holds version 1: the comparison says so.
    expect(await within(compare).findByText(SAME_AS_EDITOR)).toBeInTheDocument();

    // The usual save stores it again.
    await user.click(within(form).getByRole('button', { name: SAVE_LABEL }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringMatching(/\/articles\/tls$/),
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      title: 'TLS, first draft',
      content: '# TLS\n\nThe first text.',
    });
  });

  it('asks before a restore replaces unsaved changes', async () => {
    articlesApi();
    const { user, form } = await openEditor();
    await user.type(within(form).getByLabelText(CONTENT_LABEL), ' Unsaved.');
    await user.click(within(form).getByText(VERSIONS_LABEL));
    await user.click(
      await within(form).findByRole('button', { name: new RegExp(`^${versionName(1)}`) }),
    );
    const restore = await within(form).findByRole('button', { name: restoreVersionLabel(1) });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(restore);
    expect(confirm).toHaveBeenCalledWith(restoreVersionConfirm(1));
    expect(within(form).getByLabelText(CONTENT_LABEL)).toHaveValue(`${ARTICLE.content} Unsaved.`);
    confirm.mockReturnValue(true);
    await user.click(restore);
    expect(within(form).getByLabelText(CONTENT_LABEL)).toHaveValue('# TLS\n\nThe first text.');
  });

  it('says the latest version is the editor’s text when nothing changed', async () => {
    articlesApi();
    const { user, form } = await openEditor();
    await user.click(within(form).getByText(VERSIONS_LABEL));
    await user.click(
      await within(form).findByRole('button', { name: new RegExp(`^${versionName(3)}`) }),
    );
    expect(await within(form).findByText(SAME_AS_EDITOR)).toBeInTheDocument();
  });

  it('says when the versions cannot be loaded, and tries again', async () => {
    let fail = true;
    articlesApi({
      'GET /articles/tls/revisions': () =>
        fail ? { status: 503, body: { message: 'Down' } } : { body: SUMMARIES },
    });
    const { user, form } = await openEditor();
    await user.click(within(form).getByText(VERSIONS_LABEL));
    expect(await within(form).findByText(VERSIONS_LOAD_ERROR, { exact: false })).toBeVisible();
    fail = false;
    await user.click(within(form).getByRole('button', { name: RETRY_LABEL }));
    expect(await within(form).findByRole('list', { name: VERSIONS_LIST_LABEL })).toBeVisible();
  });

  it('is not offered for a new article (it has no versions yet)', async () => {
    articlesApi();
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    const form = await screen.findByRole('form', { name: 'New article' });
    expect(within(form).queryByText(VERSIONS_LABEL)).toBeNull();
  });
});

describe('the Versions panel of the project editor', () => {
  it('restores a saved description', async () => {
    const project = {
      _id: 'siem',
      title: 'Home Lab SIEM',
      description: 'Now.',
      imagePath: '/images/siem.svg',
      status: 'published',
      publishedAt: '2024-02-12T00:00:00.000Z',
      createdAt: '2024-02-12T00:00:00.000Z',
      updatedAt: '2024-02-12T00:00:00.000Z',
    };
    const summary = { number: 1, savedAt: project.updatedAt, title: project.title, size: 7 };
    mockFetch({
      'GET /projects?include=drafts': { body: [project] },
      'GET /projects/siem/revisions': { body: [{ ...summary, status: 'published' }] },
      'GET /projects/siem/revisions/1': {
        body: {
          ...summary,
          status: 'published',
          version: {
            title: project.title,
            description: 'Before.',
            imagePath: project.imagePath,
            skills: ['Wazuh'],
            status: 'published',
          },
        },
      },
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=projects',
      auth: true,
    });
    await user.click(await screen.findByRole('button', { name: `${EDIT_LABEL} ${project.title}` }));
    const form = await screen.findByRole('form', { name: 'Edit project' });
    await user.click(within(form).getByText(VERSIONS_LABEL));
    await user.click(
      await within(form).findByRole('button', { name: new RegExp(`^${versionName(1)}`) }),
    );
    const restore = await within(form).findByRole('button', { name: restoreVersionLabel(1) });
    await user.click(restore);
    expect(within(form).getByLabelText(DESCRIPTION_LABEL)).toHaveValue('Before.');
    expect(within(form).getByLabelText(/Skills/)).toHaveValue('Wazuh');
  });
});
