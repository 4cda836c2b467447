// Shared pieces of the browser specs: an accessibility check and unique test identities.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import {
  EMAIL_LABEL,
  PASSWORD_LABEL,
  SIGN_IN_SUBMIT,
  USERNAME_LABEL,
} from '@portfolio/remote-auth/texts';

export { expect };

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Where the specs reach each service: the ports `tools/start.ts` uses (env overrides them). */
export const SITE_ORIGIN =
  process.env.E2E_BASE_URL ??
  (process.env.E2E_EDGE === 'on'
    ? `http://localhost:${port('EDGE_PORT', 8080)}`
    : `http://localhost:${port('SHELL_PORT', 3000)}`);
/**
 * A stack the specs did not start (E2E_STACK=external: playwright.config.ts), such as the
 * containers of `npm run check:images`: only its one origin is reached, the API through it.
 */
export const EXTERNAL_STACK = process.env.E2E_STACK === 'external';
/** Why a spec that needs an admin skips on an external stack. */
export const NO_ADMIN_ON_EXTERNAL_STACK =
  "an admin's ID token comes from the Auth emulator; an external stack runs as production " +
  "does, with a real Firebase project's settings, whose tokens cannot be had offline";
export const API_ORIGIN = EXTERNAL_STACK
  ? SITE_ORIGIN
  : `http://localhost:${port('API_PORT', 4000)}`;
/** The fault gate in front of the API (support/fault-gate.mjs): the site's API base. */
export const API_GATE_ORIGIN = `http://localhost:${port('API_GATE_PORT', port('API_PORT', 4000) + 10)}`;
export const AUTH_EMULATOR_ORIGIN = `http://127.0.0.1:${port('AUTH_EMULATOR_PORT', 9099)}`;

/**
 * Where the site's server reaches each remote (its own origin): the remote's fault gate
 * (support/e2e-stack.mjs), on the remote's port + 10, in front of its static server.
 */
export const REMOTE_ORIGINS = {
  portfolio: `http://localhost:${port('PORTFOLIO_PORT', 3001) + 10}`,
  blog: `http://localhost:${port('BLOG_PORT', 3002) + 10}`,
  auth: `http://localhost:${port('AUTH_PORT', 3003) + 10}`,
  shop: `http://localhost:${port('SHOP_PORT', 3004) + 10}`,
} as const;

/** Where the browser asks for each remote's files: on the site's own origin (ADR 101). */
export const REMOTES_IN_BROWSER = {
  portfolio: `${SITE_ORIGIN}/remotes/portfolio`,
  blog: `${SITE_ORIGIN}/remotes/blog`,
  auth: `${SITE_ORIGIN}/remotes/auth`,
  shop: `${SITE_ORIGIN}/remotes/shop`,
} as const;

/** An open modal dialog (shared/src/ui/Modal.tsx). */
const MODAL = '[role="dialog"][aria-modal="true"]';

