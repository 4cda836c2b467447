// Google sign-in end to end on the Auth emulator (docs/decisions/124), over the production build:
// the Google buttons open the site's emulator-only account chooser, the emulator signs the chosen
// Google identity in, and the spec's flow runs for real: the busy label, a first-time profile
// (role user, name, e-mail, photo) stored by the content API, the stored role choosing
// /admin-dashboard or /user-dashboard, and each page's error when the chooser is closed.
import type { Locator, Page } from '@playwright/test';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  googleIdTokenFor,
  grantAdmin,
  idTokenFor,
  mainNav,
  siteConfig,
  test,
  uniqueEmail,
} from './fixtures';
import {
  ADMIN_DASHBOARD_TITLE,
  EMAIL_LABEL,
  GOOGLE_SIGN_IN_BUSY,
  GOOGLE_SIGN_IN_LABEL,
  LOGIN_GOOGLE_BUSY,
  LOGIN_GOOGLE_ERROR,
  LOGIN_GOOGLE_LABEL,
  LOGOUT_LABEL,
  SAVE_USERNAME_LABEL,
  USERNAME_LABEL,
  USERNAME_SAVED,
  USER_DASHBOARD_TITLE,
} from '@portfolio/remote-auth/texts';
import {
  GOOGLE_CHOOSER_ANOTHER,
  GOOGLE_CHOOSER_CANCEL,
  GOOGLE_CHOOSER_CONTINUE,
  GOOGLE_CHOOSER_NAME_LABEL,
  GOOGLE_CHOOSER_PHOTO_LABEL,
  GOOGLE_CHOOSER_TITLE,
} from '@portfolio/remote-auth/google-chooser-texts';
import { GOOGLE_CHOOSER_CLOSED_MESSAGE } from '@portfolio/remote-auth/google-chooser-closed';
import { GOOGLE_TEST_IDENTITIES } from '@portfolio/remote-auth/google-test-identities';

interface Identity {
  name: string;
  email: string;
  photoURL?: string;
}

const main = (page: Page) => page.locator('main');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The chooser's button for an account: its name and e-mail. */
const accountButton = (chooser: Locator, identity: Identity) =>
  chooser.getByRole('button', { name: new RegExp(escapeRegExp(identity.email), 'i') });

/** The emulator-only code's own chunks (the sign-in and the chooser), by name. */
const emulatorOnlyChunks = (urls: string[]) =>
  urls
    .map(
      (url) =>
        /\/(google-sign-in-emulator|google-account-chooser)\.[0-9a-f]{8}\.js$/.exec(url)?.[1],
    )
    .filter(Boolean)
    .sort();

/** Clicks a Google button and returns the account chooser it opened. */
async function openChooser(page: Page, button: string): Promise<Locator> {
  await main(page).getByRole('button', { name: button }).click();
  const chooser = page.getByRole('dialog', { name: GOOGLE_CHOOSER_TITLE });
  await expect(chooser).toBeVisible();
  return chooser;
}

/** "Use another account" in the chooser: the identity's name, e-mail and photo. */
async function signInAsAnotherAccount(page: Page, chooser: Locator, identity: Identity) {
  await chooser.getByRole('button', { name: GOOGLE_CHOOSER_ANOTHER }).click();
  const form = chooser.getByRole('form', { name: GOOGLE_CHOOSER_ANOTHER });
  await form.getByLabel(GOOGLE_CHOOSER_NAME_LABEL).fill(identity.name);
  await form.getByLabel(EMAIL_LABEL).fill(identity.email);
  if (identity.photoURL) await form.getByLabel(GOOGLE_CHOOSER_PHOTO_LABEL).fill(identity.photoURL);
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: GOOGLE_CHOOSER_CONTINUE }).click();
}

