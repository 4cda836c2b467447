import { screen, waitFor, within } from '@testing-library/react';
import type { MediaItem } from '@portfolio/contract';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import {
  ARTICLE_DELETED,
  CONTENT_LABEL,
  DELETE_LABEL,
  IMAGE_PATH_LABEL,
  NEW_ARTICLE_LABEL,
} from '../../texts';
import { IMAGE_ALT_LABEL, IMAGE_INSERTED, INSERT_IMAGE_HEADING } from './admin-texts';
import {
  CHOOSE_FROM_LIBRARY_LABEL,
  DELETE_IMAGES_LABEL,
  IMAGE_CHOSEN,
  KEEP_IMAGES_LABEL,
  MEDIA_LIST_LABEL,
  MEDIA_PICKER_LABEL,
  MEDIA_UNUSED_LABEL,
  NOT_USED,
  USED_IN_SETTINGS,
  NO_ALT_TEXT,
  NO_MEDIA_MATCHES,
  NO_UNUSED_MEDIA,
  SEARCH_MEDIA_LABEL,
  UNUSED_IMAGES_LABEL,
  chooseImageLabel,
  deleteImageLabel,
  deleteUnusedOnPageLabel,
  formatBytes,
  imageDeletedNotice,
  imagesDeletedNotice,
  unusedDeletedNotice,
  unusedImagesText,
} from './media-texts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const PHOTO: MediaItem = {
  name: 'desk-1a2b.jpg',
  path: '/images/desk-1a2b.jpg',
  contentType: 'image/jpeg',
  bytes: 2_400_000,
  width: 4000,
  height: 3000,
  createdAt: '2026-11-26T10:00:00.000Z',
  image: {
    path: '/images/desk-1a2b.jpg',
    width: 4000,
    height: 3000,
    widths: [320, 640],
    formats: ['avif', 'webp', 'jpeg'],
  },
  alt: 'A tidy desk',
  uses: [
    {
      kind: 'article',
      _id: 'desk',
      title: 'My desk',
      slug: 'my-desk',
      cover: true,
      inText: true,
    },
    { kind: 'project', _id: 'lab', title: 'Home lab', cover: true, inText: false },
  ],
  useCount: 14,
};
const UNUSED: MediaItem = {
  name: 'old-diagram.svg',
  path: '/images/old-diagram.svg',
  contentType: 'image/svg+xml',
  bytes: 512,
  width: null,
  height: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  alt: null,
  uses: [],
  useCount: 0,
};

const FIRST_PAGE = 'GET /images?limit=24&offset=0';
const page = (items: MediaItem[], total = items.length) => ({
  body: items,
  headers: { 'X-Total-Count': String(total) },
});

const openMedia = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=media', auth: true });

