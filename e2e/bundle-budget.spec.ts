// The JavaScript budget (issue 7): the home page a visitor opens with an empty cache, and each
// page's own chunks against the budget recorded in bundle-budgets.json. A deliberate increase is
// recorded with `node tools/bench/record-budgets.mjs` and reviewed like code.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { BUDGETS_FILE, measurePageChunks, scriptsLoaded } from '../tools/bench/js-size.mjs';

interface Budgets {
  homeRouteMaxBytes: number;
  pages: Record<string, number>;
}
const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('the home page loads at most the budgeted JavaScript (gzip)', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = await scriptsLoaded(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(
    total,
    `home loads ${kb(total)} of JavaScript, budget ${kb(budgets.homeRouteMaxBytes)}:\n${scripts
      .map((script) => `  ${kb(script.bytes).padStart(9)}  ${script.url}`)
      .join('\n')}`,
  ).toBeLessThanOrEqual(budgets.homeRouteMaxBytes);
});

test('every page stays within its recorded JavaScript budget (gzip)', () => {
  const sizes = measurePageChunks();
  const over = Object.entries(sizes)
    .filter(([page, bytes]) => !(bytes <= (budgets.pages[page] ?? -1)))
    .map(([page, bytes]) =>
      page in budgets.pages
        ? `${page}: ${bytes} B, budget ${budgets.pages[page]} B`
        : `${page}: ${bytes} B, no budget recorded`,
    );
  expect(over, 'pages over budget (see tools/bench/record-budgets.mjs)').toEqual([]);
});
