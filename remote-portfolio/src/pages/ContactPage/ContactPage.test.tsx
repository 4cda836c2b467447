import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockFetch,
  renderPage,
  setUpTestRuntimeConfig,
  TEST_API_BASE,
  TEST_RUNTIME_CONFIG,
} from '@portfolio/testing';
import type { MockResponse } from '@portfolio/testing';
import {
  CONTACT_BUSY_LABEL,
  CONTACT_DOCUMENT_TITLE,
  CONTACT_EMAIL_LABEL,
  CONTACT_MESSAGE_LABEL,
  CONTACT_NAME_LABEL,
  CONTACT_PAGE_EXCEPTION,
  CONTACT_PAGE_FAILED,
  CONTACT_PAGE_TITLE,
  CONTACT_REQUIRED_ERROR,
  CONTACT_SUBMIT_LABEL,
  CONTACT_SUCCESS,
} from '../../texts';
import { siteContext } from '@portfolio/shared/head';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import * as ContactPageModule from './ContactPage';
import { head } from './ContactPage';

setUpTestRuntimeConfig();

function renderContact(answer?: MockResponse | Error) {
  const fetchMock = mockFetch({
    'GET /settings': { body: makeSiteSettings() },
    ...(answer ? { 'POST /contact': answer } : {}),
  });
  const user = userEvent.setup();
  renderPage(ContactPageModule, { route: '/contact' });
  return { user, fetchMock };
}

async function send(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(CONTACT_NAME_LABEL), 'Grace');
  await user.type(screen.getByLabelText(CONTACT_EMAIL_LABEL), 'grace@example.com');
  await user.type(screen.getByLabelText(CONTACT_MESSAGE_LABEL), 'Hi there');
  await user.click(screen.getByRole('button', { name: CONTACT_SUBMIT_LABEL }));
}

describe('ContactPage', () => {
  it("offers the owner's address from the site's settings", async () => {
    mockFetch({
      'GET /settings': { body: makeSiteSettings({ owner: { email: 'jo@example.org' } }) },
    });
    renderPage(ContactPageModule, { route: '/contact' });
    expect(await screen.findByRole('link', { name: 'jo@example.org' })).toHaveAttribute(
      'href',
      'mailto:jo@example.org',
    );
  });

  it('is the "Get in Touch" form with three required fields', () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: CONTACT_PAGE_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: CONTACT_PAGE_TITLE })).toBeInTheDocument();
    for (const label of [CONTACT_NAME_LABEL, CONTACT_EMAIL_LABEL, CONTACT_MESSAGE_LABEL]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(CONTACT_EMAIL_LABEL)).toHaveAttribute('type', 'email');
    const site = siteContext(TEST_RUNTIME_CONFIG);
    const url = new URL('/contact', site.siteUrl);
    expect(head({ data: null, params: {}, url, site }).title).toBe(CONTACT_DOCUMENT_TITLE);
  });

  it('does not send with an empty field', async () => {
    const { user, fetchMock } = renderContact();
    await user.type(screen.getByLabelText(CONTACT_NAME_LABEL), 'Grace');
    await user.click(screen.getByRole('button', { name: CONTACT_SUBMIT_LABEL }));
    expect(screen.getByText(CONTACT_REQUIRED_ERROR)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(`${TEST_API_BASE}/contact`, expect.anything());
  });

  it.each([200, 201, 204])(
    'says "Message sent successfully!" on any ok status (%i)',
    async (status) => {
      const { user } = renderContact({ status, body: { message: 'stored' } });
      await send(user);
      expect(await screen.findByText(CONTACT_SUCCESS)).toBeInTheDocument();
    },
  );

  it("shows the server's message on a status that is not ok", async () => {
    const { user } = renderContact({
      status: 400,
      body: { message: 'Email must be a valid email address.' },
    });
    await send(user);
    expect(await screen.findByText('Email must be a valid email address.')).toBeInTheDocument();
  });

  it('says "Error sending message" when the server gives no message', async () => {
    const { user } = renderContact({ status: 500, body: 'Internal error' });
    await send(user);
    expect(await screen.findByText(CONTACT_PAGE_FAILED)).toBeInTheDocument();
  });

  it('says "Something went wrong. Try again later." when the request throws', async () => {
    const { user } = renderContact(new TypeError('Failed to fetch'));
    await send(user);
    expect(await screen.findByText(CONTACT_PAGE_EXCEPTION)).toBeInTheDocument();
  });

  it('says "Something went wrong. Try again later." when the site cannot reach the API (502)', async () => {
    const { user } = renderContact({ status: 502, body: 'Bad gateway' });
    await send(user);
    expect(await screen.findByText(CONTACT_PAGE_EXCEPTION)).toBeInTheDocument();
  });

  it('shows "Sending..." on its disabled button while sending', async () => {
    const { user } = renderContact({ status: 201, body: {} });
    await user.type(screen.getByLabelText(CONTACT_NAME_LABEL), 'Grace');
    await user.type(screen.getByLabelText(CONTACT_EMAIL_LABEL), 'grace@example.com');
    await user.type(screen.getByLabelText(CONTACT_MESSAGE_LABEL), 'Hi there');
    const click = user.click(screen.getByRole('button', { name: CONTACT_SUBMIT_LABEL }));
    expect(await screen.findByRole('button', { name: CONTACT_BUSY_LABEL })).toBeDisabled();
    await click;
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeInTheDocument();
  });
});
