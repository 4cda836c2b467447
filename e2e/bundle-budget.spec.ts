// The JavaScript budget: what each page of islands fetches before any input (docs/decisions/148),
// and each page's own chunks, against the budgets recorded in bundle-budgets.json. A deliberate increase is
// recorded with `npx tsx --conditions=@portfolio/source tools/bench/record-budgets.ts` and reviewed like code.
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, siteConfig, test, untilRenderedWhole, withoutRestingPointer } from './fixtures';
import { BUDGETS_FILE, measurePageChunks, scriptsLoaded } from '@portfolio/tools/bench/js-size';

interface Budgets {
  /** A page's JavaScript before any input, by address (`{id}`: the newest article's). */
  beforeInputMaxBytes: Record<string, number>;
  pages: Record<string, number>;
}
const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The article and the list variant need an address: the newest article's. */
async function pathOf(page: string, request: APIRequestContext): Promise<string> {
  if (!page.includes('{id}')) return page;
  const config = await siteConfig(request);
  const [newest] = (await (await request.get(`${config.apiBase}/articles?limit=1`)).json()) as {
    _id: string;
  }[];
  return page.replace('{id}', newest!._id);
}

// Pages of islands (docs/decisions/148): what a visitor's browser fetches before touching
// anything, with an empty cache, until the network is quiet.
for (const [budgeted, maxBytes] of Object.entries(budgets.beforeInputMaxBytes)) {
  test(`${budgeted} loads at most ${kb(maxBytes)} of JavaScript before any input (gzip)`, async ({
    browser,
    request,
  }) => {
    const path = await pathOf(budgeted, request);
    // Rendered whole first: a page drawn in the browser loads its scripts, not what this measures.
    await untilRenderedWhole(request, path);
    const context = await browser.newContext();
    const page = await withoutRestingPointer(await context.newPage());
    const scripts = await scriptsLoaded(page, path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await context.close();
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(
      total,
      `${path} loads ${kb(total)} of JavaScript, budget ${kb(maxBytes)}:\n${scripts
        .map((script) => `  ${kb(script.bytes).padStart(9)}  ${script.url}`)
        .join('\n')}`,
    ).toBeLessThanOrEqual(maxBytes);
  });
}

test('every page stays within its recorded JavaScript budget (gzip)', () => {
  const sizes = measurePageChunks();
  const over = Object.entries(sizes)
    .filter(([page, bytes]) => !(bytes <= (budgets.pages[page] ?? -1)))
    .map(([page, bytes]) =>
      page in budgets.pages
        ? `${page}: ${bytes} B, budget ${budgets.pages[page]} B`
        : `${page}: ${bytes} B, no budget recorded`,
    );
  expect(over, 'pages over budget (see tools/bench/record-budgets.ts)').toEqual([]);
});
