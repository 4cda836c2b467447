import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ELLIPSIS, PROJECT_SNIPPET_LENGTH } from '@portfolio/shared/format';
import type { Project } from '@portfolio/shared/types';
import {
  mockFetch,
  renderPage,
  siteTitle,
  revealOnObserve,
  setUpTestRuntimeConfig,
  TEST_API_BASE,
} from '@portfolio/testing';
import type { MockResponse } from '@portfolio/testing';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import {
  CONTACT_BUSY_LABEL,
  CONTACT_EMAIL_LABEL,
  CONTACT_MESSAGE_LABEL,
  CONTACT_NAME_LABEL,
  CONTACT_REQUIRED_ERROR,
  CONTACT_SUBMIT_LABEL,
  CONTACT_SUCCESS,
  HOME_CONTACT_EXCEPTION,
  HOME_CONTACT_FAILED,
  PAGE_LOADING,
  PROJECTS_LOAD_ERROR,
  RECENT_PROJECTS_HEADING,
  SERVICES_HEADING,
  TESTIMONIALS_HEADING,
  TYPED_PHRASES,
  heroGreeting,
  homeDocumentTitle,
} from '../../texts';
import * as HomePage from './HomePage';

setUpTestRuntimeConfig();

const LONG_TEXT =
  'A security monitoring lab built from open-source parts: endpoint agents ship logs to a central collector, and detection rules flag brute-force logins.';

const project = (id: string, createdAt: string, description = LONG_TEXT): Project => ({
  _id: id,
  title: `Project ${id}`,
  description,
  imagePath: `/images/${id}.svg`,
  createdAt,
  updatedAt: createdAt,
});

// Deliberately out of order, so the page has to sort.
const PROJECTS = [
  project('p2023', '2023-06-01T00:00:00.000Z'),
  project('p2026', '2026-02-01T00:00:00.000Z', 'Short description.'),
  project('p2024', '2024-03-10T00:00:00.000Z'),
  project('p2025', '2025-01-15T00:00:00.000Z'),
];

const SETTINGS = makeSiteSettings({
  owner: { name: 'Jordan Rivera', jobTitle: 'AppSec Lead' },
  portfolio: {
    heroIntro: 'I find the bugs first.',
    services: [
      { title: 'Audits', description: 'Careful ones.' },
      { title: 'Training', description: 'For developers.' },
      { title: 'Response', description: 'When it matters.' },
    ],
  },
});
const { owner, portfolio } = SETTINGS;

function renderHome(
  projects: MockResponse | Error = { body: PROJECTS },
  contact?: MockResponse | Error,
  settings: MockResponse | Error = { body: SETTINGS },
) {
  const fetchMock = mockFetch({
    'GET /settings': settings,
    'GET /projects': projects,
    ...(contact ? { 'POST /contact': contact } : {}),
  });
  const user = userEvent.setup();
  renderPage(HomePage);
  /** Waits until the page has left its loading state. */
  const settled = () =>
    waitFor(() => expect(screen.queryByText(PAGE_LOADING)).not.toBeInTheDocument());
  return { user, fetchMock, settled };
}

const projectsSection = () => screen.getByRole('region', { name: RECENT_PROJECTS_HEADING });
/** The section, once the page has its data. */
const findProjectsSection = () => screen.findByRole('region', { name: RECENT_PROJECTS_HEADING });
const contactForm = () => screen.getByRole('form', { name: 'Contact Me' });

async function sendCompleteMessage(user: ReturnType<typeof userEvent.setup>) {
  const form = contactForm();
  await user.type(within(form).getByLabelText(CONTACT_NAME_LABEL), 'Ada');
  await user.type(within(form).getByLabelText(CONTACT_EMAIL_LABEL), 'ada@example.com');
  await user.type(within(form).getByLabelText(CONTACT_MESSAGE_LABEL), 'Hello');
  await user.click(within(form).getByRole('button', { name: CONTACT_SUBMIT_LABEL }));
}

