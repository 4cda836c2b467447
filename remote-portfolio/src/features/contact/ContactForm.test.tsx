import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, TEST_API_BASE, setUpTestRuntimeConfig } from '@portfolio/testing';
import {
  CONTACT_BUSY_LABEL,
  CONTACT_EMAIL_LABEL,
  CONTACT_MESSAGE_LABEL,
  CONTACT_NAME_LABEL,
  CONTACT_REQUIRED_ERROR,
  CONTACT_SUBMIT_LABEL,
  CONTACT_SUCCESS,
} from '../../texts';
import { ContactForm } from './ContactForm';
import { judgeContactPage } from './outcomes';

setUpTestRuntimeConfig();

function renderForm() {
  const user = userEvent.setup();
  render(
    <>
      <h2 id="form-title">Contact</h2>
      <ContactForm judge={judgeContactPage} exceptionText="thrown" labelledBy="form-title" />
    </>,
  );
  return user;
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: CONTACT_SUBMIT_LABEL });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'name' | 'email' | 'message', string>>,
) {
  if (values.name) await user.type(field(CONTACT_NAME_LABEL), values.name);
  if (values.email) await user.type(field(CONTACT_EMAIL_LABEL), values.email);
  if (values.message) await user.type(field(CONTACT_MESSAGE_LABEL), values.message);
}

const complete = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there' };

describe('ContactForm', () => {
  it('is a named form whose three fields are labelled, required, and the e-mail of type email', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Contact' })).toHaveAttribute('novalidate');
    // Sent before its script runs, what was typed goes in a body, never into a URL.
    expect(screen.getByRole('form', { name: 'Contact' })).toHaveAttribute('method', 'post');
    for (const label of [CONTACT_NAME_LABEL, CONTACT_EMAIL_LABEL, CONTACT_MESSAGE_LABEL]) {
      expect(field(label)).toBeRequired();
    }
    expect(field(CONTACT_EMAIL_LABEL)).toHaveAttribute('type', 'email');
  });

  it.each([
    ['name', { email: complete.email, message: complete.message }],
    ['email', { name: complete.name, message: complete.message }],
    ['message', { name: complete.name, email: complete.email }],
    ['all', {}],
  ])('says "All fields are required." when %s is empty, and sends nothing', async (_, values) => {
    const fetchMock = mockFetch({});
    const user = renderForm();
    await fill(user, values);
    await user.click(submit());
    expect(await screen.findByText(CONTACT_REQUIRED_ERROR)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a field of only spaces as empty, marks it invalid and moves focus to it', async () => {
    mockFetch({});
    const user = renderForm();
    await fill(user, { ...complete, name: '   ' });
    await user.click(submit());
    expect(screen.getByText(CONTACT_REQUIRED_ERROR)).toBeInTheDocument();
    expect(field(CONTACT_NAME_LABEL)).toHaveAttribute('aria-invalid', 'true');
    expect(field(CONTACT_NAME_LABEL)).toHaveFocus();
    expect(field(CONTACT_EMAIL_LABEL)).not.toHaveAttribute('aria-invalid');
  });

  it('leaves an invalid e-mail address to the browser and does not send it', async () => {
    const fetchMock = mockFetch({});
    const user = renderForm();
    await fill(user, { ...complete, email: 'not-an-address' });
    await user.click(submit());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(CONTACT_REQUIRED_ERROR)).not.toBeInTheDocument();
  });

  it('posts name, email and message as JSON, without the empty honeypot', async () => {
    const fetchMock = mockFetch({
      'POST /contact': { status: 201, body: { message: CONTACT_SUCCESS } },
    });
    const user = renderForm();
    await fill(user, complete);
    await user.click(submit());
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${TEST_API_BASE}/contact`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(complete);
  });

  it('empties the fields after a message is sent', async () => {
    mockFetch({ 'POST /contact': { status: 201, body: {} } });
    const user = renderForm();
    await fill(user, complete);
    await user.click(submit());
    await screen.findByText(CONTACT_SUCCESS);
    expect(field(CONTACT_NAME_LABEL)).toHaveValue('');
    expect(field(CONTACT_EMAIL_LABEL)).toHaveValue('');
    expect(field(CONTACT_MESSAGE_LABEL)).toHaveValue('');
  });

  it('disables its button and shows "Sending..." while the message is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    global.fetch = jest.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    ) as unknown as typeof fetch;
    const user = renderForm();
    await fill(user, complete);
    await user.click(submit());
    const busy = screen.getByRole('button', { name: CONTACT_BUSY_LABEL });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(global.fetch).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify({}), { status: 201 }));
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.getByText(CONTACT_SUCCESS)).toBeInTheDocument();
  });

  it('announces the outcome in a polite live region', async () => {
    mockFetch({ 'POST /contact': { status: 201, body: {} } });
    const user = renderForm();
    await fill(user, complete);
    await user.click(submit());
    const message = await screen.findByText(CONTACT_SUCCESS);
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });
});