describe('the Media tab', () => {
  it('lists each image with its size, description and where it is shown', async () => {
    mockFetch({ [FIRST_PAGE]: page([PHOTO, UNUSED]) });
    openMedia();
    const list = await screen.findByRole('list', { name: MEDIA_LIST_LABEL });
    const [photo, unused] = Array.from(list.children) as [HTMLElement, HTMLElement];
    expect(screen.getByTestId('media-total')).toHaveTextContent('2 images');

    expect(within(photo).getByRole('link', { name: PHOTO.name })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/images\/desk-1a2b\.jpg$/),
    );
    expect(photo).toHaveTextContent(`${formatBytes(PHOTO.bytes)} · 4000 × 3000 px`);
    expect(photo).toHaveTextContent('2.4 MB');
    expect(photo).toHaveTextContent('A tidy desk');
    expect(within(photo).getByRole('link', { name: 'My desk' })).toHaveAttribute(
      'href',
      '/article/my-desk',
    );
    expect(photo).toHaveTextContent('Article My desk (cover and text)');
    expect(within(photo).getByRole('link', { name: 'Home lab' })).toHaveAttribute(
      'href',
      '/projects/lab',
    );
    expect(photo).toHaveTextContent('and 12 more');
    // Shown somewhere: no delete.
    expect(within(photo).queryByRole('button')).toBeNull();
    // The thumbnail is a variant, never the original.
    expect(photo.querySelector('img')?.getAttribute('src')).toMatch(/desk-1a2b\.jpg\/\d+\.jpg$/);

    expect(unused).toHaveTextContent('512 bytes · Size in pixels unknown');
    expect(unused).toHaveTextContent(NO_ALT_TEXT);
    expect(unused).toHaveTextContent(NOT_USED);
    expect(
      within(unused).getByRole('button', { name: deleteImageLabel(UNUSED.name) }),
    ).toBeEnabled();
  });

  it('says an image the site settings show is in use, and offers no delete', async () => {
    const badge: MediaItem = {
      ...UNUSED,
      name: 'cert-badge.svg',
      path: '/images/cert-badge.svg',
      inSettings: true,
    };
    mockFetch({ [FIRST_PAGE]: page([badge]) });
    openMedia();
    const list = await screen.findByRole('list', { name: MEDIA_LIST_LABEL });
    const [item] = Array.from(list.children) as [HTMLElement];
    expect(item).toHaveTextContent(USED_IN_SETTINGS);
    expect(item).not.toHaveTextContent(NOT_USED);
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('filters the unused and searches by name', async () => {
    const fetchMock = mockFetch({
      [FIRST_PAGE]: page([PHOTO, UNUSED]),
      'GET /images?limit=24&offset=0&usage=unused': page([UNUSED]),
      'GET /images?limit=24&offset=0&usage=unused&query=nothing': page([]),
    });
    const { user } = openMedia();
    await screen.findByText(PHOTO.name);
    await user.click(screen.getByRole('button', { name: MEDIA_UNUSED_LABEL }));
    await waitFor(() => expect(screen.queryByText(PHOTO.name)).toBeNull());
    expect(screen.getByRole('button', { name: MEDIA_UNUSED_LABEL })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.type(screen.getByLabelText(SEARCH_MEDIA_LABEL), 'nothing');
    expect(await screen.findByText(NO_MEDIA_MATCHES)).toBeInTheDocument();
    // Asked once the typing paused, not once a key.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('query=')).length).toBe(1);
  });

  it('deletes an unused image after a confirmation', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [FIRST_PAGE]: () => page(deleted ? [PHOTO] : [PHOTO, UNUSED]),
      [`DELETE /images/${UNUSED.name}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const { user } = openMedia();
    await user.click(await screen.findByRole('button', { name: deleteImageLabel(UNUSED.name) }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(`Delete "the image ${UNUSED.name}"?`);
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    expect(await screen.findByText(imageDeletedNotice(UNUSED.name))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(UNUSED.name)).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('deletes the unused images of a page after one confirmation', async () => {
    const other: MediaItem = { ...UNUSED, name: 'old-photo.png', path: '/images/old-photo.png' };
    const deleted: string[] = [];
    mockFetch({
      [FIRST_PAGE]: page([PHOTO, UNUSED, other]),
      'GET /images?limit=24&offset=0&usage=unused': () =>
        page([UNUSED, other].filter((item) => !deleted.includes(item.name))),
      [`DELETE /images/${UNUSED.name}`]: () => {
        deleted.push(UNUSED.name);
        return { status: 204 };
      },
      [`DELETE /images/${other.name}`]: () => {
        deleted.push(other.name);
        return { status: 204 };
      },
    });
    const { user } = openMedia();
    await screen.findByText(PHOTO.name);
    // Only under Unused.
    expect(screen.queryByRole('button', { name: deleteUnusedOnPageLabel(2) })).toBeNull();
    await user.click(screen.getByRole('button', { name: MEDIA_UNUSED_LABEL }));
    await user.click(await screen.findByRole('button', { name: deleteUnusedOnPageLabel(2) }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Delete "the 2 unused images on this page"?');
    await user.click(within(dialog).getByRole('button', { name: DELETE_LABEL }));
    expect(await screen.findByText(unusedDeletedNotice(2))).toBeInTheDocument();
    expect(deleted).toEqual([UNUSED.name, other.name]);
    expect(await screen.findByText(NO_UNUSED_MEDIA)).toBeInTheDocument();
  });

  it('says the server’s reason when an image is in use after all', async () => {
    mockFetch({
      [FIRST_PAGE]: page([UNUSED]),
      [`DELETE /images/${UNUSED.name}`]: {
        status: 409,
        body: {
          message:
            'This image is in use: the text of the article "New". Remove it from there first.',
        },
      },
    });
    const { user } = openMedia();
    await user.click(await screen.findByRole('button', { name: deleteImageLabel(UNUSED.name) }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: DELETE_LABEL }),
    );
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'the text of the article "New"',
    );
  });
});

describe('choosing from the media library in the editor', () => {
  async function openNewArticle() {
    const fetchMock = mockFetch({
      'GET /articles?limit=20&offset=0&include=drafts': { body: [] },
      'GET /tags?include=drafts': { body: [] },
      [FIRST_PAGE]: page([PHOTO, UNUSED]),
    });
    const rendered = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    await rendered.user.click(await screen.findByRole('button', { name: NEW_ARTICLE_LABEL }));
    return { ...rendered, fetchMock, form: screen.getByRole('form', { name: 'New article' }) };
  }

  it('inserts a chosen image into the text, once it is described', async () => {
    const { user, form } = await openNewArticle();
    const insert = within(form).getByRole('group', { name: INSERT_IMAGE_HEADING });
    const choose = within(insert).getByRole('button', { name: CHOOSE_FROM_LIBRARY_LABEL });
    expect(choose).toBeDisabled();
    await user.type(within(form).getByLabelText(IMAGE_ALT_LABEL), 'The desk');
    await user.click(choose);
    const picker = screen.getByRole('dialog', { name: MEDIA_PICKER_LABEL });
    await user.click(
      await within(picker).findByRole('button', { name: chooseImageLabel(PHOTO.name) }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(form).getByLabelText(CONTENT_LABEL)).toHaveValue(
      `![The desk](${PHOTO.path})\n\n`,
    );
    expect(within(insert).getByText(IMAGE_INSERTED)).toBeInTheDocument();
  });

  it('sets a chosen image as the cover', async () => {
    const { user, form } = await openNewArticle();
    const buttons = within(form).getAllByRole('button', { name: CHOOSE_FROM_LIBRARY_LABEL });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await user.click(
      await within(screen.getByRole('dialog')).findByRole('button', {
        name: chooseImageLabel(PHOTO.name),
      }),
    );
    expect(within(form).getByLabelText(IMAGE_PATH_LABEL)).toHaveValue(PHOTO.path);
    expect(within(form).getByText(IMAGE_CHOSEN)).toBeInTheDocument();
  });
});

describe('deleting an article', () => {
  const ARTICLE = {
    _id: 'desk',
    title: 'My desk',
    content: '![A tidy desk](/images/desk-1a2b.jpg)',
    excerpt: '',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
  };
  const shared: MediaItem = {
    ...UNUSED,
    name: 'shared-logo.png',
    path: '/images/shared-logo.png',
    uses: [PHOTO.uses[0] as MediaItem['uses'][number]],
    useCount: 2,
  };
  const onlyHere: MediaItem = {
    ...PHOTO,
    uses: [PHOTO.uses[0] as MediaItem['uses'][number]],
    useCount: 1,
  };

  function mockArticles(images: MediaItem[]) {
    let removed = false;
    return mockFetch({
      'GET /articles?limit=20&offset=0&include=drafts': () => ({
        body: removed ? [] : [ARTICLE],
      }),
      'GET /tags?include=drafts': { body: [] },
      'GET /images?limit=100&offset=0&article=desk': page(images),
      'DELETE /articles/desk': () => {
        removed = true;
        return { status: 204 };
      },
      [`DELETE /images/${onlyHere.name}`]: { status: 204 },
    });
  }

  async function deleteArticle() {
    const rendered = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=articles',
      auth: true,
    });
    const { user } = rendered;
    await user.click(
      await screen.findByRole('button', { name: `${DELETE_LABEL} ${ARTICLE.title}` }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: DELETE_LABEL }),
    );
    return rendered;
  }

  it('offers to delete the images nothing else shows, and deletes them when accepted', async () => {
    const fetchMock = mockArticles([onlyHere, shared]);
    const { user } = await deleteArticle();
    const offer = await screen.findByRole('dialog', { name: UNUSED_IMAGES_LABEL });
    expect(offer).toHaveTextContent(unusedImagesText(ARTICLE.title, 1));
    expect(offer).toHaveTextContent(onlyHere.name);
    // Another article still shows this one: not offered.
    expect(offer).not.toHaveTextContent(shared.name);
    await user.click(within(offer).getByRole('button', { name: DELETE_IMAGES_LABEL }));
    expect(await screen.findByText(imagesDeletedNotice(1))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const deletes = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'DELETE')
      .map(([url]) => String(url).replace(/^.*\/api/, ''));
    expect(deletes).toEqual(['/articles/desk', `/images/${onlyHere.name}`]);
  });

  it('keeps them when the owner says so', async () => {
    const fetchMock = mockArticles([onlyHere]);
    const { user } = await deleteArticle();
    const offer = await screen.findByRole('dialog', { name: UNUSED_IMAGES_LABEL });
    await user.click(within(offer).getByRole('button', { name: KEEP_IMAGES_LABEL }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(ARTICLE_DELETED)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('offers a deleted project’s cover when nothing else shows it', async () => {
    const PROJECT = {
      _id: 'lab',
      title: 'Home lab',
      description: 'A lab.',
      imagePath: PHOTO.path,
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
    };
    const cover: MediaItem = {
      ...PHOTO,
      uses: [PHOTO.uses[1] as MediaItem['uses'][number]],
      useCount: 1,
    };
    let removed = false;
    mockFetch({
      'GET /projects?include=drafts': () => ({ body: removed ? [] : [PROJECT] }),
      'GET /projects/lab?include=drafts': { body: PROJECT },
      [`GET /images?limit=100&offset=0&query=${PHOTO.name}`]: page([cover]),
      'DELETE /projects/lab': () => {
        removed = true;
        return { status: 204 };
      },
      [`DELETE /images/${PHOTO.name}`]: { status: 204 },
    });
    const { user } = renderPage(<AdminDashboardPage />, {
      route: '/admin-dashboard?tab=projects',
      auth: true,
    });
    await user.click(
      await screen.findByRole('button', { name: `${DELETE_LABEL} ${PROJECT.title}` }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: DELETE_LABEL }),
    );
    const offer = await screen.findByRole('dialog', { name: UNUSED_IMAGES_LABEL });
    expect(offer).toHaveTextContent(unusedImagesText(PROJECT.title, 1));
    await user.click(within(offer).getByRole('button', { name: DELETE_IMAGES_LABEL }));
    expect(await screen.findByText(imagesDeletedNotice(1, 'project'))).toBeInTheDocument();
  });

  it('offers nothing when every image is shown elsewhere too', async () => {
    mockArticles([shared]);
    await deleteArticle();
    expect(await screen.findByText(ARTICLE_DELETED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
