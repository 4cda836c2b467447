// Server-rendered pages follow the same rules as in the browser (docs/decisions/052): the page
// loaders run on the server through the same API client, which checks each answer against the
// API's contract, so a wrong shape renders the page's error state into the HTML.
import { mockFetch, renderPageOnServer, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeProject } from '@portfolio/testing/fixtures';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import { PROJECTS_LOAD_ERROR, PROJECT_LOAD_FAILED } from '../texts';
import * as AboutPage from './AboutPage/AboutPage';
import * as PortfolioPage from './PortfolioPage/PortfolioPage';
import * as ProjectDetailPage from './ProjectDetailPage/ProjectDetailPage';

setUpTestRuntimeConfig();

const PROJECT = makeProject();

describe('server render of the portfolio with answers of the wrong shape', () => {
  it('renders the projects error for projects without titles', async () => {
    mockFetch({
      'GET /settings': { body: makeSiteSettings() },
      'GET /projects': { body: [{ ...PROJECT, title: undefined }] },
    });
    const html = await renderPageOnServer(PortfolioPage, {
      route: '/portfolio',
      path: '/portfolio',
    });
    expect(html).toContain(PROJECTS_LOAD_ERROR);
  });

  it('renders the project error for a list instead of the project', async () => {
    mockFetch({ 'GET /projects/home-lab-siem': { body: [PROJECT] } });
    const html = await renderPageOnServer(ProjectDetailPage, {
      route: '/projects/home-lab-siem',
      path: '/projects/:id',
    });
    expect(html).toContain(PROJECT_LOAD_FAILED);
  });

  it('renders the project of a valid answer', async () => {
    mockFetch({ 'GET /projects/home-lab-siem': { body: PROJECT } });
    const html = await renderPageOnServer(ProjectDetailPage, {
      route: '/projects/home-lab-siem',
      path: '/projects/:id',
    });
    expect(html).toContain('Home Lab SIEM');
  });

  it("renders the seed's about text for settings of another shape", async () => {
    mockFetch({ 'GET /settings': { body: { owner: { name: 'X' }, about: 'not an object' } } });
    const html = await renderPageOnServer(AboutPage, { route: '/about', path: '/about' });
    expect(html).toContain(makeSiteSettings().about.intro[0]);
  });

  it('renders the settings of a valid answer: the name, the job title, the about text', async () => {
    const settings = makeSiteSettings({
      owner: { name: 'Jordan Rivera', jobTitle: 'AppSec Lead' },
      about: { intro: ['Hello from the settings.'] },
    });
    mockFetch({ 'GET /settings': { body: settings } });
    const html = await renderPageOnServer(AboutPage, { route: '/about', path: '/about' });
    for (const text of ['Jordan Rivera', 'AppSec Lead', 'Hello from the settings.']) {
      expect(html).toContain(text);
    }
  });
});
