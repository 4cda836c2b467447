import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@portfolio/shared/types';
import {
  TEST_API_BASE,
  mockFetch,
  renderPage,
  setUpTestRuntimeConfig,
  siteTitle,
} from '@portfolio/testing';
import type { MockResponse } from '@portfolio/testing';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import {
  CERTIFICATE_CLOSE_LABEL,
  CERTIFICATIONS_HEADING,
  EXPERIENCE_HEADING,
  PORTFOLIO_DOCUMENT_TITLE,
  PROJECTS_HEADING,
  PAGE_LOADING,
  PROJECTS_LOAD_ERROR,
  SKILLS_HEADING,
  SUMMARY_HEADING,
  VERIFY_CREDENTIAL_LABEL,
  certificateIssued,
  certificateOpenLabel,
} from '../../texts';
import * as PortfolioPage from './PortfolioPage';

setUpTestRuntimeConfig();

const projects: Project[] = Array.from({ length: 5 }, (_, index) => ({
  _id: `id-${index}`,
  title: `Project ${index}`,
  description: `Description ${index}`,
  imagePath: `/images/${index}.svg`,
  createdAt: `202${index}-01-01T00:00:00.000Z`,
  updatedAt: `202${index}-01-01T00:00:00.000Z`,
}));

const SETTINGS = makeSiteSettings({ owner: { name: 'Jordan Rivera', jobTitle: 'AppSec Lead' } });
const { owner, portfolio } = SETTINGS;

async function renderPortfolio(answer: MockResponse | Error = { body: projects }) {
  mockFetch({ 'GET /settings': { body: SETTINGS }, 'GET /projects': answer });
  const user = userEvent.setup();
  renderPage(PortfolioPage, { route: '/portfolio' });
  await waitFor(() => expect(screen.queryByText(PAGE_LOADING)).not.toBeInTheDocument());
  return user;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('PortfolioPage', () => {
  it('has a header with title, subtitle and contact line, and sets the document title', async () => {
    await renderPortfolio();
    expect(screen.getByRole('heading', { level: 1, name: owner.name })).toBeInTheDocument();
    expect(screen.getByText(owner.jobTitle)).toBeInTheDocument();
    const contact = screen.getByRole('list', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: owner.email })).toHaveAttribute(
      'href',
      `mailto:${owner.email}`,
    );
    for (const link of owner.social) {
      expect(within(contact).getByRole('link', { name: new RegExp(link.label) })).toHaveAttribute(
        'href',
        link.url,
      );
    }
    expect(within(contact).getByText(owner.location!)).toBeInTheDocument();
    expect(document.title).toBe(siteTitle(PORTFOLIO_DOCUMENT_TITLE));
  });

  it('opens external contact links safely in a new tab', async () => {
    await renderPortfolio();
    const github = screen.getByRole('link', { name: /GitHub/ });
    expect(github).toHaveAttribute('target', '_blank');
    expect(github).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the professional summary', async () => {
    await renderPortfolio();
    expect(within(section(SUMMARY_HEADING)).getByText(portfolio.summary[0]!)).toBeInTheDocument();
  });

  it('shows six certification cards that open and close the image pop-up', async () => {
    const user = await renderPortfolio();
    const certifications = section(CERTIFICATIONS_HEADING);
    expect(within(certifications).getAllByRole('button')).toHaveLength(6);
    const title = portfolio.certifications[2]!.title;
    await user.click(
      within(certifications).getByRole('button', { name: certificateOpenLabel(title) }),
    );
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CERTIFICATE_CLOSE_LABEL }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows each certificate's issuer, month and a link to verify it, and its badge from the API", async () => {
    await renderPortfolio();
    const certifications = section(CERTIFICATIONS_HEADING);
    const first = portfolio.certifications[0]!;
    expect(first).toMatchObject({ issuer: expect.any(String), date: '2019-04' });
    expect(
      within(certifications).getByText(certificateIssued(first.issuer, 'April 2019')),
    ).toBeInTheDocument();
    const verify = within(certifications).getByRole('link', {
      name: new RegExp(`^${VERIFY_CREDENTIAL_LABEL}\\W+${first.title}`),
    });
    expect(verify).toHaveAttribute('href', first.credentialUrl);
    expect(verify).toHaveAttribute('target', '_blank');
    expect(verify).toHaveAttribute('rel', 'noopener noreferrer');
    const badge = within(certifications)
      .getByRole('button', { name: certificateOpenLabel(first.title) })
      .querySelector('img');
    expect(badge).toHaveAttribute('src', `${TEST_API_BASE}${first.image}`);
  });

  it("groups skills by the settings' groups", async () => {
    await renderPortfolio();
    const skills = section(SKILLS_HEADING);
    expect(
      within(skills)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Tools', 'Operating Systems', 'Programming Languages', 'Security Frameworks']);
    const tools = within(skills).getByRole('region', { name: 'Tools' });
    expect(
      within(tools)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(portfolio.skillGroups[0]!.skills);
  });

  it('shows two experience entries', async () => {
    await renderPortfolio();
    const experience = section(EXPERIENCE_HEADING);
    expect(portfolio.experience).toHaveLength(2);
    expect(
      within(experience)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(portfolio.experience.map((entry) => entry.role));
  });

  it('lists all projects, newest first', async () => {
    await renderPortfolio();
    const list = section(PROJECTS_HEADING);
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Project 4', 'Project 3', 'Project 2', 'Project 1', 'Project 0']);
  });

  it.each([
    ['fails', { status: 503, body: { message: 'down' } }],
    ['is not an array', { body: { not: 'a list' } }],
    // docs/decisions/052: the client checks the answer against the API's contract.
    ['has a project without a title', { body: [{ ...projects[0], title: undefined }] }],
    ['has skills as text', { body: [{ ...projects[0], skills: 'Go, Rust' }] }],
    ['is a list of nulls', { body: [null] }],
  ] as const)('says "Failed to load projects." when the call %s', async (_, answer) => {
    await renderPortfolio(answer);
    expect(within(section(PROJECTS_HEADING)).getByRole('alert')).toHaveTextContent(
      PROJECTS_LOAD_ERROR,
    );
  });

  it('has headings in order: one h1, then h2 sections, then h3', async () => {
    await renderPortfolio();
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });
});