describe('HomePage', () => {
  it('has the hero as its one h1, and sets the document title, from the settings', async () => {
    await renderHome().settled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heroGreeting(owner.name));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(owner.jobTitle)).toBeInTheDocument();
    expect(screen.getByText(portfolio.heroIntro)).toBeInTheDocument();
    expect(document.title).toBe(siteTitle(homeDocumentTitle(owner.name, owner.jobTitle)));
  });

  it("shows the seed's settings when the API does not give them", async () => {
    await renderHome(undefined, undefined, new TypeError('Failed to fetch')).settled();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      heroGreeting(makeSiteSettings().owner.name),
    );
  });

  it('names the four typed phrases in the hero', async () => {
    await renderHome().settled();
    const line = screen.getByTestId('typed-stage').parentElement!;
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...TYPED_PHRASES]);
  });

  it('has a three-card services section, an about teaser and the testimonial carousel', async () => {
    await renderHome().settled();
    const services = screen.getByRole('region', { name: SERVICES_HEADING });
    expect(
      within(services)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(portfolio.services.map((service) => service.title));
    expect(screen.getByRole('link', { name: /more about me/i })).toHaveAttribute('href', '/about');
    // Below the fold: the first testimonial stands in until the visitor scrolls near it.
    const testimonials = screen.getByRole('region', { name: TESTIMONIALS_HEADING });
    expect(testimonials).not.toHaveAttribute('aria-roledescription');
    expect(within(testimonials).getByText(portfolio.testimonials[0]!.quote)).toBeInTheDocument();
  });

  it('loads the testimonial carousel when the visitor scrolls near it', async () => {
    const restore = revealOnObserve();
    try {
      await renderHome().settled();
      await waitFor(() =>
        expect(screen.getByRole('region', { name: TESTIMONIALS_HEADING })).toHaveAttribute(
          'aria-roledescription',
          'carousel',
        ),
      );
    } finally {
      restore();
    }
  });

  describe('newest projects', () => {
    it('shows a loading state first', async () => {
      const { settled } = renderHome();
      expect(screen.getByRole('status')).toHaveTextContent(PAGE_LOADING);
      await settled();
    });

    it('shows the three newest, newest first, each linking to its page', async () => {
      renderHome();
      const section = await findProjectsSection();
      const titles = await within(section).findAllByRole('heading', { level: 3 });
      expect(titles.map((title) => title.textContent)).toEqual([
        'Project p2026',
        'Project p2025',
        'Project p2024',
      ]);
      expect(within(section).getByRole('link', { name: 'Project p2025' })).toHaveAttribute(
        'href',
        '/projects/p2025',
      );
      expect(within(section).queryByText('Project p2023')).not.toBeInTheDocument();
    });

    it('shows each image from the API base, and a 100-character snippet with an ellipsis', async () => {
      renderHome();
      const section = await findProjectsSection();
      const cards = await within(section).findAllByRole('article');
      const long = cards[1]!;
      expect(
        within(long).getByText(
          `${LONG_TEXT.slice(0, PROJECT_SNIPPET_LENGTH).trimEnd()}${ELLIPSIS}`,
        ),
      ).toBeInTheDocument();
      expect(PROJECT_SNIPPET_LENGTH).toBe(100);
      expect(ELLIPSIS).toBe('...');
      // A short description is shown whole, without an ellipsis.
      expect(within(cards[0]!).getByText('Short description.')).toBeInTheDocument();
      const image = long.querySelector('img');
      expect(image).toHaveAttribute('src', `${TEST_API_BASE}/images/p2025.svg`);
      expect(image).toHaveAttribute('width', '400');
      expect(image).toHaveAttribute('height', '240');
      expect(image).toHaveAttribute('loading', 'lazy');
    });

    it('says "Failed to load projects." when the call fails', async () => {
      renderHome({ status: 500, body: { message: 'boom' } });
      expect(await within(await findProjectsSection()).findByRole('alert')).toHaveTextContent(
        PROJECTS_LOAD_ERROR,
      );
    });

    it('says "Failed to load projects." when the network is down', async () => {
      renderHome(new TypeError('Failed to fetch'));
      expect(await within(await findProjectsSection()).findByRole('alert')).toHaveTextContent(
        PROJECTS_LOAD_ERROR,
      );
    });

    it('says "Failed to load projects." when the answer is not an array', async () => {
      renderHome({ body: { projects: PROJECTS } });
      expect(await within(await findProjectsSection()).findByRole('alert')).toHaveTextContent(
        PROJECTS_LOAD_ERROR,
      );
      expect(within(projectsSection()).queryByRole('article')).not.toBeInTheDocument();
    });
  });

  describe('contact form', () => {
    it('says "All fields are required." when a field is empty', async () => {
      const { user, fetchMock, settled } = renderHome();
      await settled();
      await user.click(within(contactForm()).getByRole('button', { name: CONTACT_SUBMIT_LABEL }));
      expect(within(contactForm()).getByText(CONTACT_REQUIRED_ERROR)).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalledWith(`${TEST_API_BASE}/contact`, expect.anything());
    });

    it('says "Message sent successfully!" on 201', async () => {
      const { user, settled } = renderHome(undefined, { status: 201, body: { message: 'stored' } });
      await settled();
      await sendCompleteMessage(user);
      expect(await within(contactForm()).findByText(CONTACT_SUCCESS)).toBeInTheDocument();
    });

    it.each([200, 400, 429, 500])('says the failure message on status %i', async (status) => {
      const { user, settled } = renderHome(undefined, {
        status,
        body: { message: 'server says no' },
      });
      await settled();
      await sendCompleteMessage(user);
      expect(await within(contactForm()).findByText(HOME_CONTACT_FAILED)).toBeInTheDocument();
      expect(within(contactForm()).queryByText('server says no')).not.toBeInTheDocument();
    });

    it('says "Something went wrong. Please try again." when the request throws', async () => {
      const { user, settled } = renderHome(undefined, new TypeError('Failed to fetch'));
      await settled();
      await sendCompleteMessage(user);
      expect(await within(contactForm()).findByText(HOME_CONTACT_EXCEPTION)).toBeInTheDocument();
    });

    it('shows "Sending..." on its disabled button while sending', async () => {
      const { user, settled } = renderHome(undefined, { status: 201, body: {} });
      await settled();
      const form = contactForm();
      await user.type(within(form).getByLabelText(CONTACT_NAME_LABEL), 'Ada');
      await user.type(within(form).getByLabelText(CONTACT_EMAIL_LABEL), 'ada@example.com');
      await user.type(within(form).getByLabelText(CONTACT_MESSAGE_LABEL), 'Hello');
      // Click without awaiting the answer: the button is busy at once.
      const click = user.click(within(form).getByRole('button', { name: CONTACT_SUBMIT_LABEL }));
      expect(await within(form).findByRole('button', { name: CONTACT_BUSY_LABEL })).toBeDisabled();
      await click;
      expect(await within(form).findByText(CONTACT_SUCCESS)).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: CONTACT_SUBMIT_LABEL })).toBeEnabled();
    });
  });
});
