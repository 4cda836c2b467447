import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, siteConfig, test } from './fixtures';
import {
  ABOUT_HEADING,
  ABOUT_PORTFOLIO_LINK,
  ABOUT_TEASER_LINK,
  CAROUSEL_NEXT_LABEL,
  CAROUSEL_PAUSE_LABEL,
  CAROUSEL_PLAY_LABEL,
  CERTIFICATE_CLOSE_LABEL,
  CERTIFICATIONS_HEADING,
  CONTACT_BUSY_LABEL,
  CONTACT_EMAIL_LABEL,
  CONTACT_LINE_LABEL,
  CONTACT_MESSAGE_LABEL,
  CONTACT_NAME_LABEL,
  CONTACT_PAGE_TITLE,
  CONTACT_REQUIRED_ERROR,
  CONTACT_SUBMIT_LABEL,
  CONTACT_SUCCESS,
  EXPERIENCE_HEADING,
  FUN_FACTS_HEADING,
  HOME_CONTACT_HEADING,
  HOME_PROJECT_COUNT,
  PROJECTS_HEADING,
  RECENT_PROJECTS_HEADING,
  SERVICES_HEADING,
  SKILLS_HEADING,
  TESTIMONIALS_HEADING,
  TYPED_PHRASES,
  projectErrorText,
  PROJECT_NOT_FOUND,
} from '@portfolio/remote-portfolio/texts';

interface ApiProject {
  _id: string;
  title: string;
  createdAt: string;
}

async function apiProjects(page: Page): Promise<ApiProject[]> {
  const response = await page.request.get(`${(await siteConfig(page.request)).apiBase}/projects`);
  expect(response.ok(), 'the content API answers GET /projects').toBe(true);
  return (await response.json()) as ApiProject[];
}

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name });

