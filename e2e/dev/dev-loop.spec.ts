// `npm run dev` from a clean state (docs/decisions/090): a copy of the repository's tracked
// files with nothing built, its dev stack on ports of its own. The home page arrives rendered by
// the server; an edit of a remote's component updates the open page through React Fast Refresh
// with its state kept, and the next server render shows it too, with no restart.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { freeBlock, portsEnv } from '@portfolio/tools/free-ports';
import { SEARCH_INPUT_LABEL, SEARCH_TOGGLE_LABEL } from '@portfolio/shell/texts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The component edited, and the edit: its name field's label. */
const COMPONENT = 'remote-portfolio/src/features/contact/ContactForm.tsx';
const LABEL = '{CONTACT_NAME_LABEL}</label>';
const EDITED = 'Your full name</label>';

test.describe.configure({ mode: 'serial' });

let work = '';
let site = '';
let dev: ChildProcess | undefined;
let output = '';

/** The repository as a fresh clone has it: its tracked files, the installed dependencies. */
function cleanCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-dev-loop-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  for (const modules of [
    'node_modules',
    ...files
      .filter((f) => f.endsWith('/package.json'))
      .map((f) => `${path.dirname(f)}/node_modules`),
  ]) {
    try {
      symlinkSync(path.join(ROOT, modules), path.join(dir, modules));
    } catch {
      // That package has no modules of its own.
    }
  }
  return dir;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = cleanCopy();
  const ports = portsEnv(await freeBlock());
  site = `http://localhost:${ports.SHELL_PORT}`;
  dev = spawn(
    process.execPath,
    ['--conditions=@portfolio/source', '--import', 'tsx', 'tools/dev.ts'],
    {
      cwd: work,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...ports,
        DATA_DIR: path.join(work, 'data'),
        EMULATOR_DATA_DIR: path.join(work, 'emulator'),
      },
    },
  );
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => output.includes('press Ctrl-C'), { timeout: 540_000, intervals: [2000] })
    .toBe(true);
});

// A failure says what the dev stack printed: its builds, and the site's loads of each remote's
// new version (or why one could not be loaded).
test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('npm run dev', { body: output, contentType: 'text/plain' });
  console.log(`npm run dev printed (its last 6,000 characters):\n${output.slice(-6000)}`);
});

test.afterAll(async () => {
  if (dev?.pid) {
    process.kill(-dev.pid, 'SIGINT');
    await new Promise((resolve) => dev?.once('exit', resolve));
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test('an edit of a remote reaches the open page (state kept) and the next server render', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Rendered by the server, from development builds.
  const first = await (await fetch(`${site}/`)).text();
  expect(first).toContain('>Name<');
  // Whole: no part left to the browser (a page of islands carries no such list at all, ADR 148).
  expect(first).not.toMatch(/"drawnInBrowser":\[[^\]]/);

  // Development React reports what hydration found that it did not render; production's does not.
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) {
      hydrationErrors.push(message.text());
    }
  });
  await page.goto(`${site}/`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', /^(true|islands)$/);
  // Scrolled before the navbar is live: the page's loader marks its header scrolled, and the
  // navbar's island, woken by the search toggle, hydrates that header as it is.
  const header = page.getByRole('banner');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await header.getByRole('button', { name: SEARCH_TOGGLE_LABEL, exact: true }).click();
  // The navbar's code comes from the development servers: slower than a build's.
  await expect(page.getByRole('searchbox', { name: SEARCH_INPUT_LABEL })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('[data-island-live]').filter({ has: header })).toHaveCount(1);
  expect(hydrationErrors).toEqual([]);
  // The typing line, a script island: its remote's island scripts file from the dev server.
  await expect(page.getByRole('main').getByTestId('typed-text')).toHaveText(/\S/);
  await expectNoA11yViolations(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Typed before the edit');
  // The home page is a page of islands: the form is live once its first focus woke it.
  await expect(page.locator('[data-island-live]').filter({ has: name })).toHaveCount(1);

  const file = path.join(work, COMPONENT);
  const source = readFileSync(file, 'utf8');
  expect(source).toContain(LABEL);
  writeFileSync(file, source.replace(LABEL, EDITED));

  // Fast Refresh: the label changes in place; what was typed stays; no new document.
  const edited = page.getByRole('textbox', { name: 'Your full name' });
  await expect(edited).toBeVisible({ timeout: 120_000 });
  await expect(edited).toHaveValue('Typed before the edit');
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);

  // The server renders the new component too, without a restart.
  await expect
    .poll(async () => (await fetch(`${site}/`)).text(), { timeout: 120_000, intervals: [1000] })
    .toContain('>Your full name<');
  expect(output).not.toMatch(/\[site\] .*exited/);
});
