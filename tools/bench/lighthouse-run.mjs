// Lighthouse runs, as bench:lighthouse makes them (and bench:scale, on the blog at scale): its
// default mobile preset (simulated throttling, Moto G Power class CPU and slow 4G), each run in a
// fresh headless Chromium, and the median of each figure over several runs.
//   CHROME_PATH      Chromium to drive (default /usr/bin/chromium)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** @type {import('chrome-launcher').LaunchedChrome | null} */
let chrome = null;

/** Ends the Chromium of a run under way, if any (on an interruption). */
export async function killChrome() {
  await chrome?.kill();
}

/**
 * One Lighthouse run in a fresh browser profile: the cache and storage start empty. A run that
 * Lighthouse itself reports as failed (no score, e.g. NO_LCP on a busy machine) is run again.
 */
export async function runLighthouse(url, categories = CATEGORIES) {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = await runLighthouseOnce(url, categories);
    const failure =
      lhr.runtimeError?.code ??
      categories.find((category) => typeof lhr.categories[category]?.score !== 'number');
    if (!failure) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed 3 times on ${url}: ${failure}`);
    console.log(`[bench] ${url}: run failed (${failure}), running it again`);
  }
}

async function runLighthouseOnce(url, categories) {
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    handleSIGINT: false,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
    chrome = null;
  }
}

const audit = (lhr, id) => lhr.audits[id];

/** The audits of a category that cost points, worst first. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (item) =>
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
function savings(lhr) {
  return Object.values(lhr.audits)
    .filter((item) => item.details?.overallSavingsMs > 0 || item.details?.overallSavingsBytes > 0)
    .map((item) => ({
      id: item.id,
      savingsMs: Math.round(item.details.overallSavingsMs ?? 0),
      savingsBytes: Math.round(item.details.overallSavingsBytes ?? 0),
    }));
}

function lcpBreakdown(lhr) {
  const items = audit(lhr, 'largest-contentful-paint-element')?.details?.items ?? [];
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
function scriptRequests(lhr) {
  const items = audit(lhr, 'network-requests')?.details?.items ?? [];
  return items
    .filter(
      (item) =>
        /^https?:/.test(item.url) &&
        (item.resourceType === 'Script' || /(java|ecma)script/i.test(item.mimeType ?? '')),
    )
    .map((item) => ({ url: item.url, transferSize: Math.round(item.transferSize ?? 0) }));
}

export function summarise(lhr) {
  const resources = audit(lhr, 'resource-summary').details.items;
  const total = resources.find((item) => item.resourceType === 'total');
  const scripts = scriptRequests(lhr);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round(lhr.categories[category].score * 100)]),
  );
  return {
    score: scores.performance,
    fcpMs: Math.round(audit(lhr, 'first-contentful-paint').numericValue),
    lcpMs: Math.round(audit(lhr, 'largest-contentful-paint').numericValue),
    tbtMs: Math.round(audit(lhr, 'total-blocking-time').numericValue),
    cls: Number(audit(lhr, 'cumulative-layout-shift').numericValue.toFixed(3)),
    speedIndexMs: Math.round(audit(lhr, 'speed-index').numericValue),
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
    ),
    savings: savings(lhr),
    runWarnings: lhr.runWarnings,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
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
];

/** Each figure's own median, and the run with the median score for the diagnostics. */
export function medianOf(runs) {
  const figures = Object.fromEntries(
    MEDIAN_FIELDS.map((field) => [field, median(runs.map((run) => run[field]))]),
  );
  const byScore = [...runs].sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs);
  const {
    lcp,
    failing,
    savings: medianSavings,
    categories,
    scripts,
  } = byScore[Math.floor(runs.length / 2)];
  return { ...figures, categories, lcp, failing, savings: medianSavings, scripts };
}