/**
 * Fails with the list of WCAG 2.1 A/AA violations on the page as it is now: within the modal
 * dialog when one is open. The page behind it is covered by the dialog's backdrop and hidden from
 * assistive technology (aria-modal); axe measured the colour contrast of its text through the
 * backdrop, and failed now and then depending on the moment (media.spec.ts).
 *
 * Axe runs in the page itself (the builder's "legacy" mode) when every frame is the page's own
 * origin, which on this site is always. The default mode exists for cross-origin frames: it runs
 * axe in each frame and merges the results in a blank page it opens for that, a new renderer per
 * scan: half of each scan's time, about 0.3 s of CPU, for the same results where there is no such
 * frame (docs/decisions/007).
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if ((await page.locator(MODAL).count()) > 0) builder.include(MODAL);
  const origin = new URL(page.url()).origin;
  builder.setLegacyMode(page.frames().every((frame) => sameOrigin(frame.url(), origin)));
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

/** Whether a frame's document is of `origin` (about:blank and srcdoc frames are their parent's). */
function sameOrigin(url: string, origin: string): boolean {
  if (url === 'about:blank' || url === 'about:srcdoc' || url === '') return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** The site's public pages that need no data of a spec's own. */
export const PUBLIC_PAGES = [
  '/',
  '/portfolio',
  '/about',
  '/contact',
  '/blog',
  '/tags',
  '/store',
  '/ebook',
];

/** The site's navigation bar. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Follows a link of a list's page links, below its grid of article cards: scrolled to first,
 * then clicked. The cards after the third are laid out only once near the screen
 * (content-visibility: auto), so a jump down to the links changes their heights in the next
 * frame; click() checks that its target holds still before it scrolls, not after.
 */
export async function followPageLink(pages: Locator, name: string): Promise<void> {
  const link = pages.getByRole('link', { name });
  await link.scrollIntoViewIfNeeded();
  await link.click();
}

/** Marks the document, so a later check can prove that no reload happened in between. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
}

export interface SiteConfig {
  apiBase: string;
  firebase: { apiKey: string; projectId: string };
  authEmulatorUrl?: string;
}

/**
 * Until the site's server renders `path` whole (200). A page it could not render within its
 * budget (another spec's write had emptied the caches, on a loaded machine) is a 503 drawn in the
 * browser (docs/decisions/117); a spec about something else waits for the page first. No script
 * runs here: the page counts no view.
 */
export async function untilRenderedWhole(request: APIRequestContext, path: string): Promise<void> {
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 30_000 }).toBe(200);
}

