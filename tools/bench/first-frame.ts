// npm run bench:first-frame — what each public page does on the main thread before it is idle
// (issue 48): the site as `npm start` serves it (bench-site.ts), each page loaded in a fresh
// headless Chromium with its CPU slowed 4× (Lighthouse's mobile preset: here the CPU is really
// slowed, where Lighthouse simulates it) and traced. Prints, per page, the main thread's time by
// kind of work and each task over 10 ms (as slowed) with what it was made of, and the blocking
// Total Blocking Time would count: each task's part over 50 ms after the first contentful paint.
// With FIRST_FRAME_RUNS above 1, each page is loaded that many times (the pages in turn, round by
// round) and a table gives the median of the four tasks before the first paint: Chromium's commit
// of the navigation, the parse, the end of the parse (DOMContentLoaded, and the layout it brings
// when the page has a form field) and the first paint (docs/performance.md, "Reading page").
//   FIRST_FRAME_PAGES   paths to trace, comma-separated (default the issue's pages)
//   FIRST_FRAME_RUNS    loads per page (default 1)
//   FIRST_FRAME_SCHEME  light or dark (default light)
//   BENCH_PORTS         site,api,emulator ports (default 3650,4650,9650)
//   FIRST_FRAME_TRACES  1: also write each page's whole trace beside the results
//   BENCH_RESULTS_DIR   where first-frame.json goes (default bench-results/)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchPortBases,
  benchSitePorts,
  buildIfStale,
  launchChromium,
  listedArticles,
  machineAtStart,
  median,
  readingPages,
  startBenchSite,
  writeResults,
} from './bench-site';
import type { BenchSite } from './bench-site';
import { readCommandLine } from '../command-line';

const PORTS = benchPortBases({ site: 3650, api: 4650, emulator: 9650 });
const SCHEME = process.env.FIRST_FRAME_SCHEME === 'dark' ? 'dark' : 'light';
const CPU_SLOWDOWN = 4;
/** Tasks shorter than this (as slowed) are summed, not listed. */
const LISTED_TASK_MS = 10;
const RUNS = Math.max(1, Number(process.env.FIRST_FRAME_RUNS || 1));

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

interface Task {
  startMs: number;
  durationMs: number;
  /** The task's work by kind, each kind's time inclusive of what it called. */
  parts: Record<string, number>;
}

/** The renderer's main thread (CrRendererMain) of the page's process: its top-level tasks. */
function mainThreadTasks(events: TraceEvent[]): {
  tasks: Task[];
  byKind: Record<string, number>;
  fcpMs: number | null;
} {
  // The renderer that parsed the page (the blank page before it had one of its own).
  const parsed = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'ParseHTML' || event.ph !== 'X') continue;
    const key = `${event.pid}:${event.tid}`;
    parsed.set(key, (parsed.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [busiest] = [...parsed].sort((a, b) => b[1] - a[1])[0] ?? [];
  const main = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      `${event.pid}:${event.tid}` === busiest,
  );
  if (!main) throw new Error('the trace has no renderer main thread that parsed a page');
  const onMain = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const navigation =
    events.find((event) => event.name === 'navigationStart')?.ts ?? onMain[0]?.ts ?? 0;
  const isTask = (event: TraceEvent) =>
    event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
  const tasks: Task[] = [];
  const byKind: Record<string, number> = {};
  let current: { event: TraceEvent; task: Task } | undefined;
  for (const event of onMain) {
    const end = event.ts + (event.dur ?? 0);
    if (isTask(event)) {
      if (current && event.ts < current.event.ts + (current.event.dur ?? 0)) continue;
      const task = {
        startMs: Math.round((event.ts - navigation) / 1000),
        durationMs: Math.round((event.dur ?? 0) / 1000),
        parts: {},
      };
      current = { event, task };
      tasks.push(task);
      continue;
    }
    if (!current || end > current.event.ts + (current.event.dur ?? 0)) continue;
    // Every event within the task, by name (nested ones count within their parent's too).
    const ms = (event.dur ?? 0) / 1000;
    current.task.parts[event.name] = (current.task.parts[event.name] ?? 0) + ms;
    byKind[event.name] = (byKind[event.name] ?? 0) + ms;
  }
  // The page's first contentful paint, on its own renderer: Total Blocking Time counts from it.
  const fcp = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === main.pid,
  );
  return { tasks, byKind, fcpMs: fcp ? Math.round((fcp.ts - navigation) / 1000) : null };
}

/** The four tasks before a page's first paint, by what they did (0 when a load had none). */
interface FirstFrameTasks {
  commitMs: number;
  parseMs: number;
  endOfParseMs: number;
  /** Whether the end of the parse laid the page out (a form field makes the browser do it). */
  endOfParseLaidOut: boolean;
  firstPaintMs: number;
}

function firstFrameTasks(tasks: Task[]): FirstFrameTasks {
  const did = (task: Task, kind: string) => (task.parts[kind] ?? 0) > 0;
  const commits = tasks.filter((task) => did(task, 'DocumentLoader::CommitNavigation'));
  const lastCommit = commits.at(-1);
  const afterCommit = lastCommit ? tasks.slice(tasks.indexOf(lastCommit) + 1) : tasks;
  const endOfParse = afterCommit.find((task) => did(task, 'Document::FinishedParsing'));
  const parse = afterCommit.find((task) => did(task, 'ParseHTML') && task !== endOfParse);
  const firstPaint = afterCommit.find(
    (task) => did(task, 'Paint') && (!endOfParse || task.startMs > endOfParse.startMs),
  );
  return {
    commitMs: commits.reduce((sum, task) => sum + task.durationMs, 0),
    parseMs: parse?.durationMs ?? 0,
    endOfParseMs: endOfParse?.durationMs ?? 0,
    endOfParseLaidOut: (endOfParse?.parts.Layout ?? 0) >= 1,
    firstPaintMs: firstPaint?.durationMs ?? 0,
  };
}

