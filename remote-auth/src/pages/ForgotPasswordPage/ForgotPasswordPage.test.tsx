import { screen } from '@testing-library/react';
import { renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { authSdk, FakeFirebaseError, resetFirebaseMock } from '@portfolio/testing/firebase';
import {
  BACK_TO_SIGN_IN,
  EMAIL_LABEL,
  RESET_SUBMIT,
  RESET_TITLE,
  SIGN_IN_ROUTE,
  resetSentText,
} from '../../texts';
import ForgotPasswordPage from './ForgotPasswordPage';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

describe('ForgotPasswordPage', () => {
  it('sends the reset e-mail with a link back to /signin and says so', async () => {
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password', auth: true });
    expect(screen.getByRole('heading', { level: 1, name: RESET_TITLE })).toBeInTheDocument();
    expect(screen.getByLabelText(EMAIL_LABEL)).toBeRequired();
    await user.type(screen.getByLabelText(EMAIL_LABEL), '  ada@example.test ');
    await user.click(screen.getByRole('button', { name: RESET_SUBMIT }));
    expect(await screen.findByRole('status')).toHaveTextContent(resetSentText('ada@example.test'));
    expect(authSdk.sendPasswordResetEmail).toHaveBeenCalledWith(
      expect.anything(),
      'ada@example.test',
      { url: `${window.location.origin}${SIGN_IN_ROUTE}` },
    );
    expect(screen.getByRole('link', { name: BACK_TO_SIGN_IN })).toHaveAttribute(
      'href',
      SIGN_IN_ROUTE,
    );
  });

  it('answers an address no account uses as one that does', async () => {
    authSdk.sendPasswordResetEmail.mockRejectedValueOnce(
      new FakeFirebaseError('auth/user-not-found'),
    );
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password', auth: true });
    await user.type(screen.getByLabelText(EMAIL_LABEL), 'nobody@example.test');
    await user.click(screen.getByRole('button', { name: RESET_SUBMIT }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      resetSentText('nobody@example.test'),
    );
  });

  it("shows the provider's message for any other failure, and the form stays", async () => {
    authSdk.sendPasswordResetEmail.mockRejectedValueOnce(
      new FakeFirebaseError('auth/too-many-requests'),
    );
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password', auth: true });
    await user.type(screen.getByLabelText(EMAIL_LABEL), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: RESET_SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/too-many-requests).',
    );
    expect(screen.getByLabelText(EMAIL_LABEL)).toHaveValue('ada@example.test');
    expect(screen.getByRole('button', { name: RESET_SUBMIT })).toBeEnabled();
  });
});
