// The auth remote over the composed production site, with the real Firebase Auth emulator and
// content API: sign-up, sign-in, logout, dashboards and the admin role (Google sign-in:
// google-sign-in.spec.ts).
import type { Page } from '@playwright/test';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  expectSameDocument,
  fillCredentials,
  idTokenFor,
  mainNav,
  markDocument,
  signIn,
  siteConfig,
  test,
  uniqueEmail,
  visitWithoutHydrationTrouble,
} from './fixtures';
import {
  ADMIN_DASHBOARD_LINK,
  ARTICLE_SAVED,
  CONFIRM_DELETE_LABEL,
  CONTENT_LABEL,
  DELETE_LABEL,
  LOGOUT_LABEL,
  NEW_ARTICLE_LABEL,
  NOT_ALLOWED_TITLE,
  PUBLISH_LABEL,
  SIGN_IN_SUBMIT,
  SIGN_UP_SUBMIT,
  TAB_ARTICLES,
  TAB_MESSAGES,
  TITLE_LABEL,
  ADMIN_DASHBOARD_TITLE,
  USER_DASHBOARD_TITLE,
} from '@portfolio/remote-auth/texts';

const PASSWORD = 'e2e-password-123';

const main = (page: Page) => page.locator('main');

async function signUp(page: Page, username: string, email: string) {
  await page.goto('/signup');
  await fillCredentials(page, username, email, PASSWORD);
  await main(page).getByRole('button', { name: SIGN_UP_SUBMIT }).click();
  await expect(page).toHaveURL('/welcome');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${username}!` }),
  ).toBeVisible();
}

test.describe('sign-up, sign-in and logout', () => {
  test('sign up → /welcome, the navbar switches to Logout without a reload, logout → /', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expectNoA11yViolations(page);
    await markDocument(page);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

    await fillCredentials(page, 'E2E Newcomer', uniqueEmail('signup'), PASSWORD);
    await main(page).getByRole('button', { name: SIGN_UP_SUBMIT }).click();
    await expect(page).toHaveURL('/welcome');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome, E2E Newcomer!' }),
    ).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Read the blog' })).toHaveAttribute(
      'href',
      '/blog',
    );
    await expect(main(page).getByRole('link', { name: 'Browse the e-books' })).toHaveAttribute(
      'href',
      '/ebook',
    );
    await expect(mainNav(page).getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expectSameDocument(page);
    await expectNoA11yViolations(page);

    // Another remote's page sees the same signed-in state.
    await mainNav(page).getByRole('link', { name: 'Store', exact: true }).click();
    await expect(mainNav(page).getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();

    await mainNav(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expectSameDocument(page);
  });

  test('a provider error shows its own message', async ({ page }) => {
    const email = uniqueEmail('taken');
    await signUp(page, 'First', email);
    await mainNav(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/signup');
    await fillCredentials(page, 'Second', email, PASSWORD);
    await main(page).getByRole('button', { name: SIGN_UP_SUBMIT }).click();
    await expect(main(page).getByRole('alert')).toContainText('auth/email-already-in-use');
    await expect(page).toHaveURL('/signup');
  });

  test('sign in sets the display name to the username; /logout signs out and goes to /', async ({
    page,
  }) => {
    const email = uniqueEmail('signin');
    await signUp(page, 'Before', email);
    await mainNav(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/signin');
    await expectNoA11yViolations(page);
    await fillCredentials(page, 'After', email, PASSWORD);
    await main(page).getByRole('button', { name: SIGN_IN_SUBMIT, exact: true }).click();
    await expect(page).toHaveURL('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, After!' })).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();

    // Local persistence: a reload keeps the session.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, After!' })).toBeVisible();

    await page.goto('/logout');
    await expectNoA11yViolations(page);
    await main(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a wrong password shows the provider message', async ({ page }) => {
    await page.goto('/signin');
    await fillCredentials(page, 'Nobody', DEV_ADMIN.email, 'not-the-password');
    await main(page).getByRole('button', { name: SIGN_IN_SUBMIT, exact: true }).click();
    await expect(main(page).getByRole('alert')).toContainText('Firebase: Error (auth/');
  });
});

test.describe('roles', () => {
  test('signed-out visitors are sent to /signin from both dashboards', async ({ page }) => {
    await page.goto('/user-dashboard');
    await expect(page).toHaveURL('/signin');
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL('/signin');
  });

  test('a plain user cannot reach admin data', async ({ page, request }) => {
    const email = uniqueEmail('plain');
    await signUp(page, 'Plain User', email);
    await page.goto('/admin-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: NOT_ALLOWED_TITLE })).toBeVisible();
    await expectNoA11yViolations(page);

    const { apiBase } = await siteConfig(request);
    const token = await idTokenFor(request, email, PASSWORD);
    const contact = await request.get(`${apiBase}/contact`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(contact.status()).toBe(403);
    // Nor can the user make themselves admin through the profile.
    const raise = await request.put(`${apiBase}/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { role: 'admin' },
    });
    expect(raise.status()).toBe(403);

    // Logout from the navbar on a signed-in-only page still ends on / (not on /signin).
    await page.goto('/user-dashboard');
    await expect(page.getByTestId('profile-role')).toHaveText('User');
    await mainNav(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('the seeded admin creates an article that appears on /blog, then deletes it', async ({
    page,
    request,
  }) => {
    const title = `E2E article ${Date.now().toString(36)}`;
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    // The welcome page is where an admin finds the dashboard.
    await main(page).getByRole('link', { name: ADMIN_DASHBOARD_LINK }).click();
    await expect(page).toHaveURL('/admin-dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: ADMIN_DASHBOARD_TITLE }),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: TAB_ARTICLES }).click();
    await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
    const editor = main(page).getByRole('form', { name: 'New article' });
    await editor.getByLabel(TITLE_LABEL).fill(title);
    await editor
      .getByLabel(CONTENT_LABEL)
      .fill('## Written in a browser test\n\nThis article has **bold** text.');
    await expect(editor.getByTestId('markdown-preview').locator('strong')).toHaveText('bold');
    await expectNoA11yViolations(page);
    await editor.getByRole('button', { name: PUBLISH_LABEL }).click();
    await expect(main(page).getByText(ARTICLE_SAVED)).toBeVisible();
    await expect(main(page).getByText(title)).toBeVisible();

    const { apiBase } = await siteConfig(request);
    const articles = (await (await request.get(`${apiBase}/articles`)).json()) as {
      title: string;
    }[];
    expect(articles.map((article) => article.title)).toContain(title);

    await page.getByRole('tab', { name: TAB_MESSAGES }).click();
    await expect(page.getByRole('tabpanel', { name: TAB_MESSAGES })).toBeVisible();
    await expectNoA11yViolations(page);

    await mainNav(page).getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL('/blog');
    await expect(main(page).getByRole('heading', { name: title })).toBeVisible();

    // Clean up through the dashboard, which also proves delete-with-confirmation.
    await page.goto('/admin-dashboard?tab=articles');
    await main(page)
      .getByRole('button', { name: `${DELETE_LABEL} ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: CONFIRM_DELETE_LABEL });
    await expect(dialog).toContainText(`Delete "${title}"? This cannot be undone.`);
    await dialog.getByRole('button', { name: DELETE_LABEL }).click();
    await expect(main(page).getByText(title)).toHaveCount(0);
  });
});

test.describe('the site session: signed-in pages arrive rendered for their visitor', () => {
  const html = async (page: Page, path: string) => {
    const response = await page.request.get(path, { maxRedirects: 0 });
    return { response, body: await response.text() };
  };

  test("a signed-in visitor's first HTML has Logout and their name; the server answers the dashboards", async ({
    page,
  }) => {
    await signUp(page, 'Session Reader', uniqueEmail('session'));
    const cookie = (await page.context().cookies()).find((entry) => entry.name === '__session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const welcome = await html(page, '/welcome');
    expect(welcome.response.status()).toBe(200);
    expect(welcome.response.headers()['cache-control']).toBe('private, no-store');
    expect(welcome.body).toContain('Welcome, Session Reader!');
    expect(welcome.body).toMatch(/<nav[^>]*aria-label="Main"[\s\S]*>Logout</);

    const dashboard = await html(page, '/user-dashboard');
    expect(dashboard.response.status()).toBe(200);
    expect(dashboard.body).toContain(USER_DASHBOARD_TITLE);
    const admin = await html(page, '/admin-dashboard');
    expect(admin.response.status()).toBe(403);
    expect(admin.body).toContain(NOT_ALLOWED_TITLE);

    // The browser hydrates that HTML as it is: no warning, and the navbar never shows Sign In.
    const trouble: string[] = [];
    for (const path of ['/', '/user-dashboard', '/admin-dashboard', '/welcome']) {
      trouble.push(...(await visitWithoutHydrationTrouble(page, path)));
    }
    expect(trouble).toEqual([]);
    await expect(mainNav(page).getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome, Session Reader!' }),
    ).toBeVisible();

    await mainNav(page).getByRole('button', { name: LOGOUT_LABEL }).click();
    await expect(page).toHaveURL('/');
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === '__session'))
      .toBe(false);
    const after = await html(page, '/user-dashboard');
    expect(after.response.status()).toBe(302);
    expect(after.response.headers().location).toBe('/signin');

    // Logout ended the session itself (docs/decisions/081): a copy of the cookie taken before
    // it opens nothing, on the site or in the API.
    const copy = { Cookie: `__session=${cookie!.value}` };
    const replayed = await page.request.get('/welcome', { headers: copy });
    expect(await replayed.text()).not.toContain('Welcome, Session Reader!');
    const replayedDashboard = await page.request.get('/user-dashboard', {
      headers: copy,
      maxRedirects: 0,
    });
    expect(replayedDashboard.status()).toBe(302);
    const { apiBase } = await siteConfig(page.request);
    const verified = await page.request.post(`${apiBase}/sessions/verify`, {
      data: { session: cookie!.value },
    });
    expect(verified.status()).toBe(401);
  });

  test('the admin dashboard arrives rendered for the admin', async ({ page }) => {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    const admin = await html(page, '/admin-dashboard');
    expect(admin.response.status()).toBe(200);
    expect(admin.body).toContain(ADMIN_DASHBOARD_TITLE);
    expect(await visitWithoutHydrationTrouble(page, '/admin-dashboard')).toEqual([]);
    await expect(page.getByRole('tab', { name: TAB_ARTICLES })).toBeVisible();
  });

  test('visitors without a session are sent to /signin by the server', async ({ request }) => {
    for (const path of ['/user-dashboard', '/admin-dashboard']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe('/signin');
    }
  });

  test('a forged session cookie is cleared; another site cannot set one', async ({ request }) => {
    const forged = await request.get('/welcome', { headers: { Cookie: '__session=forged' } });
    expect(forged.status()).toBe(200);
    expect(await forged.text()).toContain('Welcome!');
    expect(forged.headers()['set-cookie']).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);

    const crossSite = await request.post('/session', {
      headers: { Origin: 'https://attacker.example' },
      data: { idToken: 'anything' },
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toHaveProperty('message');
  });
});
