import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig, TEST_API_BASE } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { CONTENT_LABEL, NEW_ARTICLE_LABEL } from '../../texts';
import { IMAGE_ALT_HINT, IMAGE_ALT_LABEL, IMAGE_INSERTED, INSERT_IMAGE_LABEL } from './admin-texts';
import { imageMarkdown } from './InsertImage';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const UPLOADED = {
  imagePath: '/images/handshake-1a2b.png',
  image: {
    path: '/images/handshake-1a2b.png',
    width: 1600,
    height: 900,
    widths: [320, 640],
    formats: ['avif', 'webp', 'png'],
  },
};

async function openNewArticle() {
  const fetchMock = mockFetch({
    'GET /articles?limit=20&offset=0&include=drafts': { body: [] },
    'GET /tags?include=drafts': { body: [] },
    'POST /images': { status: 201, body: UPLOADED },
  });
  const page = renderPage(<AdminDashboardPage />, {
    route: '/admin-dashboard?tab=articles',
    auth: true,
  });
  await page.user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
  return { ...page, fetchMock, form: screen.getByRole('form', { name: 'New article' }) };
}

describe('Insert image', () => {
  it('asks for the description first: the file waits for it', async () => {
    const { user, form } = await openNewArticle();
    const file = within(form).getByLabelText(INSERT_IMAGE_LABEL);
    expect(file).toBeDisabled();
    expect(file).toHaveAccessibleDescription(IMAGE_ALT_HINT);
    await user.type(within(form).getByLabelText(IMAGE_ALT_LABEL), '   ');
    expect(file).toBeDisabled();
    await user.type(within(form).getByLabelText(IMAGE_ALT_LABEL), 'A diagram');
    expect(file).toBeEnabled();
  });

  it('uploads the file and puts its Markdown at the cursor, drawn in the preview', async () => {
    const { user, form } = await openNewArticle();
    const text = within(form).getByLabelText(CONTENT_LABEL);
    await user.type(text, 'First paragraph.{enter}{enter}Last paragraph.');
    // The cursor after the first paragraph.
    (text as HTMLTextAreaElement).setSelectionRange(16, 16);
    await user.type(within(form).getByLabelText(IMAGE_ALT_LABEL), 'The [[TLS] handshake');
    await user.upload(
      within(form).getByLabelText(INSERT_IMAGE_LABEL),
      new File(['png'], 'handshake.png', { type: 'image/png' }),
    );
    expect(await within(form).findByText(IMAGE_INSERTED)).toBeInTheDocument();
    expect(text).toHaveValue(
      'First paragraph.\n\n![The \\[TLS\\] handshake](/images/handshake-1a2b.png)\n\nLast paragraph.',
    );
    const preview = screen.getByTestId('markdown-preview');
    await waitFor(() => expect(preview.querySelector('picture')).not.toBeNull());
    const img = preview.querySelector('img');
    expect(img).toHaveAttribute('alt', 'The [TLS] handshake');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('src', `${TEST_API_BASE}/images/handshake-1a2b.png/640.png`);
    expect(within(form).getByLabelText(IMAGE_ALT_LABEL)).toHaveValue('');
  });
});

describe('imageMarkdown', () => {
  it('escapes what would end the description early', () => {
    expect(imageMarkdown('a ] b \\ c', '/images/x.png')).toBe('![a \\] b \\\\ c](/images/x.png)');
  });
});
