// "Forgot password?" on /signin (issue "the owner runs the site from the dashboard", point 8):
// Firebase's reset e-mail, here the Auth emulator's, whose link sets a new password and comes
// back to /signin, where the new password signs in and the old one no longer does.
import {
  expect,
  expectNoA11yViolations,
  fillCredentials,
  siteConfig,
  test,
  uniqueEmail,
} from './fixtures';
import {
  EMAIL_LABEL,
  FORGOT_PASSWORD_LINK,
  RESET_SUBMIT,
  RESET_TITLE,
  SIGN_IN_SUBMIT,
  resetSentText,
} from '@portfolio/remote-auth/texts';

const OLD_PASSWORD = 'old-password-123';
const NEW_PASSWORD = 'new-password-456';

test('a visitor who forgot their password resets it through the e-mailed link and signs in', async ({
  page,
  request,
}) => {
  const config = await siteConfig(request);
  const emulator = (config.authEmulatorUrl ?? 'http://127.0.0.1:9099').replace(
    'localhost',
    '127.0.0.1',
  );
  const email = uniqueEmail('reset');
  const created = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${config.firebase.apiKey}`,
    { data: { email, password: OLD_PASSWORD, returnSecureToken: true } },
  );
  expect(created.ok()).toBe(true);

  await page.goto('/signin');
  await page.locator('main').getByRole('link', { name: FORGOT_PASSWORD_LINK }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: RESET_TITLE })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel(EMAIL_LABEL).fill(email);
  await page.getByRole('button', { name: RESET_SUBMIT }).click();
  await expect(page.getByRole('status')).toHaveText(resetSentText(email));

  // The e-mail the emulator "sent": its link, as the visitor's mail would show it.
  const codes = await request.get(
    `${emulator}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`,
  );
  const { oobCodes } = (await codes.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const reset = oobCodes.findLast(
    (code) => code.email === email && code.requestType === 'PASSWORD_RESET',
  );
  expect(reset, 'a reset e-mail for the address').toBeDefined();
  // The emulator's reset page takes the new password in its address, then goes on to the
  // continue URL the site gave: its sign-in page.
  await page.goto(`${reset!.oobLink}&newPassword=${NEW_PASSWORD}`);
  await expect(page).toHaveURL(/\/signin$/);

  await fillCredentials(page, 'Reset', email, OLD_PASSWORD);
  await page.locator('main').getByRole('button', { name: SIGN_IN_SUBMIT, exact: true }).click();
  await expect(page.locator('main').getByRole('alert')).toContainText('Firebase: Error (auth/');

  await fillCredentials(page, 'Reset', email, NEW_PASSWORD);
  await page.locator('main').getByRole('button', { name: SIGN_IN_SUBMIT, exact: true }).click();
  await expect(page).toHaveURL('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Reset!' })).toBeVisible();
});

test('an address no account uses gets the same answer', async ({ page }) => {
  await page.goto('/forgot-password');
  const email = uniqueEmail('nobody');
  await page.getByLabel(EMAIL_LABEL).fill(email);
  await page.getByRole('button', { name: RESET_SUBMIT }).click();
  await expect(page.getByRole('status')).toHaveText(resetSentText(email));
});