/** What one load of a page did, as the results keep it. */
interface PageLoad {
  page: string;
  round: number;
  fcpMs: number | null;
  blockingMs: number;
  firstFrame: FirstFrameTasks;
  tasks: Task[];
  byKind: Record<string, number>;
}

/** One traced load of `page` in a fresh browser, printed and returned. */
async function traceLoad(page: string, round: number): Promise<PageLoad> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      colorScheme: SCHEME,
      viewport: { width: 412, height: 823 },
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // A load to warm the server's caches, then the traced one in the same (cold) browser.
    await fetch(`http://127.0.0.1:${PORTS.site}${page}`);
    await browser.startTracing(tab, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8',
        'blink',
        'loading',
      ],
    });
    await tab.goto(`http://localhost:${PORTS.site}${page}`, { waitUntil: 'load' });
    await tab.waitForTimeout(3000);
    const traceText = (await browser.stopTracing()).toString('utf8');
    const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
    // The whole trace, for Chromium's Performance panel (chrome://tracing, or DevTools' load).
    if (process.env.FIRST_FRAME_TRACES === '1') {
      writeResults(`first-frame-trace${page.replace(/[^a-z0-9]+/gi, '-')}.json`, trace);
    }
    const { tasks, byKind, fcpMs } = mainThreadTasks(trace.traceEvents);
    const listed = tasks.filter((task) => task.durationMs >= LISTED_TASK_MS);
    // As Total Blocking Time counts: each task's time over 50 ms, from the first contentful
    // paint on (here until 3 s after the load, not Lighthouse's time to interactive).
    const blocking = tasks
      .filter((task) => fcpMs !== null && task.startMs >= fcpMs)
      .reduce((sum, task) => sum + Math.max(0, task.durationMs - 50), 0);
    const firstFrame = firstFrameTasks(tasks);
    console.log(
      `\n${page} (${SCHEME}, CPU ${CPU_SLOWDOWN}× slower${RUNS > 1 ? `, run ${round} of ${RUNS}` : ''}): ${tasks.length} tasks, first contentful paint at ${fcpMs ?? '?'} ms, ${blocking} ms of blocking after it`,
    );
    for (const [kind, ms] of Object.entries(byKind)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)) {
      console.log(`  ${kind.padEnd(28)} ${ms.toFixed(1).padStart(7)} ms`);
    }
    for (const task of listed) {
      const parts = Object.entries(task.parts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
        .join(', ');
      console.log(`  task at ${task.startMs} ms: ${task.durationMs} ms (${parts})`);
    }
    return { page, round, fcpMs, blockingMs: blocking, firstFrame, tasks: listed, byKind };
  } finally {
    await browser.close();
  }
}

let stack: BenchSite | null = null;

async function main(): Promise<void> {
  readCommandLine({ usage: 'Usage: npm run bench:first-frame (settings in the environment)' });
  buildIfStale();
  const machine = machineAtStart();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-first-frame-'));
  try {
    stack = startBenchSite({ env: benchSitePorts(PORTS.site, PORTS.api, PORTS.emulator), runDir });
    await stack.ready;
    const pages =
      process.env.FIRST_FRAME_PAGES?.split(',').filter(Boolean) ??
      readingPages(await listedArticles(PORTS.api)).issue.map(([, page]) => page);
    const results: PageLoad[] = [];
    for (let round = 1; round <= RUNS; round += 1) {
      for (const page of pages) results.push(await traceLoad(page, round));
    }
    const summary = pages.map((page) => {
      const runs = results.filter((result) => result.page === page);
      const of = (pick: (tasks: FirstFrameTasks) => number) =>
        median(runs.map((run) => pick(run.firstFrame)));
      return {
        page,
        runs: runs.length,
        commitMs: of((tasks) => tasks.commitMs),
        parseMs: of((tasks) => tasks.parseMs),
        endOfParseMs: of((tasks) => tasks.endOfParseMs),
        endOfParseLaidOut: runs.filter((run) => run.firstFrame.endOfParseLaidOut).length,
        firstPaintMs: of((tasks) => tasks.firstPaintMs),
        blockingMs: median(runs.map((run) => run.blockingMs)),
      };
    });
    if (RUNS > 1) {
      console.log(
        `\nMedians of ${RUNS} loads per page (${SCHEME}, CPU ${CPU_SLOWDOWN}× slower, ms):\n`,
      );
      console.log(
        '| page | commit | parse | end of the parse | laid out there | first paint | blocking |',
      );
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const row of summary) {
        console.log(
          `| \`${row.page}\` | ${row.commitMs} | ${row.parseMs} | ${row.endOfParseMs} | ${row.endOfParseLaidOut} of ${row.runs} | ${row.firstPaintMs} | ${row.blockingMs} |`,
        );
      }
    }
    const file = writeResults('first-frame.json', {
      date: new Date().toISOString(),
      machine,
      scheme: SCHEME,
      cpuSlowdown: CPU_SLOWDOWN,
      runsPerPage: RUNS,
      summary,
      results,
    });
    console.log(`\nresults: ${file}`);
  } finally {
    await stack?.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stack?.stop();
  process.exit(1);
});
