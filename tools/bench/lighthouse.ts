// npm run bench:lighthouse — what a phone visitor gets, page by page (issue 7), beside a static
// anchor: the Astro blog starter built with `astro build` and served by nginx
// (tools/bench/astro-anchor.ts), measured in the same run.
// Builds what is stale, starts the site exactly as `npm start` serves it (tools/start.ts
// --no-build: the five production builds, the content API, the Auth emulator) on its own ports
// with a throwaway database, so it can run beside a live `npm start`. Then runs Lighthouse with
// its default mobile preset (simulated throttling, Moto G Power class CPU and slow 4G) RUNS times
// per page, each in a fresh headless Chromium, and reports the median of each figure. The runs
// are interleaved: round 1 measures each page of the site then each page of the anchor, then
// round 2, …, so the machine's noise (others' jobs on a shared machine) falls on both alike.
// Each run's Total Blocking Time is also given task by task (./lantern-blocking.ts): which of the
// page's main-thread tasks blocked, and how much.
//   CHROME_PATH         Chromium to drive (default /usr/bin/chromium)
//   LIGHTHOUSE_RUNS     runs per page (default 3)
//   LIGHTHOUSE_ANCHOR   0: the site's pages only, no anchor
//   LIGHTHOUSE_PAGES    the site's pages with these labels, comma-separated (e.g. /about): a
//                       quick check of the bench; `all` adds /contact, /articles/{id}, a search
//                       and /ebook to the issue's seven (/, /blog, an article, /portfolio,
//                       /about, /store, a tag's page)
//   LIGHTHOUSE_THEMES   the schemes each page of the site is measured in (default light,dark:
//                       Chromium's prefers-color-scheme; the anchor has one theme, measured once)
//   BENCH_RESULTS_DIR   where lighthouse.json goes (default bench-results/)
//   BENCH_PORTS         site,api,emulator ports (default 3600,4600,9600)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../root';
import type { AnchorServer } from './astro-anchor';
import {
  ANCHOR_PAGES,
  ANCHOR_PORT,
  describeAnchor,
  prepareAstroAnchor,
  serveAstroAnchor,
} from './astro-anchor';
import {
  benchPortBases,
  benchSitePorts,
  buildIfStale,
  listedArticles,
  readingPages,
  startBenchSite,
  writeResults,
} from './bench-site';
import type { BenchSite } from './bench-site';
import { blockingByKind } from './lantern-blocking';
import { killChrome, medianOf, runLighthouse, summarise } from './lighthouse-run';
import type { ColorScheme, MedianSummary, RunSummary } from './lighthouse-run';
import { readCommandLine } from '../command-line';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const WITH_ANCHOR = process.env.LIGHTHOUSE_ANCHOR !== '0';
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const ALL_PAGES = ONLY_PAGES?.includes('all') ?? false;
const THEMES = (process.env.LIGHTHOUSE_THEMES ?? 'light,dark')
  .split(',')
  .filter((theme): theme is ColorScheme => theme === 'light' || theme === 'dark');
// Off the ports of `npm start` (3000-3004, 4000, 9099) and of the other benches and test runs.
const PORTS = benchPortBases({ site: 3600, api: 4600, emulator: 9600 });
const SHELL_PORT = PORTS.site;
const API_PORT = PORTS.api;
const STACK_ENV = benchSitePorts(SHELL_PORT, API_PORT, PORTS.emulator);

/**
 * The goals on each of the site's pages (issue 48), in each theme: performance score 100,
 * FCP ≤ 0.75 s, LCP ≤ 1.0 s, TBT ≤ 30 ms and no single run over 60 ms, CLS 0, and JavaScript
 * transferred before any input (every script request of the load, transfer size; KB = 1,024
 * bytes) ≤ 90 KB on the home page, ≤ 35 KB on /portfolio and ≤ 25 KB on every other page.
 */
const GOALS = {
  score: 100,
  fcpMs: 750,
  lcpMs: 1000,
  tbtMs: 30,
  tbtEveryRunMs: 60,
  cls: 0,
  jsKb: { '/': 90, '/portfolio': 35, otherPages: 25 },
};

/** The JavaScript budget of a page of the site, by its label. */
const jsBudgetKb = (label: string): number =>
  (GOALS.jsKb as Record<string, number | undefined>)[label] ?? GOALS.jsKb.otherPages;

/** The five front-end builds the stack serves (tools/build.ts leaves a stamp in each dist/). */
const APPS = ['shell', 'remote-portfolio', 'remote-blog', 'remote-auth', 'remote-shop'];

