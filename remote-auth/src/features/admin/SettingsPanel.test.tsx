// The dashboard's Settings tab (docs/decisions/141): it shows the site's settings in sections,
// saves the whole document with the admin's token, says what the API refused, warns of an
// accent too dark to read before it is sent, edits lists in place and guards unsaved changes.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import type { SiteSettings, SiteSettingsInput } from '@portfolio/shared/api-client';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { ADMIN_FORBIDDEN_MESSAGE } from '../../texts';
import { LEAVE_UNSAVED_CONFIRM } from './admin-texts';
import * as T from './settings-texts';

setUpTestRuntimeConfig();

const SETTINGS = makeSiteSettings();
const COUNT = 'GET /contact?limit=1&offset=0&box=inbox';

beforeEach(() => {
  // No unsaved work kept from another test (the signed-in user is kept there too: first).
  localStorage.clear();
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

/** The stored document an admin's PUT would make of a body: the body, with a new time. */
const stored = (init?: RequestInit): SiteSettings => ({
  ...(JSON.parse(String(init?.body)) as SiteSettingsInput),
  updatedAt: '2026-11-27T09:00:00.000Z',
});

function openSettings(
  put: Parameters<typeof mockFetch>[0][string] = (init) => ({ body: stored(init) }),
) {
  const fetchMock = mockFetch({
    [COUNT]: { body: [] },
    'GET /settings': { body: SETTINGS },
    'PUT /settings': put,
  });
  const page = renderPage(<AdminDashboardPage />, {
    route: '/admin-dashboard?tab=settings',
    auth: true,
  });
  return { fetchMock, ...page };
}

const form = () => screen.findByRole('form', { name: T.SETTINGS_HEADING });
/*
 * The form is large (about ninety fields and as many buttons), and in jsdom a query over all of
 * it costs seconds: finding a field by its label reads every field's labels (each a walk of the
 * document), a role query names every button. So fields are looked for in their section and the
 * form's own buttons among its actions, which keeps each test well inside its time limit on a
 * loaded CI machine.
 */
/** The section (a <details>) under a heading, opened or not. */
const section = async (title: string) =>
  within(await form())
    .getByText(title, { selector: 'h3' })
    .closest('details') as HTMLElement;
const inSection = async (title: string) => within(await section(title));
/** One of the form's own buttons (Save, Undo), looked for beside Save only. */
const formButton = (name: string) =>
  within(screen.getByText(T.SETTINGS_SAVE_LABEL).parentElement!).getByRole('button', { name });
const save = () => formButton(T.SETTINGS_SAVE_LABEL);
const sent = (fetchMock: jest.Mock): SiteSettingsInput => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith('/settings') && init?.method === 'PUT',
  );
  return JSON.parse(String(call?.[1]?.body)) as SiteSettingsInput;
};
/**
 * Puts text in a field as one input (clear, then paste): the form is large, and typing it key by
 * key costs a render of the whole form per key, which under a loaded CI machine outlasts the
 * test's time limit. The form reads each input the same way whatever its size.
 */
const fill = async (
  user: { clear(element: Element): Promise<void>; paste(text: string): Promise<void> },
  element: HTMLElement,
  text: string,
) => {
  await user.clear(element);
  await user.paste(text);
};
const openSection = async (user: { click(element: Element): Promise<void> }, name: string) =>
  user.click(within(await form()).getByRole('heading', { level: 3, name }));

