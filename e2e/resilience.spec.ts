// The Auth emulator down: sign-up shows the provider's message, the rest of the site keeps
// working, and once it is back the site recovers without a reload. (The content API's faults are
// made real in faults/api.spec.ts.)
import { expect, expectSameDocument, mainNav, markDocument, test, uniqueEmail } from './fixtures';
import {
  EMAIL_LABEL,
  PASSWORD_LABEL,
  SIGN_UP_SUBMIT,
  USERNAME_LABEL,
} from '@portfolio/remote-auth/texts';

// The browser reaches the emulator by the host name it used for the site.
const EMULATOR_PATTERN = new RegExp(
  `://(localhost|127\\.0\\.0\\.1):${process.env.AUTH_EMULATOR_PORT ?? 9099}/`,
);

test('Auth emulator down: sign-up shows the provider error, the site works, then it recovers', async ({
  page,
}) => {
  await page.route(EMULATOR_PATTERN, (route) => route.abort('connectionrefused'));
  await page.goto('/signup');
  await markDocument(page);
  const fill = async (email: string) => {
    await page.getByLabel(USERNAME_LABEL).fill('resilient-user');
    await page.getByLabel(EMAIL_LABEL).fill(email);
    await page.getByLabel(PASSWORD_LABEL).fill('resilient-password-1');
    await page.getByRole('button', { name: SIGN_UP_SUBMIT, exact: true }).click();
  };
  await fill(uniqueEmail('down'));
  await expect(
    page.getByRole('alert').filter({ hasText: 'auth/network-request-failed' }),
  ).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'E-books' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-books' })).toBeVisible();

  await page.unroute(EMULATOR_PATTERN);
  await mainNav(page).getByRole('link', { name: 'Sign Up' }).click();
  await fill(uniqueEmail('back'));
  await expect(page).toHaveURL('/welcome');
  await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectSameDocument(page);
});