/** Each build's stamp (when, and which kind of build), to tell whether one changed under a run. */
function buildStamps(): Record<string, string | null> {
  return Object.fromEntries(
    APPS.map((app) => {
      const file = path.join(ROOT, app, 'dist', '.build-stamp');
      return [app, existsSync(file) ? readFileSync(file, 'utf8') : null];
    }),
  );
}

/**
 * The builds that changed since `before`: the working tree is shared, and another build (a test
 * build, say) replaces the files the stack serves; figures measured across it mix two builds.
 */
function changedBuilds(before: Record<string, string | null>): string[] {
  const now = buildStamps();
  return APPS.filter((app) => now[app] !== before[app]).map((app) => `${app} (${now[app]})`);
}

/** The stack, started by this script (bench-site.ts): stopped by its process only. */
let stack: BenchSite | null = null;
/** The anchor's nginx, started by this script (astro-anchor.ts): stopped by its PID only. */
let anchor: AnchorServer | null = null;

function startStack(runDir: string): Promise<void> {
  stack = startBenchSite({ env: STACK_ENV, runDir });
  return stack.ready;
}

async function stopAll(): Promise<void> {
  const [startedStack, startedAnchor] = [stack, anchor];
  stack = null;
  anchor = null;
  await Promise.all([startedStack?.stop(), startedAnchor?.stop()]);
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const loads = (values: number[]): string => values.map((value) => value.toFixed(2)).join(' ');

/** A page measured: which site, its label and name in the tables, its path and its URL. */
interface Target {
  site: 'ours' | 'anchor';
  label: string;
  name: string;
  page: string;
  url: string;
  /** The scheme the browser asks for; none: Chromium's default (light). */
  theme?: ColorScheme;
  runs: RunSummary[];
  /** The machine's load average (1 minute) at the start of each run. */
  loads: number[];
}

/** A page's result: the median of its runs (and, for the site's pages, its goals). */
interface Row extends Omit<Target, 'url'> {
  median: MedianSummary;
}

interface GoalResult {
  goal: string;
  value: string;
  met: boolean;
}

/** Each goal of a page of the site: what it asks, the median measured, and whether it is met. */
function goalsOf(row: Row): GoalResult[] {
  const m = row.median;
  const budget = jsBudgetKb(row.label);
  const worstTbt = Math.max(...row.runs.map((run) => run.tbtMs));
  return [
    { goal: `JS ≤ ${budget} KB`, value: kb(m.jsBytes), met: m.jsBytes <= budget * 1024 },
    { goal: `TBT ≤ ${GOALS.tbtMs} ms`, value: `${m.tbtMs} ms`, met: m.tbtMs <= GOALS.tbtMs },
    {
      goal: `every run's TBT ≤ ${GOALS.tbtEveryRunMs} ms`,
      value: `${worstTbt} ms`,
      met: worstTbt <= GOALS.tbtEveryRunMs,
    },
    { goal: `score ${GOALS.score}`, value: String(m.score), met: m.score >= GOALS.score },
    { goal: `FCP ≤ ${seconds(GOALS.fcpMs)}`, value: seconds(m.fcpMs), met: m.fcpMs <= GOALS.fcpMs },
    { goal: `LCP ≤ ${seconds(GOALS.lcpMs)}`, value: seconds(m.lcpMs), met: m.lcpMs <= GOALS.lcpMs },
    { goal: `CLS ${GOALS.cls}`, value: m.cls.toFixed(3), met: m.cls <= GOALS.cls },
  ];
}

function printTable(rows: Row[]): void {
  const header = [
    'page',
    'score',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
    'JS (transfer)',
    'a11y/BP/SEO',
  ];
  const lines = rows.map(({ name, median: m }) => [
    name,
    String(m.score),
    seconds(m.fcpMs),
    seconds(m.lcpMs),
    `${Math.round(m.tbtMs)} ms`,
    m.cls.toFixed(3),
    seconds(m.speedIndexMs),
    `${kb(m.jsBytes)} (${m.jsRequests})`,
    `${m.categories.accessibility}/${m.categories['best-practices']}/${m.categories.seo}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: string[]): string =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile preset, median of ${RUNS} interleaved runs`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** The table for docs/performance.md: the site's pages with their goals, then the anchor's. */
function printMarkdown(rows: (Row & { goals: GoalResult[] })[], anchorRows: Row[]): void {
  const cells = ({ site, name, median: m, runs, loads: runLoads }: Row): string[] => [
    site === 'anchor' ? `Astro starter \`${name.replace(/^astro /, '')}\`` : `\`${name}\``,
    String(m.score),
    seconds(m.fcpMs),
    seconds(m.lcpMs),
    `${Math.round(m.tbtMs)} ms`,
    runs.map((run) => run.tbtMs).join(', '),
    m.cls.toFixed(3),
    `${kb(m.jsBytes)} (${m.jsRequests})`,
    loads(runLoads),
  ];
  const lines = [
    "| page | score | FCP | LCP | TBT | TBT of each run (ms) | CLS | JS before input (requests) | load at each run's start | goals not met |",
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |',
    ...rows.map((row) => {
      const missed = row.goals.filter((goal) => !goal.met).map((goal) => goal.goal);
      return `| ${[...cells(row), missed.length ? missed.join(', ') : 'none'].join(' | ')} |`;
    }),
    ...anchorRows.map((row) => `| ${[...cells(row), '(the anchor)'].join(' | ')} |`),
  ];
  console.log(
    `\nmarkdown (Lighthouse ${lighthouseVersion}, mobile preset, median of ${RUNS} interleaved runs):\n`,
  );
  console.log(lines.join('\n'));
  // What the blocking was, by the kind of task (tools/bench/lantern-blocking.ts).
  const blockingLines = [
    `| page | Total Blocking Time of the ${RUNS} runs by task (ms) |`,
    '| --- | --- |',
    ...[...rows, ...anchorRows].map((row) => `| ${cells(row)[0]} | ${blockingByKind(row.runs)} |`),
  ];
  console.log(`\n${blockingLines.join('\n')}`);
}

let lighthouseVersion = '';

/** The API's article list, with the stack's output if it never came. */
async function firstArticles() {
  try {
    return await listedArticles(API_PORT);
  } catch (error) {
    console.error(`[bench] the stack's output:\n${stack?.output.join('').slice(-4000)}`);
    throw error;
  }
}

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:lighthouse (no arguments; settings in the environment)',
  });
  buildIfStale();
  const stamps = buildStamps();
  const notProduction = APPS.filter((app) => !/"kind":"production"/.test(stamps[app] ?? ''));
  if (notProduction.length > 0) {
    throw new Error(`not production builds after tools/build.ts: ${notProduction.join(', ')}`);
  }
  /** Builds replaced while the site was measured: [{ before: 'round 2', builds: [...] }]. */
  const buildChanges: { before: string; builds: string[] }[] = [];
  const checkBuilds = (when: string): void => {
    const changed = changedBuilds(stamps);
    if (
      changed.length === 0 ||
      buildChanges.some((change) => change.builds.join() === changed.join())
    ) {
      return;
    }
    buildChanges.push({ before: when, builds: changed });
    console.log(
      `[bench] WARNING: rebuilt by someone else before ${when}: ${changed.join(', ')}; ` +
        'the figures from then on are of another build',
    );
  };
  // Built (or taken from its cache) before anything is measured: the build takes the CPU.
  const anchorBuild = WITH_ANCHOR ? prepareAstroAnchor() : null;
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  try {
    console.log(`[bench] starting the site on port ${SHELL_PORT} (API ${API_PORT})`);
    await startStack(runDir);
    if (anchorBuild) {
      anchor = await serveAstroAnchor({ dist: anchorBuild.dist, port: ANCHOR_PORT });
      console.log(`[bench] the anchor (nginx ${anchor.pid}) on port ${ANCHOR_PORT}`);
    }
    const { issue: issuePages, others: otherPages } = readingPages(await firstArticles());
    const origin = `http://localhost:${SHELL_PORT}`;
    // The issue's seven pages, then the others of the site's public pages (LIGHTHOUSE_PAGES=all).
    const ours = [...issuePages, ...otherPages]
      .filter(([label]) =>
        ALL_PAGES
          ? true
          : ONLY_PAGES
            ? ONLY_PAGES.includes(label)
            : issuePages.some(([issue]) => issue === label),
      )
      .flatMap(([label, page]) =>
        THEMES.map((theme) => ({
          site: 'ours' as const,
          label,
          name: `${label} (${theme})`,
          page,
          url: `${origin}${page}`,
          theme,
        })),
      );
    const anchorOrigin = `http://localhost:${ANCHOR_PORT}`;
    const theirs = anchorBuild
      ? ANCHOR_PAGES.map((page) => ({
          site: 'anchor' as const,
          label: page,
          name: `astro ${page}`,
          page,
          url: `${anchorOrigin}${page}`,
        }))
      : [];
    const targets: Target[] = [...ours, ...theirs].map((target) => ({
      ...target,
      runs: [],
      loads: [],
    }));

    // One unmeasured load per page: the static server compresses each file on its first request
    // and the API fills its response cache; a deployed site serves both warm. The anchor's nginx
    // compresses on every request and has no cache to fill; it gets the same load all the same.
    for (const target of targets) {
      await runLighthouse(target.url, ['performance'], { colorScheme: target.theme });
    }

    const loadBefore = os.loadavg();
    const loadByRound: number[][] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      checkBuilds(`round ${run}`);
      loadByRound.push(os.loadavg());
      console.log(`[bench] round ${run} of ${RUNS}, load average ${loads(os.loadavg())}`);
      for (const target of targets) {
        target.loads.push(os.loadavg()[0] ?? 0);
        const lhr = await runLighthouse(target.url, undefined, { colorScheme: target.theme });
        lighthouseVersion = lhr.lighthouseVersion;
        const summary = summarise(lhr);
        target.runs.push(summary);
        console.log(
          `[bench] ${target.name} run ${run}: score ${summary.score}, FCP ${seconds(summary.fcpMs)}, ` +
            `LCP ${seconds(summary.lcpMs)}, TBT ${summary.tbtMs} ms, CLS ${summary.cls}, ` +
            `JS ${kb(summary.jsBytes)}, benchmarkIndex ${summary.benchmarkIndex}, ` +
            `blocking ${summary.blocking.map((task) => `${task.kind} ${task.blockingMs} ms (${task.recordedMs} ms recorded)`).join(', ') || 'none'}`,
        );
      }
    }
    const loadAfter = os.loadavg();
    checkBuilds('the end of the run');

    const rowOf = ({ site, label, name, page, theme, runs, loads: runLoads }: Target): Row => ({
      site,
      label,
      name,
      page,
      ...(theme && { theme }),
      median: medianOf(runs),
      runs,
      loads: runLoads,
    });
    const rows = targets
      .filter((target) => target.site === 'ours')
      .map(rowOf)
      .map((row) => ({ ...row, goals: goalsOf(row) }));
    const anchorRows = targets.filter((target) => target.site === 'anchor').map(rowOf);

    printTable([...rows, ...anchorRows]);
    for (const { name, median: m } of [...rows, ...anchorRows]) {
      const lcp = m.lcp.element ? `LCP element ${m.lcp.element.slice(0, 90)}` : '';
      const failing = m.failing.performance.map((item) => item.id).join(', ');
      console.log(`  ${name}: ${lcp}${failing ? `\n    costs points: ${failing}` : ''}`);
    }
    console.log(
      "\ngoals (the site's pages; JS: transfer size of every script request, KB = 1,024 bytes):",
    );
    for (const row of rows) {
      const parts = row.goals.map(
        (goal) => `${goal.goal} ${goal.met ? 'met' : 'NOT met'} (${goal.value})`,
      );
      console.log(`  ${row.name}: ${parts.join('; ')}`);
    }
    // By the row's name (its page and theme): by the page alone, a page's second theme would
    // overwrite its first's verdict.
    const goalsMet = Object.fromEntries(
      rows.map((row) => [row.name, row.goals.every((goal) => goal.met)]),
    );
    const allMet = Object.values(goalsMet).every(Boolean);
    console.log(`every goal on every page: ${allMet ? 'met' : 'NOT met'}`);
    console.log(
      `load average before/after: ${loads(loadBefore)} / ${loads(loadAfter)} ` +
        `(${os.cpus().length} cores); at each round's start: ${loadByRound.map(loads).join(' | ')}`,
    );
    console.log(
      buildChanges.length === 0
        ? 'the builds measured: the same five production builds throughout'
        : `NOT one build throughout: ${buildChanges.map((change) => `before ${change.before}: ${change.builds.join(', ')}`).join('; ')}`,
    );
    printMarkdown(rows, anchorRows);

    const file = writeResults('lighthouse.json', {
      date: new Date().toISOString(),
      lighthouseVersion,
      preset: 'mobile (default config, simulated throttling)',
      runsPerPage: RUNS,
      interleaved: true,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        node: process.version,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
        loadAverageByRound: loadByRound,
      },
      builds: stamps,
      buildChanges,
      goals: GOALS,
      goalsMet,
      allGoalsMet: allMet,
      rows,
      anchor: anchorBuild
        ? { ...describeAnchor(anchorBuild.dist), origin: anchorOrigin, rows: anchorRows }
        : null,
    });
    console.log(`\nresults: ${file}`);
  } finally {
    await stopAll();
    rmSync(runDir, { recursive: true, force: true });
  }
}

async function interrupted(): Promise<void> {
  killChrome();
  await stopAll();
  process.exit(130);
}
process.on('SIGINT', () => void interrupted());
process.on('SIGTERM', () => void interrupted());

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