describe('the Settings tab', () => {
  it('is a tab of the dashboard, with the settings in sections, the first one open', async () => {
    openSettings();
    expect(await screen.findByRole('tab', { name: T.TAB_SETTINGS })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const settingsForm = await form();
    expect(
      within(settingsForm)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      T.SECTION_OWNER,
      T.SECTION_ABOUT,
      T.SECTION_HOME,
      T.SECTION_CERTIFICATIONS,
      T.SECTION_SKILLS,
      T.SECTION_EXPERIENCE,
      T.SECTION_TESTIMONIALS,
      T.SECTION_SERVICES,
      T.SECTION_THEME,
    ]);
    const owner = await inSection(T.SECTION_OWNER);
    expect(owner.getByLabelText(T.OWNER_NAME_LABEL)).toHaveValue(SETTINGS.owner.name);
    expect(owner.getByLabelText(T.JOB_TITLE_LABEL)).toHaveValue(SETTINGS.owner.jobTitle);
    expect(owner.getByLabelText(T.OWNER_EMAIL_LABEL)).toHaveValue(SETTINGS.owner.email);
  });

  it("saves the whole document with the admin's token, and says it is live", async () => {
    const { user, fetchMock } = openSettings();
    const owner = await inSection(T.SECTION_OWNER);
    const name = owner.getByLabelText(T.OWNER_NAME_LABEL);
    await fill(user, name, 'Jordan Rivera');
    await fill(user, owner.getByLabelText(T.JOB_TITLE_LABEL), 'AppSec Lead');
    await user.click(save());

    expect(await screen.findByText(T.SETTINGS_SAVED)).toHaveAttribute('role', 'status');
    const body = sent(fetchMock);
    expect(body.owner).toMatchObject({ name: 'Jordan Rivera', jobTitle: 'AppSec Lead' });
    // Everything else as it was: the whole document is sent.
    expect(body.portfolio).toEqual(SETTINGS.portfolio);
    expect(body.about).toEqual(SETTINGS.about);
    expect(body.theme).toEqual(SETTINGS.theme);
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it("shows the API's message when it refuses the settings, and keeps what was typed", async () => {
    const { user } = openSettings({
      status: 400,
      body: { message: 'Owner.social[0].url must be an http or https URL.' },
    });
    const url = (await inSection(T.SECTION_OWNER)).getAllByLabelText(T.LINK_URL_LABEL)[0]!;
    await fill(user, url, 'javascript:alert(1)');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Owner.social[0].url must be an http or https URL.',
    );
    expect(url).toHaveValue('javascript:alert(1)');
  });

  it('says so when the role is not admin (403)', async () => {
    const { user } = openSettings({ status: 403, body: { message: 'Forbidden' } });
    await form();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_FORBIDDEN_MESSAGE);
  });

  it('warns of an accent too dark to read before it is sent, and sends the colour chosen', async () => {
    const { user, fetchMock } = openSettings();
    await openSection(user, T.SECTION_THEME);
    const theme = await inSection(T.SECTION_THEME);
    const accent = theme.getByLabelText(T.colourValueLabel(T.ACCENT_LABEL));
    await fill(user, accent, '#1a237e');
    expect(accent).toHaveAttribute('aria-invalid', 'true');
    expect(accent).toHaveAccessibleDescription(/too dark to read/);
    await fill(user, accent, '#ffa94d');
    expect(accent).not.toHaveAttribute('aria-invalid');
    expect(theme.getByLabelText(T.ACCENT_LABEL)).toHaveValue('#ffa94d');
    await user.click(save());
    await screen.findByText(T.SETTINGS_SAVED);
    expect(sent(fetchMock).theme).toEqual({ ...SETTINGS.theme, accent: '#ffa94d' });
  });

  it('edits a certification: issuer, month and credential link; adds, moves and removes one', async () => {
    const { user, fetchMock } = openSettings();
    await openSection(user, T.SECTION_CERTIFICATIONS);
    const list = (await inSection(T.SECTION_CERTIFICATIONS)).getByRole('group', {
      name: T.SECTION_CERTIFICATIONS,
    });
    const second = within(list).getByRole('group', { name: T.itemLegend(T.CERTIFICATION_ITEM, 2) });
    const issuer = within(second).getByLabelText(T.ISSUER_LABEL);
    await fill(user, issuer, 'Another Council');
    await user.click(
      within(list).getByRole('button', { name: T.moveUpLabel(T.CERTIFICATION_ITEM, 2) }),
    );
    await user.click(
      within(list).getByRole('button', { name: T.removeItemLabel(T.CERTIFICATION_ITEM, 6) }),
    );
    await user.click(
      within(list).getByRole('button', { name: T.addItemLabel(T.CERTIFICATION_ITEM) }),
    );
    const added = within(list).getByRole('group', { name: T.itemLegend(T.CERTIFICATION_ITEM, 6) });
    await fill(user, within(added).getByLabelText(T.CERTIFICATION_TITLE_LABEL), 'New Cert');
    await fill(user, within(added).getByLabelText(T.ISSUER_LABEL), 'New Issuer');
    await user.type(within(added).getByLabelText(T.ISSUED_LABEL), '2025-10');
    await fill(
      user,
      within(added).getByLabelText(T.CREDENTIAL_URL_LABEL),
      'https://verify.example/new',
    );
    await user.click(save());
    await screen.findByText(T.SETTINGS_SAVED);

    const certifications = sent(fetchMock).portfolio.certifications;
    const seed = SETTINGS.portfolio.certifications;
    expect(certifications).toHaveLength(6);
    expect(certifications[0]).toEqual({ ...seed[1], issuer: 'Another Council' });
    expect(certifications[1]).toEqual(seed[0]);
    expect(certifications[4]).toEqual(seed[4]);
    expect(certifications[5]).toEqual({
      title: 'New Cert',
      issuer: 'New Issuer',
      date: '2025-10',
      credentialUrl: 'https://verify.example/new',
    });
  });

  it('reads paragraphs, skills and highlights as the owner types them', async () => {
    const { user, fetchMock } = openSettings();
    await openSection(user, T.SECTION_ABOUT);
    const intro = (await inSection(T.SECTION_ABOUT)).getByLabelText(T.INTRO_LABEL);
    await fill(user, intro, 'First.\n\n  Second.  \n');
    await openSection(user, T.SECTION_SKILLS);
    const skills = (await inSection(T.SECTION_SKILLS)).getAllByLabelText(T.SKILLS_LABEL)[0]!;
    await fill(user, skills, 'Burp Suite,  Nmap ,, Ghidra');
    await user.click(save());
    await screen.findByText(T.SETTINGS_SAVED);
    const body = sent(fetchMock);
    expect(body.about.intro).toEqual(['First.', 'Second.']);
    expect(body.portfolio.skillGroups[0]).toEqual({
      name: 'Tools',
      skills: ['Burp Suite', 'Nmap', 'Ghidra'],
    });
  });

  it('asks before another tab throws unsaved changes away; Undo puts the saved values back', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      const { user } = openSettings();
      const name = (await inSection(T.SECTION_OWNER)).getByLabelText(T.OWNER_NAME_LABEL);
      await user.type(name, ' Jr.');
      await user.click(screen.getByRole('tab', { name: /^Messages/ }));
      expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED_CONFIRM);
      expect(screen.getByRole('tab', { name: T.TAB_SETTINGS })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      confirm.mockReturnValue(true);
      await user.click(formButton(T.SETTINGS_UNDO_LABEL));
      await waitFor(() => expect(name).toHaveValue(SETTINGS.owner.name));
    } finally {
      confirm.mockRestore();
    }
  });

  it('says so when the settings cannot be loaded, and tries again', async () => {
    mockFetch({ [COUNT]: { body: [] }, 'GET /settings': { status: 500, body: { message: 'x' } } });
    renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=settings', auth: true });
    expect(await screen.findByText(T.SETTINGS_LOAD_ERROR)).toBeInTheDocument();
  });
});
