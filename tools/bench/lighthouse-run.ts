// Lighthouse runs, as bench:lighthouse makes them (and bench:scale, on the blog at scale): its
// default mobile preset (simulated throttling, Moto G Power class CPU and slow 4G), each run in a
// fresh headless Chromium, and the median of each figure over several runs.
//   CHROME_PATH      Chromium to drive (default /usr/bin/chromium)
import * as chromeLauncher from 'chrome-launcher';
import type { LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { CHROME_PATH, median } from './bench-site';
import { collectBlocking } from './lantern-blocking';
import type { BlockingTask } from './lantern-blocking';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

let chrome: LaunchedChrome | null = null;

/** Each run's tasks that blocked (./lantern-blocking.ts), by its result: summarise reads them. */
const blockingOfRun = new WeakMap<LighthouseResult, BlockingTask[]>();

/** Ends the Chromium of a run under way, if any (on an interruption). */
export function killChrome(): void {
  chrome?.kill();
}

export type ColorScheme = 'light' | 'dark';

export interface RunOptions {
  /** The system's scheme the page sees (prefers-color-scheme); Chromium's default is light. */
  colorScheme?: ColorScheme;
}

/** Chromium's own setting of the scheme pages see (its PreferredColorScheme: 0 dark, 1 light). */
const COLOR_SCHEME_FLAGS: Record<ColorScheme, string> = {
  dark: '--blink-settings=preferredColorScheme=0',
  light: '--blink-settings=preferredColorScheme=1',
};

/**
 * One Lighthouse run in a fresh browser profile: the cache and storage start empty. A run that
 * Lighthouse itself reports as failed (no score, e.g. NO_LCP on a busy machine) is run again.
 */
export async function runLighthouse(
  url: string,
  categories: readonly Category[] = CATEGORIES,
  { colorScheme }: RunOptions = {},
): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = await runLighthouseOnce(url, categories, colorScheme);
    const failure =
      lhr.runtimeError?.code ??
      categories.find((category) => typeof lhr.categories[category]?.score !== 'number');
    if (!failure) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed 3 times on ${url}: ${failure}`);
    console.log(`[bench] ${url}: run failed (${failure}), running it again`);
  }
}

async function runLighthouseOnce(
  url: string,
  categories: readonly Category[],
  colorScheme: ColorScheme | undefined,
): Promise<LighthouseResult> {
  const launched = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      ...(colorScheme ? [COLOR_SCHEME_FLAGS[colorScheme]] : []),
    ],
    handleSIGINT: false,
  });
  chrome = launched;
  try {
    const { result, blocking } = await collectBlocking(() =>
      lighthouse(url, {
        port: launched.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      }),
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    blockingOfRun.set(result.lhr, blocking);
    return result.lhr;
  } finally {
    launched.kill();
    chrome = null;
  }
}

/*
 * Lighthouse types an audit's details as a union of every kind of detail, and a table's items as
 * records of any displayable value. These are the fields this file reads of the audits it reads
 * (their details as Lighthouse 12 writes them); each accessor below narrows to them.
 */

/** A row of the network-requests audit's table. */
interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
}

/** A row of the mainthread-work-breakdown audit's table: a kind of work and its time. */
interface MainThreadItem {
  group: string;
  duration: number;
}

/** A row of the long-tasks audit's table (times as simulated on the preset's slower CPU). */
interface LongTaskItem {
  url: string;
  duration: number;
  startTime: number;
}

/** A row of the resource-summary audit's table. */
interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

/** The largest-contentful-paint-element audit's list: the element's table, then the phases'. */
interface LcpElementDetails {
  items?: [
    { items?: { node?: { selector: string; snippet: string } }[] }?,
    { items?: { phase: string; timing: number }[] }?,
  ];
}

type Audit = LighthouseResult['audits'][string];

const audit = (lhr: LighthouseResult, id: string): Audit | undefined => lhr.audits[id];

/** An audit's numeric value (a metric's, in ms or unitless); 0 when the audit has none. */
const numeric = (lhr: LighthouseResult, id: string): number => audit(lhr, id)?.numericValue ?? 0;

/** The rows of an audit's table, as that audit writes them. */
function tableItems<Item>(lhr: LighthouseResult, id: string): Item[] {
  const details = audit(lhr, id)?.details;
  // The rows' shape is the audit's own (see the interfaces above), not Lighthouse's generic one.
  return details && 'items' in details && Array.isArray(details.items)
    ? (details.items as unknown as Item[])
    : [];
}

/** A category's score (0 to 1); 0 when the run has none (runLighthouse retries those). */
const scoreOf = (lhr: LighthouseResult, category: Category): number =>
  lhr.categories[category]?.score ?? 0;

export interface AuditCost {
  id: string;
  score: number;
  displayValue?: string;
}

/** The audits of a category that cost points, worst first. */
function failingAudits(lhr: LighthouseResult, category: Category): AuditCost[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (item): item is Audit & { score: number } =>
        item !== undefined &&
        item.score !== null &&
        item.score < 1 &&
        !['notApplicable', 'manual', 'informative'].includes(item.scoreDisplayMode),
    )
    .sort((a, b) => a.score - b.score)
    .map((item) => ({
      id: item.id,
      score: item.score,
      ...(item.displayValue ? { displayValue: item.displayValue } : {}),
    }));
}

/** Opportunities and diagnostics with a saving or a value, even when they pass. */
function savings(lhr: LighthouseResult): { id: string; savingsMs: number; savingsBytes: number }[] {
  return Object.values(lhr.audits).flatMap((item) => {
    // Read off any kind of details, as Lighthouse types them only on opportunities.
    const details = item.details as
      { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const ms = details?.overallSavingsMs ?? 0;
    const bytes = details?.overallSavingsBytes ?? 0;
    return ms > 0 || bytes > 0
      ? [{ id: item.id, savingsMs: Math.round(ms), savingsBytes: Math.round(bytes) }]
      : [];
  });
}

function lcpBreakdown(lhr: LighthouseResult): {
  element: string | null;
  phases: Record<string, number>;
} {
  const details = audit(lhr, 'largest-contentful-paint-element')?.details as
    LcpElementDetails | undefined;
  const items = details?.items ?? [];
  const node = items[0]?.items?.[0]?.node;
  const phases = Object.fromEntries(
    (items[1]?.items ?? []).map((phase) => [phase.phase, Math.round(phase.timing)]),
  );
  return { element: node ? `${node.selector} ${node.snippet}` : null, phases };
}

/**
 * Every request for JavaScript during the load (Lighthouse gives no input: all of it comes before
 * any), with its transfer size (headers and the compressed body): script elements, module and
 * federation chunks, preloads, and JavaScript fetched another way (a worker's script) by its MIME
 * type. data: and blob: URLs transfer nothing and are left out, as resource-summary leaves them.
 */
function scriptRequests(lhr: LighthouseResult): { url: string; transferSize: number }[] {
  return tableItems<NetworkRequestItem>(lhr, 'network-requests')
    .filter(
      (item) =>
        /^https?:/.test(item.url) &&
        (item.resourceType === 'Script' || /(java|ecma)script/i.test(item.mimeType ?? '')),
    )
    .map((item) => ({ url: item.url, transferSize: Math.round(item.transferSize ?? 0) }));
}

export type RunSummary = ReturnType<typeof summarise>;

export function summarise(lhr: LighthouseResult) {
  const resources = tableItems<ResourceSummaryItem>(lhr, 'resource-summary');
  const total = resources.find((item) => item.resourceType === 'total');
  const scripts = scriptRequests(lhr);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round(scoreOf(lhr, category) * 100)]),
  ) as Record<Category, number>;
  return {
    score: scores.performance,
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
    // JavaScript transferred before any input: the transfer size of every script request.
    jsBytes: scripts.reduce((sum, item) => sum + item.transferSize, 0),
    jsRequests: scripts.length,
    // Lighthouse's own count (resource-summary: requests whose type is Script), to compare.
    jsBytesResourceSummary:
      resources.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    scripts: scripts.map(({ url, transferSize }) => ({
      path: url.replace(/^https?:\/\/[^/]+/, ''),
      transferSize,
    })),
    totalBytes: total?.transferSize ?? 0,
    categories: scores,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcp: lcpBreakdown(lhr),
    failing: Object.fromEntries(
      CATEGORIES.map((category) => [category, failingAudits(lhr, category)]),
    ) as Record<Category, AuditCost[]>,
    savings: savings(lhr),
    // Where the main thread's time went (ms, on the preset's slower CPU), and its long tasks:
    // what Total Blocking Time is made of.
    mainThreadMs: Object.fromEntries(
      tableItems<MainThreadItem>(lhr, 'mainthread-work-breakdown').map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    // Total Blocking Time task by task: each task's share, and what it did.
    blocking: blockingOfRun.get(lhr) ?? [],
    longTasks: tableItems<LongTaskItem>(lhr, 'long-tasks').map((task) => ({
      url: task.url.replace(/^https?:\/\/[^/]+/, ''),
      startMs: Math.round(task.startTime),
      durationMs: Math.round(task.duration),
    })),
    runWarnings: lhr.runWarnings,
  };
}

const MEDIAN_FIELDS = [
  'score',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'speedIndexMs',
  'jsBytes',
  'jsRequests',
  'totalBytes',
] as const;

type MedianField = (typeof MEDIAN_FIELDS)[number];

export type MedianSummary = Record<MedianField, number> &
  Pick<RunSummary, 'categories' | 'lcp' | 'failing' | 'savings' | 'scripts'>;

/** Each figure's own median, and the run with the median score for the diagnostics. */
export function medianOf(runs: RunSummary[]): MedianSummary {
  const figures = Object.fromEntries(
    MEDIAN_FIELDS.map((field) => [field, median(runs.map((run) => run[field]))]),
  ) as Record<MedianField, number>;
  const byScore = [...runs].sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs);
  const middle = byScore[Math.floor(runs.length / 2)];
  if (!middle) throw new Error('no Lighthouse runs to take the median of');
  const { lcp, failing, savings: medianSavings, categories, scripts } = middle;
  return { ...figures, categories, lcp, failing, savings: medianSavings, scripts };
}
