import { screen } from '@testing-library/react';
import type { Project } from '@portfolio/shared/types';
import {
  mockFetch,
  renderPage,
  siteTitle,
  setUpTestRuntimeConfig,
  TEST_API_BASE,
  TEST_RUNTIME_CONFIG,
} from '@portfolio/testing';
import { makeImage } from '@portfolio/testing/fixtures';
import { renderHeadTags, siteContext } from '@portfolio/shared/head';
import type { MockResponse } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import { DRAFT_NOTICE_TITLE } from '@portfolio/shared/ui';
import { pageOutcome } from '@portfolio/shared/page-data';
import {
  PROJECT_LOAD_FAILED,
  PROJECT_LOADING,
  PROJECT_NOT_FOUND,
  PROJECT_SKILLS_HEADING,
} from '../../texts';
import * as ProjectDetailPage from './ProjectDetailPage';

setUpTestRuntimeConfig();

const project: Project = {
  _id: 'abc-123',
  title: 'Home Lab SIEM',
  description: 'A security monitoring lab built from open-source parts.',
  imagePath: '/images/project-siem-lab.svg',
  createdAt: '2024-02-12T10:00:00.000Z',
  updatedAt: '2024-02-12T10:00:00.000Z',
  skills: ['Wazuh', 'Elasticsearch'],
  link: 'https://example.com/projects/home-lab-siem',
};

function renderProject(answer: MockResponse | Error, id = project._id) {
  const path = `/projects/${encodeURIComponent(id)}`;
  const fetchMock = mockFetch({ [`GET ${path}`]: answer });
  renderPage(ProjectDetailPage, { route: path, path: '/projects/:id' });
  return fetchMock;
}

