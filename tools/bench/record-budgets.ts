// tsx tools/bench/record-budgets.ts: records each page's JavaScript budget (its size now plus
// 10 %, rounded up to 256 bytes) in e2e/bundle-budgets.json, after a deliberate size change.
// Run it on a fresh production build (tools/build.ts); review the diff like code.
import { readFileSync, writeFileSync } from 'node:fs';
import { BUDGETS_FILE, measurePageChunks } from './js-size';

const HEADROOM = 1.1;
/** The file's other entries (beforeInputMaxBytes) are kept as they are. */
const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as {
  pages: Record<string, number>;
};
const sizes = measurePageChunks();
budgets.pages = Object.fromEntries(
  Object.entries(sizes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([page, bytes]) => [page, Math.ceil((bytes * HEADROOM) / 256) * 256]),
);
writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
for (const [page, bytes] of Object.entries(sizes))
  console.log(`${page.padEnd(32)} ${bytes} B, budget ${budgets.pages[page]} B`);