/** Nothing sticks out sideways: the page works at the phone width it is shown at. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('portfolio remote, composed in the shell', () => {
  test('home: hero, services, about teaser, testimonials, the three newest projects', async ({
    page,
  }) => {
    const projects = await apiProjects(page);
    const newest = [...projects]
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .slice(0, HOME_PROJECT_COUNT)
      .map((project) => project.title);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, I'm /);
    await expect(page).toHaveTitle(/\S/);
    // Screen readers get the four phrases as a list; the animation types them one by one.
    const line = main(page).getByTestId('typed-stage').locator('..');
    await expect(line.getByRole('listitem')).toHaveText([...TYPED_PHRASES]);
    await expect(main(page).getByTestId('typed-text')).toHaveText(/\S/);
    await expect(section(page, SERVICES_HEADING).getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(main(page).getByRole('link', { name: ABOUT_TEASER_LINK })).toHaveAttribute(
      'href',
      '/about',
    );
    // Below the fold, react-slick loads only when the visitor scrolls near the carousel; until
    // then the first testimonial stands in, in a box of the same size.
    const carousel = main(page).getByRole('region', { name: TESTIMONIALS_HEADING });
    await expect(carousel).not.toHaveAttribute('aria-roledescription', 'carousel');
    const previewHeight = await carousel.evaluate((element) => element.clientHeight);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel.getByRole('group')).toHaveCount(1);
    expect(await carousel.evaluate((element) => element.clientHeight)).toBe(previewHeight);

    const recent = section(page, RECENT_PROJECTS_HEADING);
    await expect(recent.getByRole('heading', { level: 3 })).toHaveText(newest);
    await expectNoA11yViolations(page);
  });

  test('home: with reduced motion the phrases are a still list, from the server and without script', async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ reducedMotion: 'reduce', javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/');
      const stage = main(page).getByTestId('typed-stage');
      const items = stage.locator('..').getByRole('listitem');
      await expect(items).toHaveText([...TYPED_PHRASES]);
      for (const item of await items.all()) await expect(item).toBeVisible();
      await expect(stage).toBeHidden();
      // Nothing types, then or later.
      await page.waitForTimeout(500);
      await expect(main(page).getByTestId('typed-text')).toHaveText('');
      await context.close();
    }
  });

  test('home: the testimonial carousel can be paused and moved by keyboard', async ({ page }) => {
    await page.goto('/');
    const carousel = main(page).getByRole('region', { name: TESTIMONIALS_HEADING });
    await carousel.scrollIntoViewIfNeeded();
    const shown = () => carousel.getByRole('group').getAttribute('aria-label');
    await carousel.getByRole('button', { name: CAROUSEL_PAUSE_LABEL }).focus();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: CAROUSEL_PLAY_LABEL })).toBeVisible();
    const before = await shown();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: CAROUSEL_NEXT_LABEL })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(shown).not.toBe(before);
  });

  test('a project card opens its detail page; an unknown id says it is not found', async ({
    page,
  }) => {
    await page.goto('/');
    const firstCard = section(page, RECENT_PROJECTS_HEADING)
      .getByRole('article')
      .first()
      .getByRole('link');
    const title = await firstCard.innerText();
    const href = await firstCard.getAttribute('href');
    expect(href).toMatch(/^\/projects\/[^/]+$/);
    await firstCard.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const image = main(page).getByRole('img', { name: `Illustration for ${title}` });
    await expect(image).toBeVisible();
    // It loads: a raster variant of the seed's SVG, made by the API on its first request.
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page).toHaveTitle(`${title} · Alex Morgan`);
    await expectNoA11yViolations(page);

    // A deep link works too, and a link, when present, shows its host name only.
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    for (const link of await main(page).locator('a[target="_blank"]').all()) {
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(await link.innerText()).not.toContain('://');
    }

    await page.goto('/projects/no-such-project');
    await expect(main(page).getByRole('alert')).toHaveText(projectErrorText(PROJECT_NOT_FOUND));
    await expectNoA11yViolations(page);
  });

  test('portfolio: header, summary, certificates, skills, experience, all projects', async ({
    page,
  }) => {
    const projects = await apiProjects(page);
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main(page).getByRole('list', { name: CONTACT_LINE_LABEL })).toBeVisible();
    await expect(section(page, CERTIFICATIONS_HEADING).getByRole('button')).toHaveCount(6);
    await expect(section(page, SKILLS_HEADING).getByRole('heading', { level: 3 })).toHaveText([
      'Tools',
      'Operating Systems',
      'Programming Languages',
      'Security Frameworks',
    ]);
    await expect(section(page, EXPERIENCE_HEADING).getByRole('heading', { level: 3 })).toHaveCount(
      2,
    );
    await expect(section(page, PROJECTS_HEADING).getByRole('article')).toHaveCount(projects.length);
    await expectNoA11yViolations(page);
  });

  test('portfolio: a certificate pop-up opens, and closes by button, backdrop and Escape', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    const cards = section(page, CERTIFICATIONS_HEADING).getByRole('button');
    const card = cards.nth(1);
    const dialog = page.getByRole('dialog');

    await card.click();
    await expect(dialog).toBeVisible();
    const badge = dialog.getByRole('img');
    await expect(badge).toBeVisible();
    // The stored SVG badge is shown as a raster variant the API makes (docs/decisions/172), and
    // it loads.
    await expect
      .poll(() => badge.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    expect(await badge.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
      /\/images\/cert-[a-z-]+\.svg\/\d+\.avif$/,
    );
    await expect(dialog.getByRole('button', { name: CERTIFICATE_CLOSE_LABEL })).toBeFocused();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: CERTIFICATE_CLOSE_LABEL }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeFocused();

    await card.click();
    await expect(dialog).toBeVisible();
    await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(dialog).toHaveCount(0);

    await card.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Tab stays in the pop-up: its link to verify the credential, then its close button again.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: /^Verify credential/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: CERTIFICATE_CLOSE_LABEL })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeFocused();

    // A click on the certificate itself must not stop Escape from closing the pop-up.
    await card.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('img').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeFocused();
  });

  test('about: intro, fun facts and a link to the portfolio', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: ABOUT_HEADING })).toBeVisible();
    await expect(section(page, FUN_FACTS_HEADING).getByRole('term').first()).toBeVisible();
    await main(page).getByRole('link', { name: ABOUT_PORTFOLIO_LINK }).click();
    await expect(page).toHaveURL('/portfolio');
    await page.goto('/about');
    await expect(section(page, FUN_FACTS_HEADING)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('contact page: empty fields are refused, a complete message is sent', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: CONTACT_PAGE_TITLE })).toBeVisible();
    const form = main(page).getByRole('form', { name: CONTACT_PAGE_TITLE });
    await form.getByLabel(CONTACT_NAME_LABEL).fill('E2E Visitor');
    await form.getByRole('button', { name: CONTACT_SUBMIT_LABEL }).click();
    await expect(form.getByText(CONTACT_REQUIRED_ERROR)).toBeVisible();
    await expect(form.getByLabel(CONTACT_EMAIL_LABEL)).toBeFocused();
    await expectNoA11yViolations(page);

    await form.getByLabel(CONTACT_EMAIL_LABEL).fill('visitor@example.test');
    await form.getByLabel(CONTACT_MESSAGE_LABEL).fill('Hello from the browser specs.');
    await form.getByRole('button', { name: CONTACT_SUBMIT_LABEL }).click();
    await expect(form.getByText(CONTACT_SUCCESS)).toBeVisible();
    await expect(form.getByLabel(CONTACT_NAME_LABEL)).toHaveValue('');
  });

  test('home: the contact form refuses empty fields and sends a complete message', async ({
    page,
  }) => {
    await page.goto('/');
    const form = main(page).getByRole('form', { name: HOME_CONTACT_HEADING });
    await form.getByRole('button', { name: CONTACT_SUBMIT_LABEL }).click();
    await expect(form.getByText(CONTACT_REQUIRED_ERROR)).toBeVisible();

    await form.getByLabel(CONTACT_NAME_LABEL).fill('E2E Visitor');
    await form.getByLabel(CONTACT_EMAIL_LABEL).fill('visitor@example.test');
    await form.getByLabel(CONTACT_MESSAGE_LABEL).fill('Hello from the home page.');
    // Hold the answer back a moment, so the busy state can be seen.
    await page.route('**/api/contact', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await form.getByRole('button', { name: CONTACT_SUBMIT_LABEL }).click();
    await expect(form.getByRole('button', { name: CONTACT_BUSY_LABEL })).toBeDisabled();
    await expect(form.getByText(CONTACT_SUCCESS)).toBeVisible();
  });

  test('every page fits a 375 px phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/', '/portfolio', '/about', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
    await page.goto('/portfolio');
    await section(page, CERTIFICATIONS_HEADING).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeInViewport();
  });
});