describe('ProjectDetailPage', () => {
  // docs/decisions/123: the photo fits the screen, and is preloaded as the page's largest paint.
  it('shows a photo at its size from the variant the screen needs, preloaded from the head', async () => {
    const image = makeImage({ path: '/images/siem-photo.jpg' });
    const withPhoto = { ...project, imagePath: image.path, image };
    renderProject({ body: withPhoto });
    const img = await screen.findByRole('img', { name: `Illustration for ${project.title}` });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['4000', '3000']);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute(
      'srcset',
      expect.stringContaining('/images/siem-photo.jpg/640.jpg 640w'),
    );
    const avif = img.closest('picture')?.querySelector('source[type="image/avif"]');
    const site = siteContext(TEST_RUNTIME_CONFIG);
    const url = new URL(`/projects/${project._id}`, site.siteUrl);
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML = renderHeadTags(
      ProjectDetailPage.head({
        data: { status: 'loaded', project: withPhoto },
        params: {},
        url,
        site,
      }),
      site,
      url,
    );
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('imagesrcset')).toBe(avif?.getAttribute('srcset'));
    expect(preload?.getAttribute('imagesizes')).toBe(img.getAttribute('sizes'));
  });

  it('shows a loading state, then title, image, description and skills', async () => {
    renderProject({ body: project });
    expect(screen.getByRole('status')).toHaveTextContent(PROJECT_LOADING);
    expect(
      await screen.findByRole('heading', { level: 1, name: project.title }),
    ).toBeInTheDocument();
    const image = screen.getByRole('img', { name: `Illustration for ${project.title}` });
    expect(image).toHaveAttribute('src', `${TEST_API_BASE}${project.imagePath}`);
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '240');
    expect(screen.getByText(project.description)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: PROJECT_SKILLS_HEADING }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveTextContent('WazuhElasticsearch');
    expect(document.title).toBe(siteTitle(project.title));
  });

  it('shows the link as its host name, opening safely in a new tab', async () => {
    renderProject({ body: project });
    const link = await screen.findByRole('link', { name: /^example\.com/ });
    expect(link).toHaveAttribute('href', project.link);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText(project.link!)).not.toBeInTheDocument();
  });

  it('leaves out the skills and link when the project has none', async () => {
    const { skills: _skills, link: _link, ...bare } = project;
    renderProject({ body: bare });
    await screen.findByRole('heading', { level: 1, name: project.title });
    expect(screen.queryByRole('heading', { name: PROJECT_SKILLS_HEADING })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /example\.com/ })).not.toBeInTheDocument();
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'not a url'])(
    'does not turn the link %j into a link',
    async (link) => {
      renderProject({ body: { ...project, link } });
      await screen.findByRole('heading', { level: 1, name: project.title });
      const anchors = Array.from(document.querySelectorAll('a')).map((a) => a.getAttribute('href'));
      expect(anchors).toEqual(['/portfolio']);
    },
  );

  it.each([
    ['404 with the server message', { status: 404, body: { message: 'Project not found' } }],
    ['404 with another message', { status: 404, body: { message: 'No such thing' } }],
    ['500', { status: 500, body: { message: 'Internal error' } }],
  ] as const)('shows "Error: Project not found" for %s', async (_, answer) => {
    renderProject(answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Project not found$/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Error: Project not found');
    expect(document.title).toBe(siteTitle('Project not found'));
  });

  // Security round 4, finding E: an id the API refuses (400) or does not know (404) is a 404
  // page, which the browser never loads again; any other failure stays "unavailable".
  it.each<[string, number, string]>([
    ['UPPER', 400, 'not-found'],
    ['a;b=c', 400, 'not-found'],
    ['nope', 404, 'not-found'],
    ['abc-123', 500, 'unavailable'],
  ])('gives /projects/%s, answered %i, the %s state', async (id, status, kind) => {
    mockFetch({
      [`GET /projects/${encodeURIComponent(id)}`]: { status, body: { message: 'x' } },
    });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = new URL(`http://site.test/projects/${encodeURIComponent(id)}`);
    const state = await ProjectDetailPage.loader({
      params: { id },
      request: new Request(url),
      url,
      pattern: '/projects/:id',
      context: {},
    });
    consoleError.mockRestore();
    expect(pageOutcome(state)).toEqual({ kind });
    expect(state).toMatchObject({ message: PROJECT_NOT_FOUND });
  });

  it('says the project could not be loaded when the request throws', async () => {
    renderProject(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${PROJECT_LOAD_FAILED}`);
  });

  // docs/decisions/052: the client checks the answer against the API's contract.
  it.each([
    ['a list instead of the project', { body: [project] }],
    ['a project without a description', { body: { ...project, description: undefined } }],
    ['a title that is a number', { body: { ...project, title: 7 } }],
    ['null', { body: null }],
  ] as const)('says the project could not be loaded for %s', async (_, answer) => {
    renderProject(answer as MockResponse);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${PROJECT_LOAD_FAILED}`);
  });

  it('asks the API for the id in the address, encoded', async () => {
    const fetchMock = renderProject({ body: project }, 'a b');
    await screen.findByRole('heading', { level: 1, name: project.title });
    expect(fetchMock).toHaveBeenCalledWith(`${TEST_API_BASE}/projects/a%20b`, expect.anything());
  });
});

describe('ProjectDetailPage: drafts (docs/decisions/122)', () => {
  const draft: Project = { ...project, _id: 'secret', status: 'draft', publishedAt: null };
  const NOT_FOUND = { status: 404, body: { message: 'Project not found' } };

  beforeEach(() => resetFirebaseMock());

  it('an admin previews a draft project under a "Draft: not published" notice', async () => {
    setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
    mockFetch({
      'GET /projects/secret': NOT_FOUND,
      'GET /projects/secret?include=drafts': { body: draft },
    });
    renderPage(ProjectDetailPage, { route: '/projects/secret', path: '/projects/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: project.title })).toBeVisible();
    expect(screen.getByRole('complementary', { name: DRAFT_NOTICE_TITLE })).toBeVisible();
  });

  it('anyone else gets "Project not found", on the server too', async () => {
    setCurrentUser(makeUser({ uid: 'reader', role: 'user' }));
    const fetchMock = mockFetch({ 'GET /projects/secret': NOT_FOUND });
    renderPage(ProjectDetailPage, { route: '/projects/secret', path: '/projects/:id' });
    expect(await screen.findByText('Error: Project not found')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const url = new URL('http://site.test/projects/secret');
    const load = (role: 'admin' | 'user') =>
      ProjectDetailPage.loader({
        params: { id: 'secret' },
        request: new Request(url),
        url,
        pattern: '/projects/:id',
        context: {
          session: { user: { uid: role, email: null, displayName: null, photoURL: null }, role },
        },
      });
    expect(await load('admin')).toEqual({ status: 'loading' });
    expect(await load('user')).toMatchObject({ status: 'not-found' });
  });
});
