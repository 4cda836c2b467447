// Settings without a rebuild (docs/decisions/141): the owner changes their name, job title and
// accent colour in the dashboard's Settings tab, and the next page loads (home, about,
// portfolio, an article) show them: the navbar and footer, the headings, the page titles, the
// structured data, the cards' addresses, the feed and the theme's custom properties. Nothing is
// built or restarted. The tab passes axe and fits a 390 px phone.
//
// The settings are the whole site's, so this spec runs alone, after the others (its project in
// playwright.config.ts), and puts the settings back as they were.
import type { Page } from '@playwright/test';
import { lightThemeAccent, settingsInputOf } from '@portfolio/contract';
import type { SiteSettings } from '@portfolio/contract';
import {
  DEV_ADMIN,
  expect,
  expectNoA11yViolations,
  idTokenFor,
  mainNav,
  signIn,
  siteConfig,
  test,
} from './fixtures';
import {
  ACCENT_LABEL,
  JOB_TITLE_LABEL,
  OWNER_NAME_LABEL,
  SECTION_CERTIFICATIONS,
  SECTION_THEME,
  SETTINGS_HEADING,
  SETTINGS_SAVED,
  SETTINGS_SAVE_LABEL,
  TAB_SETTINGS,
  colourValueLabel,
} from '@portfolio/remote-auth/settings-texts';
import {
  ABOUT_HEADING,
  CERTIFICATIONS_HEADING,
  VERIFY_CREDENTIAL_LABEL,
  heroGreeting,
  homeDocumentTitle,
} from '@portfolio/remote-portfolio/texts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ACCENT = '#ffa94d';

/** The JSON-LD nodes of the page the server sent. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/**
 * The accent every stylesheet reads on this page, as each theme resolves it (a light-dark()
 * pair, docs/decisions/171): the colour of an element in that scheme.
 */