test.describe('Google sign-in on the Auth emulator', () => {
  test('a new Google identity lands on /user-dashboard with its profile stored (role user, name, e-mail, photo)', async ({
    page,
    request,
  }) => {
    const { apiBase } = await siteConfig(request);
    // A picture the stack serves offline, from a host the page's policy allows.
    const identity = {
      name: 'Grace Google',
      email: uniqueEmail('google'),
      photoURL: `${apiBase}/cards/default.png`,
    };
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));

    await page.goto('/login-google');
    await expectNoA11yViolations(page);
    // Emulator-only code is not loaded with the page, only on the click.
    expect(emulatorOnlyChunks(scripts)).toEqual([]);

    const chooser = await openChooser(page, LOGIN_GOOGLE_LABEL);
    expect(emulatorOnlyChunks(scripts)).toEqual([
      'google-account-chooser',
      'google-sign-in-emulator',
    ]);
    // The page is busy while the chooser is open, as it is while Google's popup is.
    await expect(main(page).getByRole('button', { name: LOGIN_GOOGLE_BUSY })).toBeDisabled();
    await expect(accountButton(chooser, GOOGLE_TEST_IDENTITIES[0]!)).toBeVisible();
    await expectNoA11yViolations(page);
    await signInAsAnotherAccount(page, chooser, identity);

    await expect(page).toHaveURL('/user-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: USER_DASHBOARD_TITLE })).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText(identity.name);
    await expect(main(page).getByText(identity.email)).toBeVisible();
    await expect(page.getByTestId('profile-role')).toHaveText('User');
    const photo = main(page).getByRole('img', { name: identity.name });
    await expect(photo).toHaveAttribute('src', identity.photoURL);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(mainNav(page).getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();
    await expectNoA11yViolations(page);

    // What the content API stored, asked as any client of it would be.
    const token = await googleIdTokenFor(request, identity);
    const me = await request.get(`${apiBase}/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      role: 'user',
      name: identity.name,
      email: identity.email,
      photoURL: identity.photoURL,
    });

    // The username can be changed; the greeting on /welcome follows it.
    await main(page).getByRole('textbox', { name: USERNAME_LABEL }).fill('Grace Hopper');
    await main(page).getByRole('button', { name: SAVE_USERNAME_LABEL }).click();
    await expect(main(page).getByText(USERNAME_SAVED)).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText('Grace Hopper');
    await page.goto('/welcome');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome, Grace Hopper!' }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a Google identity made admin with the admin command lands on /admin-dashboard', async ({
    page,
  }) => {
    const owner = { name: 'Owner Google', email: uniqueEmail('owner') };
    await page.goto('/login-google');
    await signInAsAnotherAccount(page, await openChooser(page, LOGIN_GOOGLE_LABEL), owner);
    await expect(page).toHaveURL('/user-dashboard');
    await expect(page.getByTestId('profile-role')).toHaveText('User');
    await expectNoA11yViolations(page);
    await mainNav(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');
    await expectNoA11yViolations(page);

    // The README's step: `npm run admin -w @portfolio/content-api -- grant <email>`.
    expect(await grantAdmin(owner.email)).toContain('Custom claim role=admin set');

    await page.goto('/login-google');
    await expectNoA11yViolations(page);
    const chooser = await openChooser(page, LOGIN_GOOGLE_LABEL);
    // The account chosen before is listed first, as Google's chooser lists a device's accounts.
    await expect(chooser.getByRole('listitem').first()).toContainText(owner.email);
    await accountButton(chooser, owner).click();
    await expect(page).toHaveURL('/admin-dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: ADMIN_DASHBOARD_TITLE }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("the dev admin's e-mail as a Google identity is the dev admin: /admin-dashboard", async ({
    page,
    request,
  }) => {
    // The README's quick way to an admin Google identity: the emulator signs a Google identity
    // with a verified address into the account that has it. That account is the dev admin the
    // API creates at start (with its password, as auth.spec.ts signs in with it).
    await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/login-google');
    const chooser = await openChooser(page, LOGIN_GOOGLE_LABEL);
    await signInAsAnotherAccount(page, chooser, { name: 'Dev Admin', email: DEV_ADMIN.email });
    await expect(page).toHaveURL('/admin-dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: ADMIN_DASHBOARD_TITLE }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('/signin: "Signing In with Google..." while it works, then /welcome', async ({ page }) => {
    const alan = GOOGLE_TEST_IDENTITIES[2]!;
    await page.goto('/signin');
    await expectNoA11yViolations(page);
    const chooser = await openChooser(page, GOOGLE_SIGN_IN_LABEL);
    await expect(main(page).getByRole('button', { name: GOOGLE_SIGN_IN_BUSY })).toBeDisabled();
    await accountButton(chooser, alan).click();
    await expect(page).toHaveURL('/welcome');
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${alan.name}!` }),
    ).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("closing the chooser: /signin shows the provider's message, /login-google its own", async ({
    page,
  }) => {
    await page.goto('/signin');
    await openChooser(page, GOOGLE_SIGN_IN_LABEL);
    await page.keyboard.press('Escape');
    await expect(main(page).getByRole('alert')).toHaveText(GOOGLE_CHOOSER_CLOSED_MESSAGE);
    const google = main(page).getByRole('button', { name: GOOGLE_SIGN_IN_LABEL });
    await expect(google).toBeEnabled();
    await expect(google).toBeFocused();
    await expectNoA11yViolations(page);

    await page.goto('/login-google');
    const chooser = await openChooser(page, LOGIN_GOOGLE_LABEL);
    await chooser.getByRole('button', { name: GOOGLE_CHOOSER_CANCEL }).click();
    await expect(main(page).getByRole('alert')).toHaveText(LOGIN_GOOGLE_ERROR);
    await expect(main(page).getByRole('button', { name: LOGIN_GOOGLE_LABEL })).toBeEnabled();
    await expect(page).toHaveURL('/login-google');
    await expectNoA11yViolations(page);
  });
});