/** The runtime config, as the site itself reads it. */
export async function siteConfig(request: APIRequestContext): Promise<SiteConfig> {
  const response = await request.get('/runtime-config.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as SiteConfig;
}

/** Created by the content API at start when it runs with the Auth emulator. */
export const DEV_ADMIN = { email: 'admin@portfolio.local', password: 'admin-password-123' };

/** Fills the sign-up or sign-in form of the page. */
export async function fillCredentials(
  page: Page,
  username: string,
  email: string,
  password: string,
) {
  const main = page.locator('main');
  await main.getByLabel(USERNAME_LABEL).fill(username);
  await main.getByLabel(EMAIL_LABEL).fill(email);
  await main.getByLabel(PASSWORD_LABEL).fill(password);
}

/** Signs in through /signin, as a visitor does, and lands on /welcome. */
export async function signIn(page: Page, username: string, email: string, password: string) {
  await page.goto('/signin');
  // The form works once its script runs (untilLive); `page` may be one of a spec's own context.
  await untilLive(page);
  await fillCredentials(page, username, email, password);
  await page.locator('main').getByRole('button', { name: SIGN_IN_SUBMIT, exact: true }).click();
  await expect(page).toHaveURL('/welcome');
}

/** The Auth emulator's REST base, as the site's config names it (reached on 127.0.0.1). */
async function emulatorBase(request: APIRequestContext) {
  const config = await siteConfig(request);
  const emulator = (config.authEmulatorUrl ?? 'http://127.0.0.1:9099').replace(
    'localhost',
    '127.0.0.1',
  );
  return { emulator, apiKey: config.firebase.apiKey };
}

/** An ID token straight from the emulator's REST API, as any client could get one. */
export async function idTokenFor(request: APIRequestContext, email: string, password: string) {
  const { emulator, apiKey } = await emulatorBase(request);
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * What a spec needs to call the content API as the dev admin: the API's base, as the site's config
 * names it, and the admin's Authorization header (an ID token straight from the emulator).
 */
export async function adminApi(
  request: APIRequestContext,
): Promise<{ apiBase: string; headers: { authorization: string } }> {
  const [token, { apiBase }] = await Promise.all([
    idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password),
    siteConfig(request),
  ]);
  return { apiBase, headers: { authorization: `Bearer ${token}` } };
}

/** An article a spec made for itself. */
export interface SpecArticle {
  _id: string;
  slug: string;
  title: string;
}

/**
 * Publishes an article of the spec's own through the API as the dev admin, dated long ago so no
 * other spec's list shows it first; `removeArticle` deletes it again.
 */
export async function createArticle(
  request: APIRequestContext,
  data: { title: string; content: string; createdAt: string },
): Promise<SpecArticle> {
  const { apiBase, headers } = await adminApi(request);
  const response = await request.post(`${apiBase}/articles`, { headers, data });
  expect(response.status()).toBe(201);
  return (await response.json()) as SpecArticle;
}

export async function removeArticle(request: APIRequestContext, article: SpecArticle | undefined) {
  if (!article) return;
  const { apiBase, headers } = await adminApi(request);
  await request.delete(`${apiBase}/articles/${article._id}`, { headers });
}

/**
 * An ID token for a Google identity, straight from the emulator's REST API: the emulator signs
 * in the Google account whose (unsigned) ID token is the JSON of these claims.
 */
export async function googleIdTokenFor(
  request: APIRequestContext,
  identity: { name: string; email: string; photoURL?: string },
) {
  const { emulator, apiKey } = await emulatorBase(request);
  const claims = {
    sub: identity.email.toLowerCase(),
    email: identity.email.toLowerCase(),
    email_verified: true,
    name: identity.name,
    ...(identity.photoURL ? { picture: identity.photoURL } : {}),
  };
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${apiKey}`,
    {
      data: {
        postBody: new URLSearchParams({
          id_token: JSON.stringify(claims),
          providerId: 'google.com',
        }).toString(),
        requestUri: 'http://localhost',
        returnSecureToken: true,
      },
    },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Makes an account an admin the way the README tells an owner to: the content API's admin
 * command (its build, content-api/dist/cli/admin.js), on this run's emulator and database
 * (E2E_RUN_DIR, set by playwright.config.ts). Returns what the command printed.
 */
export async function grantAdmin(email: string): Promise<string> {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: which database would the grant go to?');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'content-api', 'dist', 'cli', 'admin.js'), 'grant', email],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: new URL(AUTH_EMULATOR_ORIGIN).host,
        DATA_DIR: path.join(runDir, 'pglite'),
      },
    },
  );
  return stdout;
}

let counter = 0;
/** An e-mail address no other test run uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

/** Makes a remote unreachable for this page (every request to its origin fails). */
/** The browser can no longer reach a remote's files (`base`: REMOTES_IN_BROWSER's). */
export async function takeRemoteDown(page: Page, base: string): Promise<void> {
  await page.route(`${base}/**`, (route) => route.abort('connectionrefused'));
}

export async function bringRemoteBack(page: Page, base: string): Promise<void> {
  await page.unroute(`${base}/**`);
}

/**
 * A page the server rendered shows before its controls work: waits until the page is live
 * (<html data-hydrated="true">, or "islands" for a page of islands), as a person waits for a page
 * to finish loading, or kept as the server sent it because its code cannot be loaded ("kept", ADR
 * 114). The fixture's `page` does it after each goto; a page a spec opens in a context of its own
 * needs it before it fills a form: a form sent before its script runs is a POST the site answers
 * with the empty form again (docs/security.md, "A form sent before its page's script"). The
 * network falling quiet is no such sign: a sign-in was sent while the page's chunks still loaded
 * (2026-12-05, comments.spec.ts).
 */
export async function untilLive(page: Page): Promise<void> {
  // A document with no script never goes live: the API's own pages (a newsletter confirmation)
  // have none. Waiting for a mark that cannot come cost each such goto 15 s.
  const scripted = await page.evaluate(() => document.scripts.length > 0).catch(() => true);
  if (!scripted) return;
  await page
    .locator('html[data-hydrated]')
    .waitFor({ state: 'attached', timeout: 15_000 })
    // A page that never goes live fails on the spec's own next expectation.
    .catch(() => undefined);
}

/**
 * A new page of the headless shell (the specs' browser, docs/decisions/156) has its virtual mouse
 * resting at the top-left corner: at the first document it draws, Chromium sends the element
 * there a `pointerover` and `pointermove`, as a desktop browser does for a mouse resting over a
 * page that appears under it. On the site that element is the navbar, and a pointer over an
 * island is a visitor's first input (the island loader fetches its code ahead, docs/decisions/148),
 * so a spec's "before any input" would see scripts no visitor asked for. The page first draws an
 * empty document, which takes that event; the site's pages then see only the spec's own input.
 */
export async function withoutRestingPointer(page: Page): Promise<Page> {
  await page.setContent('');
  return page;
}

/** Makes each goto of `page` wait until the page is live (untilLive). */
function liveAfterGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilLive(page);
    return response;
  };
  return page;
}

