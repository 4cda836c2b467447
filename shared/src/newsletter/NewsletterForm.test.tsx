import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEWSLETTER_FORM, NEWSLETTER_MESSAGES } from '@portfolio/contract';
import { mockFetch, TEST_API_BASE, setUpTestRuntimeConfig } from '@portfolio/testing';
import { NEWSLETTER_EMAIL_INVALID, NEWSLETTER_FAILED, NewsletterForm } from './NewsletterForm';

setUpTestRuntimeConfig();

function renderForm() {
  const user = userEvent.setup();
  render(<NewsletterForm idPrefix="test-newsletter" />);
  return user;
}

const field = () => screen.getByLabelText(NEWSLETTER_FORM.emailLabel);
const submit = () => screen.getByRole('button', { name: NEWSLETTER_FORM.submit });

describe('NewsletterForm', () => {
  it('is a named section with a labelled, required e-mail field, posted (never in a URL)', () => {
    renderForm();
    expect(screen.getByRole('region', { name: NEWSLETTER_FORM.heading })).toBeInTheDocument();
    expect(field()).toHaveAttribute('type', 'email');
    expect(field()).toBeRequired();
    expect(field().closest('form')).toHaveAttribute('method', 'post');
  });

  it('says what the API says, and empties the field', async () => {
    const fetchMock = mockFetch({
      'POST /newsletter/subscribe': {
        status: 202,
        body: { message: NEWSLETTER_MESSAGES.checkInbox },
      },
    });
    const user = renderForm();
    await user.type(field(), ' reader@example.com ');
    await user.click(submit());
    expect(await screen.findByText(NEWSLETTER_MESSAGES.checkInbox)).toBeInTheDocument();
    expect(field()).toHaveValue('');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${TEST_API_BASE}/newsletter/subscribe`);
    expect(init.method).toBe('POST');
    // Trimmed, and without the empty honeypot.
    expect(JSON.parse(String(init.body))).toEqual({ email: 'reader@example.com' });
  });

  it('sends nothing for an address that is not one', async () => {
    const fetchMock = mockFetch({});
    const user = renderForm();
    await user.type(field(), 'not-an-address');
    await user.click(submit());
    expect(await screen.findByText(NEWSLETTER_EMAIL_INVALID)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the API's refusal, and a plain sentence when it could not be reached", async () => {
    mockFetch({
      'POST /newsletter/subscribe': {
        status: 429,
        body: { message: NEWSLETTER_MESSAGES.rateLimited },
      },
    });
    const user = renderForm();
    await user.type(field(), 'reader@example.com');
    await user.click(submit());
    expect(await screen.findByText(NEWSLETTER_MESSAGES.rateLimited)).toBeInTheDocument();
    // Kept, to try again.
    expect(field()).toHaveValue('reader@example.com');

    mockFetch({ 'POST /newsletter/subscribe': { status: 200, body: 'not json' } });
    await user.click(submit());
    expect(await screen.findByText(NEWSLETTER_FAILED)).toBeInTheDocument();
  });
});
