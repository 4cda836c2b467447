// npm run bench:navigation — how long a click takes to show the next page, on a throttled phone
// (docs/decisions/148). Pages of islands lead to documents (prerendered by the speculation rules
// while the pointer rests on the link); application pages navigate client-side (the module loaded
// on hover, the data fetched after the click). Both from the same navbar link to the same page,
// /blog, each RUNS times in a fresh browser context, median reported.
//   CHROME_PATH      Chromium to drive (default /usr/bin/chromium)
//   NAVIGATION_RUNS  runs per way (default 7)
//   BENCH_PORTS      site,api,emulator ports (default 3660,4660,9660)
// Builds what is stale and starts the site as `npm start` serves it, on its own ports.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright';
import {
  benchPortBases,
  benchSitePorts,
  buildIfStale,
  launchChromium,
  startBenchSite,
} from './bench-site';
import { readCommandLine } from '../command-line';

const RUNS = Number(process.env.NAVIGATION_RUNS || 7);
const PORTS = benchPortBases({ site: 3660, api: 4660, emulator: 9660 });
const SHELL_PORT = PORTS.site;
const ORIGIN = `http://localhost:${SHELL_PORT}`;
/** A mid-range phone on a 4G connection: CPU 4× slower, 150 ms round trips, 1.6 Mbit/s down. */
const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 94_000,
};
/** How long the pointer rests on the link before the click (a person moving to click). */
const HOVER_MS = 400;

const WAYS: Record<string, string> = {
  'from a page of islands (/store): a document, prerendered on hover': '/store',
  'from an application page (/signin): client-side navigation': '/signin',
};

interface Run {
  elapsed: number;
  prerendered: boolean;
}

async function once(browser: Browser, from: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await page.goto(`${ORIGIN}${from}`, { waitUntil: 'networkidle' });
  // An application page is live once hydrated; a page of islands at once.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
  await link.hover();
  await page.waitForTimeout(HOVER_MS);
  const started = Date.now();
  await link.click();
  await page.waitForURL(`${ORIGIN}/blog`);
  await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor({ timeout: 30_000 });
  await page.locator('main article').first().waitFor({ timeout: 30_000 });
  const elapsed = Date.now() - started;
  // A prerendered page was activated, not loaded: its navigation entry says when.
  const prerendered = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as
      (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
    return (entry?.activationStart ?? 0) > 0;
  });
  await context.close();
  return { elapsed, prerendered };
}

/** The middle value (the upper one of an even count). */
const median = (values: number[]): number | undefined =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:navigation (no arguments; settings in the environment)',
  });
  buildIfStale();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-navigation-'));
  const stack = startBenchSite({
    env: benchSitePorts(SHELL_PORT, PORTS.api, PORTS.emulator),
    runDir,
  });
  const browser = await launchChromium();
  try {
    await stack.ready;
    const loadBefore = os.loadavg();
    const results: Record<string, Run[]> = {};
    for (const from of Object.values(WAYS)) await once(browser, from); // warm caches
    for (let run = 0; run < RUNS; run += 1) {
      // Interleaved, so the machine's noise falls on both alike.
      for (const [way, from] of Object.entries(WAYS)) {
        (results[way] ??= []).push(await once(browser, from));
      }
    }
    console.log(
      `\nclick to the next page's content, CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.latency} ms RTT, ` +
        `${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s; median of ${RUNS} (${os.cpus().length} cores, ` +
        `load ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, ${new Date().toISOString()})`,
    );
    for (const [way, runs] of Object.entries(results)) {
      const times = runs.map((result) => result.elapsed);
      const prerendered = runs.filter((result) => result.prerendered).length;
      console.log(
        `  ${way}: ${median(times)} ms (runs: ${times.join(', ')}; prerendered ${prerendered} of ${runs.length})`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
