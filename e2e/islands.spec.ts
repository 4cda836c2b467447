// Pages of islands (docs/decisions/148), used as a visitor uses them: on a phone with a slow CPU,
// the first touch of each interactive part does what it says although its code arrives only
// then; a part whose remote is down says so when used, while the page around it stays.
import type { Page } from '@playwright/test';
import {
  REMOTES_IN_BROWSER,
  bringRemoteBack,
  expect,
  expectNoA11yViolations,
  mainNav,
  takeRemoteDown,
  test,
} from './fixtures';
import { REMOTE_UNAVAILABLE_TEXT, RETRY_LABEL } from '@portfolio/shell/texts';
import { ISLAND_SCRIPTS_FILE } from '@portfolio/shared/island-protocol';
import {
  CERTIFICATIONS_HEADING,
  CONTACT_EMAIL_LABEL,
  CONTACT_MESSAGE_LABEL,
  CONTACT_NAME_LABEL,
  CONTACT_PAGE_TITLE,
  CONTACT_SUBMIT_LABEL,
  CONTACT_SUCCESS,
  TESTIMONIALS_HEADING,
} from '@portfolio/remote-portfolio/texts';

/** A phone: 390 px wide, its CPU four times slower than this machine's. */
async function onAPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The islands of the page that have a React root of their own (React marks its containers). */
const reactRoots = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-island]'))
      .filter((island) => Object.keys(island).some((key) => key.startsWith('__reactContainer')))
      .map((island) => island.getAttribute('data-island')),
  );

const scriptsOf = (page: Page) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
};

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('the first tap on the menu opens it, though its code comes only with that tap', async ({
    page,
  }) => {
    await onAPhone(page);
    const scripts = scriptsOf(page);
    await page.goto('/blog');
    await expect(page.locator('html')).toHaveAttribute('data-render', 'islands');
    expect(scripts, 'scripts before any input').toEqual([]);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(scripts.length).toBeGreaterThan(0);
    // A page of islands leads to the next page as a document of its own.
    await mainNav(page).getByRole('link', { name: 'E-books' }).tap();
    await expect(page).toHaveURL('/ebook');
    await expect(page.getByRole('heading', { level: 1, name: 'E-books' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('a certificate tapped before its code is there opens once it is', async ({ page }) => {
    await onAPhone(page);
    await page.goto('/portfolio');
    const card = page
      .locator('section', { has: page.getByRole('heading', { name: CERTIFICATIONS_HEADING }) })
      .getByRole('button')
      .first();
    await card.tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('what is typed into the contact form before it is live is kept, and sent', async ({
    page,
  }) => {
    await onAPhone(page);
    await page.goto('/contact');
    const form = page.getByRole('main').getByRole('form', { name: CONTACT_PAGE_TITLE });
    // Typed at once: the form's code is fetched by the first focus, the text goes on meanwhile.
    await form.getByLabel(CONTACT_NAME_LABEL).pressSequentially('Phone Visitor');
    await form.getByLabel(CONTACT_EMAIL_LABEL).fill('phone@example.test');
    await form.getByLabel(CONTACT_MESSAGE_LABEL).fill('Sent from a slow phone.');
    await form.getByRole('button', { name: CONTACT_SUBMIT_LABEL }).tap();
    await expect(form.getByText(CONTACT_SUCCESS)).toBeVisible();
    await expect(form.getByLabel(CONTACT_NAME_LABEL)).toHaveValue('');
  });

  test("the home page's typing line types at once with no React: React comes with the first React island", async ({
    page,
  }) => {
    await onAPhone(page);
    await page.goto('/');
    await expect(page.getByRole('main').getByTestId('typed-text')).toHaveText(/\S/);
    await expect(page.locator('[data-island="portfolio/TypedPhrases"]')).toHaveAttribute(
      'data-island-live',
      '',
    );
    expect(await reactRoots(page)).toEqual([]);
    // Its owner's island scripts file is the page's only script: none of the shell's, no
    // federation runtime.
    expect(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
          .map((entry) => new URL(entry.name).pathname.split('/').pop()),
      ),
    ).toEqual([ISLAND_SCRIPTS_FILE]);
    // The carousel is a React island: scrolled to, it comes alive in a root of its own.
    const carousel = page.getByRole('region', { name: TESTIMONIALS_HEADING });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(await reactRoots(page)).toContain('portfolio/TestimonialCarousel');
  });
});

test('a remote that is down: its page stays as the server sent it, and only a part used says so, with Retry', async ({
  page,
}) => {
  await takeRemoteDown(page, REMOTES_IN_BROWSER.portfolio);
  await page.goto('/portfolio');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const cards = page
    .locator('section', { has: page.getByRole('heading', { name: CERTIFICATIONS_HEADING }) })
    .getByRole('button');
  await cards.first().click();
  const fallback = page.getByRole('alert').filter({ hasText: REMOTE_UNAVAILABLE_TEXT });
  await expect(fallback).toBeVisible();
  // The rest of the page is still the server's: the heading, the cards, the navbar's links.
  await expect(heading).toBeVisible();
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoA11yViolations(page);

  await bringRemoteBack(page, REMOTES_IN_BROWSER.portfolio);
  await fallback.getByRole('button', { name: RETRY_LABEL }).click();
  await expect(fallback).toHaveCount(0);
  // The press that woke it is answered once the code is there.
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a script island whose remote is down stays as the server drew it, with nothing to retry', async ({
  page,
}) => {
  await takeRemoteDown(page, REMOTES_IN_BROWSER.portfolio);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => errors.some((text) => text.includes('portfolio/TypedPhrases')))
    .toBe(true);
  // The line keeps the room the server gave it; nothing types, nothing says it failed.
  await expect(page.getByRole('main').getByTestId('typed-stage')).toBeVisible();
  await expect(page.getByRole('main').getByTestId('typed-text')).toHaveText('');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await bringRemoteBack(page, REMOTES_IN_BROWSER.portfolio);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a page of islands is whole: its forms are there and its links lead on', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('main').getByRole('form', { name: CONTACT_PAGE_TITLE });
    await expect(form.getByLabel(CONTACT_NAME_LABEL)).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL('/portfolio');
    await expect(page.getByRole('heading', { name: CERTIFICATIONS_HEADING })).toBeVisible();
  });
});
