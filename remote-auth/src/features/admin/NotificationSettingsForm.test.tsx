// How the owner hears of new messages (docs/decisions/144), set in the Messages tab.
import { screen, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import {
  EMAIL_FROM_LABEL,
  EMAIL_NOTIFY_LABEL,
  EMAIL_TO_LABEL,
  NOTIFICATIONS_HEADING,
  NOTIFICATIONS_SAVED,
  SAVE_NOTIFICATIONS_LABEL,
  SMTP_HOST_LABEL,
  SMTP_PASSWORD_KEPT_HINT,
  SMTP_PASSWORD_LABEL,
  SMTP_PORT_LABEL,
  SMTP_USER_LABEL,
  TEST_NOTIFICATIONS_LABEL,
  WEBHOOK_URL_HINT,
  WEBHOOK_URL_KEPT_HINT,
  WEBHOOK_URL_LABEL,
  testOutcome,
} from './notification-texts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const EMPTY = { body: [], headers: { 'X-Total-Count': '0', 'X-Unread-Count': '0' } };
/** As the API answers them: the webhook's URL masked (docs/decisions/163). */
const STORED = {
  webhookUrl: 'https://hooks.example.com/***',
  email: {
    to: 'owner@example.com',
    from: 'site@example.com',
    host: 'smtp.example.com',
    port: 587,
    secure: false,
    user: 'site',
    passwordSet: true,
  },
};

function open(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    'GET /contact?limit=1&offset=0&box=inbox': EMPTY,
    'GET /contact?limit=20&offset=0&box=inbox': EMPTY,
    ...routes,
  });
  const page = renderPage(<AdminDashboardPage />, {
    route: '/admin-dashboard?tab=messages',
    auth: true,
  });
  return { ...page, fetchMock };
}

describe('notification of new messages', () => {
  it('is read only when opened, and sets a webhook and an e-mail', async () => {
    const puts: unknown[] = [];
    const { user, fetchMock } = open({
      'GET /contact/notifications': { body: { webhookUrl: null, email: null } },
      'PUT /contact/notifications': (init) => {
        const body = JSON.parse(String(init?.body)) as typeof STORED & {
          email: { password?: string };
        };
        puts.push(body);
        const { password, ...email } = body.email;
        return {
          body: {
            webhookUrl: STORED.webhookUrl,
            email: { ...email, passwordSet: password !== undefined },
          },
        };
      },
    });
    const toggle = await screen.findByRole('button', { name: NOTIFICATIONS_HEADING });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/contact/notifications')),
    ).toBe(false);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const typedUrl = 'https://hooks.example.com/services/T0/B0/secret-token';
    expect(await screen.findByLabelText(WEBHOOK_URL_LABEL)).toHaveAccessibleDescription(
      WEBHOOK_URL_HINT,
    );
    await user.type(screen.getByLabelText(WEBHOOK_URL_LABEL), typedUrl);
    expect(screen.queryByLabelText(SMTP_HOST_LABEL)).toBeNull();
    await user.click(screen.getByLabelText(EMAIL_NOTIFY_LABEL));
    await user.type(screen.getByLabelText(EMAIL_TO_LABEL), 'owner@example.com');
    await user.type(screen.getByLabelText(EMAIL_FROM_LABEL), 'site@example.com');
    await user.type(screen.getByLabelText(SMTP_HOST_LABEL), 'smtp.example.com');
    expect(screen.getByLabelText(SMTP_PORT_LABEL)).toHaveValue(587);
    await user.type(screen.getByLabelText(SMTP_USER_LABEL), 'site');
    await user.type(screen.getByLabelText(SMTP_PASSWORD_LABEL), 's3cret');
    await user.click(screen.getByRole('button', { name: SAVE_NOTIFICATIONS_LABEL }));
    expect(await screen.findByText(NOTIFICATIONS_SAVED)).toBeInTheDocument();
    expect(puts).toEqual([
      {
        webhookUrl: typedUrl,
        email: {
          to: 'owner@example.com',
          from: 'site@example.com',
          host: 'smtp.example.com',
          port: 587,
          secure: false,
          user: 'site',
          password: 's3cret',
        },
      },
    ]);
    // Neither the password nor the webhook's secret is kept in the form once saved.
    expect(screen.getByLabelText(SMTP_PASSWORD_LABEL)).toHaveValue('');
    expect(screen.getByLabelText(WEBHOOK_URL_LABEL)).toHaveValue(STORED.webhookUrl);
    expect(screen.getByLabelText(WEBHOOK_URL_LABEL)).toHaveAccessibleDescription(
      WEBHOOK_URL_KEPT_HINT,
    );
    expect(screen.getByLabelText(SMTP_PASSWORD_LABEL)).toHaveAccessibleDescription(
      SMTP_PASSWORD_KEPT_HINT,
    );
  });

  it('keeps a stored password and webhook when saved again, and sends a test', async () => {
    const puts: unknown[] = [];
    const { user } = open({
      'GET /contact/notifications': { body: STORED },
      'PUT /contact/notifications': (init) => {
        puts.push(JSON.parse(String(init?.body)));
        return { body: STORED };
      },
      'POST /contact/notifications/test': {
        body: { webhook: 'ok', email: 'connect ECONNREFUSED 127.0.0.1:587' },
      },
    });
    await user.click(await screen.findByRole('button', { name: NOTIFICATIONS_HEADING }));
    expect(await screen.findByLabelText(WEBHOOK_URL_LABEL)).toHaveValue(STORED.webhookUrl);
    expect(screen.getByLabelText(SMTP_HOST_LABEL)).toHaveValue('smtp.example.com');
    await user.click(screen.getByRole('button', { name: SAVE_NOTIFICATIONS_LABEL }));
    await screen.findByText(NOTIFICATIONS_SAVED);
    expect((puts[0] as { email: object }).email).not.toHaveProperty('password');
    // The masked URL as it was shown, which the API takes as "keep the stored one".
    expect((puts[0] as { webhookUrl: string }).webhookUrl).toBe(STORED.webhookUrl);

    await user.click(screen.getByRole('button', { name: TEST_NOTIFICATIONS_LABEL }));
    const form = screen.getByRole('button', { name: TEST_NOTIFICATIONS_LABEL }).closest('form');
    expect(
      await within(form as HTMLElement).findByText(
        `${testOutcome('Webhook', 'ok')} ${testOutcome('E-mail', 'connect ECONNREFUSED 127.0.0.1:587')}`,
      ),
    ).toBeInTheDocument();
  });
});