const accentOf = (page: Page) =>
  page.evaluate(() => {
    const colourIn = (scheme: 'light' | 'dark') => {
      const probe = document.createElement('span');
      probe.style.colorScheme = scheme;
      probe.style.color = 'var(--color-accent)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    };
    return { light: colourIn('light'), dark: colourIn('dark') };
  });

/** `#rrggbb` as a computed style writes it. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** The owner's accent in the dark theme, and as the light theme darkens it. */
const ACCENT_SHOWN = { light: rgb(lightThemeAccent(ACCENT)), dark: rgb(ACCENT) };

test('the owner changes their name, job title and accent in the dashboard: every page shows them at once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { apiBase } = await siteConfig(request);
  const before = (await (await request.get(`${apiBase}/settings`)).json()) as SiteSettings;
  const original = settingsInputOf(before);
  const name = `Jordan Rivera ${Date.now().toString(36)}`;
  const jobTitle = 'Application Security Lead';

  try {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=settings');
    await expect(page.getByRole('tab', { name: TAB_SETTINGS })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = page.getByRole('form', { name: SETTINGS_HEADING });
    await expect(form.getByLabel(OWNER_NAME_LABEL, { exact: true })).toHaveValue(before.owner.name);
    await expectNoA11yViolations(page);

    await form.getByLabel(OWNER_NAME_LABEL, { exact: true }).fill(name);
    await form.getByLabel(JOB_TITLE_LABEL, { exact: true }).fill(jobTitle);
    await form.getByRole('heading', { level: 3, name: SECTION_THEME }).click();
    await form.getByLabel(colourValueLabel(ACCENT_LABEL), { exact: true }).fill(ACCENT);
    await expect(form.getByLabel(ACCENT_LABEL, { exact: true })).toHaveValue(ACCENT);
    // Every section open: the whole form passes axe.
    await form.getByRole('heading', { level: 3, name: SECTION_CERTIFICATIONS }).click();
    await expectNoA11yViolations(page);
    await form.getByRole('button', { name: SETTINGS_SAVE_LABEL }).click();
    await expect(form.getByText(SETTINGS_SAVED)).toBeVisible();

    // A new visitor (no session, another browser context): the next request shows them.
    const visitor = await browser.newContext();
    const fresh = await visitor.newPage();
    try {
      await expect(async () => {
        await fresh.goto('/');
        await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(heroGreeting(name), {
          timeout: 1000,
        });
      }).toPass({ timeout: 10_000 });
      await expect(fresh).toHaveTitle(homeDocumentTitle(name, jobTitle));
      await expect(mainNav(fresh).getByRole('link', { name, exact: true })).toBeVisible();
      await expect(fresh.getByRole('contentinfo')).toContainText(name);
      expect(await accentOf(fresh)).toEqual(ACCENT_SHOWN);
      const person = (await structuredData(fresh)).find((node) => node['@type'] === 'Person');
      expect(person).toMatchObject({ name, jobTitle });
      // The preview card follows the settings (its address carries their version).
      await expect(fresh.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /\/cards\/default\.png\?v=[0-9a-z]+$/,
      );

      await fresh.goto('/about');
      await expect(fresh.getByRole('heading', { level: 1, name: ABOUT_HEADING })).toBeVisible();
      await expect(fresh.getByRole('main')).toContainText(name);
      await expect(fresh.getByRole('main')).toContainText(jobTitle);
      await expect(fresh).toHaveTitle(`About · ${name}`);
      expect(await accentOf(fresh)).toEqual(ACCENT_SHOWN);

      await fresh.goto('/portfolio');
      await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(fresh.getByRole('main')).toContainText(jobTitle);
      expect(
        (await structuredData(fresh)).find((node) => node['@type'] === 'Person'),
      ).toMatchObject({ name, jobTitle });
      // Certificates say who issued them, when, and where to verify them.
      const certifications = fresh.getByRole('region', { name: CERTIFICATIONS_HEADING });
      await expect(
        certifications.getByRole('link', { name: new RegExp(`^${VERIFY_CREDENTIAL_LABEL}`) }),
      ).toHaveCount(before.portfolio.certifications.length);
      await expect(certifications).toContainText(
        `Issued by ${before.portfolio.certifications[0]!.issuer}`,
      );
      if (SCREENSHOTS) {
        await certifications.screenshot({ path: `${SCREENSHOTS}/certifications-1280.png` });
        await fresh.setViewportSize({ width: 390, height: 844 });
        await certifications.screenshot({ path: `${SCREENSHOTS}/certifications-390.png` });
        await fresh.setViewportSize({ width: 1280, height: 720 });
      }

      await fresh.goto('/blog');
      await fresh
        .getByRole('link', { name: /^Read More/ })
        .first()
        .click();
      await expect(fresh).toHaveURL(/\/article\//);
      await fresh.reload();
      await expect(fresh).toHaveTitle(new RegExp(` · ${name}$`));
      const posting = (await structuredData(fresh)).find((node) => node['@type'] === 'BlogPosting');
      expect(posting).toMatchObject({ author: { name }, publisher: { name } });
      expect(await accentOf(fresh)).toEqual(ACCENT_SHOWN);

      // The feed names the owner too.
      const feed = await (await request.get('/rss.xml')).text();
      expect(feed).toContain(`<title>${name} — Blog</title>`);
      expect(feed).toContain(`Articles by ${name}, ${jobTitle}.`);
    } finally {
      await visitor.close();
    }

    // The tab on a phone: nothing wider than the screen, the save button in reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(form.getByLabel(OWNER_NAME_LABEL, { exact: true })).toHaveValue(name);
    await form.getByRole('heading', { level: 3, name: SECTION_CERTIFICATIONS }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const save = form.getByRole('button', { name: SETTINGS_SAVE_LABEL });
    await expect(save).toBeInViewport();
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/settings-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/settings-1280.png` });
    }
  } finally {
    // The settings as they were, for every other spec.
    const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
    const restored = await request.put(`${apiBase}/settings`, {
      headers: { authorization: `Bearer ${token}` },
      data: original,
    });
    expect(restored.status()).toBe(200);
  }
});