/**
 * A page in a context a spec made itself (another visitor, the owner beside a member), whose
 * gotos wait until it is live, as the fixture's `page` does. For a context with JavaScript on.
 */
export async function newLivePage(context: BrowserContext): Promise<Page> {
  return liveAfterGoto(await withoutRestingPointer(await context.newPage()));
}

/**
 * Every spec runs with this: a page that trips the Content-Security-Policy (a script, style,
 * image or call the policy does not allow) fails its test.
 */
export const test = base.extend<{ contentSecurityPolicyGuard: void }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    await withoutRestingPointer(page);
    await provide(javaScriptEnabled ? liveAfterGoto(page) : page);
  },
  contentSecurityPolicyGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export type ApiFault = 'ok' | 'down' | 'slow' | 'error' | 'malformed';
export type RemoteFault = 'ok' | 'down' | 'slow' | 'missing-chunks';

/**
 * Switches a remote's gate, for the shell's server and the browser alike: 'down' as if its
 * server were stopped, 'slow' each answer `ms` late, 'missing-chunks' a deploy whose manifest and
 * entry are there but whose chunks are gone.
 */
export async function setRemoteFault(
  request: APIRequestContext,
  remote: keyof typeof REMOTE_ORIGINS,
  mode: RemoteFault,
  ms?: number,
): Promise<void> {
  const query = `mode=${mode}${ms ? `&ms=${ms}` : ''}`;
  const response = await request.post(`${REMOTE_ORIGINS[remote]}/__fault?${query}`);
  expect(response.status(), `fault gate of ${remote}: ${mode}`).toBe(204);
}

/** Switches the content API's gate: the fault is real for the shell's server and the browser. */
export async function setApiFault(request: APIRequestContext, mode: ApiFault): Promise<void> {
  const response = await request.post(`${API_GATE_ORIGIN}/__fault?mode=${mode}`);
  expect(response.status(), `fault gate: ${mode}`).toBe(204);
}

/** Console messages React and the router print when hydration goes wrong. */
const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

/**
 * A page of islands (docs/decisions/148) hydrates each island at its trigger: this touches them
 * all (a focus wakes any of them) and waits until every one is live.
 */
export async function wakeIslands(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]').all()) {
    await island.evaluate((element) =>
      element.dispatchEvent(new FocusEvent('focusin', { bubbles: true })),
    );
  }
  await expect(page.locator('[data-island]:not([data-island-live])')).toHaveCount(0);
}

/** Loads `path` and returns any hydration trouble the console reported. */
export async function visitWithoutHydrationTrouble(page: Page, path: string) {
  const trouble: string[] = [];
  const listener = (message: { type(): string; text(): string }) => {
    if (HYDRATION_TROUBLE.test(message.text())) trouble.push(`${path}: ${message.text()}`);
  };
  page.on('console', listener);
  page.on('pageerror', (error) => {
    if (HYDRATION_TROUBLE.test(error.message)) trouble.push(`${path}: ${error.message}`);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if ((await page.locator('html[data-render="islands"]').count()) > 0) {
    await wakeIslands(page);
    await page.waitForLoadState('networkidle');
  }
  page.off('console', listener);
  return trouble;
}
