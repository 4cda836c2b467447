// Faults in the services behind the pages: the content API down, slow or failing, and the Auth
// emulator down. Each page shows the spec's message (never a blank page), the rest of the site
// keeps working, and once the fault is gone the site recovers without a reload.
import {
  API_ORIGIN,
  expect,
  expectSameDocument,
  mainNav,
  markDocument,
  test,
  uniqueEmail,
} from './fixtures';
import { ARTICLES_LOAD_ERROR, LOADING_ARTICLES } from '../remote-blog/src/texts';
import {
  PROJECTS_LOAD_ERROR,
  PROJECT_LOAD_FAILED,
  projectErrorText,
} from '../remote-portfolio/src/texts';
import {
  EMAIL_LABEL,
  PASSWORD_LABEL,
  SIGN_UP_SUBMIT,
  USERNAME_LABEL,
} from '../remote-auth/src/texts';

const API_PATTERN = `${API_ORIGIN}/api/**`;
// The browser reaches the emulator by the host name it used for the site.
const EMULATOR_PATTERN = new RegExp(
  `://(localhost|127\\.0\\.0\\.1):${process.env.AUTH_EMULATOR_PORT ?? 9099}/`,
);

test.describe('content API down', () => {
  test('each page shows its error, the site works, and it recovers without a reload', async ({
    page,
  }) => {
    await page.route(API_PATTERN, (route) => route.abort('connectionrefused'));

    await page.goto('/');
    await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await markDocument(page);

    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByText(ARTICLES_LOAD_ERROR)).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Portfolio' }).click();
    await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'About' }).click();
    // The about page falls back to its built-in text.
    await expect(page.locator('main h1')).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Store' }).click();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(10);

    await page.unroute(API_PATTERN);
    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('link', { name: /^Read More/ }).first()).toBeVisible();
    await expect(page.getByText(ARTICLES_LOAD_ERROR)).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('a project page that cannot reach the API says so', async ({ page }) => {
    await page.route(API_PATTERN, (route) => route.abort('connectionrefused'));
    await page.goto('/projects/any-project');
    await expect(page.getByText(projectErrorText(PROJECT_LOAD_FAILED))).toBeVisible();
  });
});

test('content API answering 500: the spec messages', async ({ page }) => {
  await page.route(API_PATTERN, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Internal error"}',
    }),
  );
  await page.goto('/');
  await expect(page.getByText(PROJECTS_LOAD_ERROR)).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByText(ARTICLES_LOAD_ERROR)).toBeVisible();
});

test('a slow content API: the page shows its loading state, then the content', async ({ page }) => {
  await page.route(API_PATTERN, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto('/blog');
  await expect(page.getByText(LOADING_ARTICLES)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Read More/ }).first()).toBeVisible({
    timeout: 15_000,
  });
});

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
