import { screen, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig, siteTitle } from '@portfolio/testing';
import type { MockResponse } from '@portfolio/testing';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import {
  ABOUT_DOCUMENT_TITLE,
  ABOUT_HEADING,
  ABOUT_LOADING,
  ABOUT_PORTFOLIO_LINK,
  FUN_FACTS_HEADING,
} from '../../texts';
import * as AboutPage from './AboutPage';

setUpTestRuntimeConfig();

const SEED = makeSiteSettings();
const fromServer = makeSiteSettings({
  owner: { name: 'Server Name', jobTitle: 'Server Title' },
  about: {
    intro: ['First paragraph from the API.', 'Second paragraph from the API.'],
    funFacts: [
      { label: 'Flags', value: '42' },
      { label: 'Editor', value: 'vim' },
    ],
  },
});

function renderAbout(answer: MockResponse | Error) {
  const fetchMock = mockFetch({ 'GET /settings': answer });
  renderPage(AboutPage, { route: '/about' });
  return fetchMock;
}

const funFacts = () => screen.getByRole('region', { name: FUN_FACTS_HEADING });

describe('AboutPage', () => {
  it("shows the site's settings (GET /settings) when the API answers", async () => {
    const fetchMock = renderAbout({ body: fromServer });
    expect(screen.getByRole('heading', { level: 1, name: ABOUT_HEADING })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ABOUT_LOADING);
    expect(await screen.findByText('First paragraph from the API.')).toBeInTheDocument();
    expect(screen.getByText('Second paragraph from the API.')).toBeInTheDocument();
    expect(screen.getByText('Server Name')).toBeInTheDocument();
    expect(screen.getByText('Server Title')).toBeInTheDocument();
    expect(within(funFacts()).getByText('Flags')).toBeInTheDocument();
    expect(within(funFacts()).getByText('vim')).toBeInTheDocument();
    expect(screen.queryByText(SEED.about.intro[0]!)).not.toBeInTheDocument();
    // The API base already ends in /api: this is GET /api/settings.
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/settings', expect.anything());
  });

  it.each([
    ['fails', { status: 500, body: { message: 'boom' } }],
    ['is not found', { status: 404, body: { message: 'Not found' } }],
    ['answers another shape', { body: { about: { intro: 'not a list' } } }],
    // docs/decisions/052: the client checks the answer against the API's contract.
    ['answers a list', { body: [fromServer] }],
    [
      'answers a fun fact without value',
      { body: { ...fromServer, about: { ...fromServer.about, funFacts: [{ label: 'x' }] } } },
    ],
    [
      'answers a number in intro',
      { body: { ...fromServer, about: { ...fromServer.about, intro: ['one', 2] } } },
    ],
    ['cannot be reached', new TypeError('Failed to fetch')],
  ] as const)("shows the seed's text when the call %s", async (_, answer) => {
    renderAbout(answer);
    expect(await screen.findByText(SEED.about.intro[0]!)).toBeInTheDocument();
    for (const fact of SEED.about.funFacts) {
      expect(within(funFacts()).getByText(fact.label)).toBeInTheDocument();
      expect(within(funFacts()).getByText(fact.value)).toBeInTheDocument();
    }
  });

  it('links to the portfolio and sets the document title', async () => {
    renderAbout({ body: fromServer });
    await screen.findByText('First paragraph from the API.');
    expect(screen.getByRole('link', { name: ABOUT_PORTFOLIO_LINK })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    expect(document.title).toBe(siteTitle(ABOUT_DOCUMENT_TITLE));
  });
});
