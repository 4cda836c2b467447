// npm run bench:lighthouse — what a phone visitor gets, page by page (issue 7).
// Builds what is stale, starts the site exactly as `npm start` serves it (tools/start.mjs
// --no-build: the five production builds, the content API, the Auth emulator) on its own ports
// with a throwaway database, so it can run beside a live `npm start`. Then runs Lighthouse with
// its default mobile preset (simulated throttling, Moto G Power class CPU and slow 4G) RUNS times
// per page, each in a fresh headless Chromium, and reports the median of each figure.
//   CHROME_PATH      Chromium to drive (default /usr/bin/chromium)
//   LIGHTHOUSE_RUNS  runs per page (default 3)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../root.mjs';
import { benchSitePorts, startBenchSite } from './bench-site.mjs';
import { killChrome, medianOf, runLighthouse, summarise } from './lighthouse-run.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const SHELL_PORT = 3600;
const API_PORT = 4600;
// Off the ports of `npm start` (3000-3004, 4000, 9099) and of the other benches and test runs.
const STACK_ENV = benchSitePorts(SHELL_PORT, API_PORT, 9600);
// Issue 12's goals on each page: score at least 98, LCP at most 1.5 s, TBT at most 150 ms, CLS 0.
const GOALS = { score: 98, lcpMs: 1500, tbtMs: 150, cls: 0 };

/** The stack, started by this script (bench-site.mjs): stopped by its process only. */
let stack = null;

function startStack(runDir) {
  stack = startBenchSite({ env: STACK_ENV, runDir });
  return stack.ready;
}

function stopStack() {
  const started = stack;
  stack = null;
  return started ? started.stop() : Promise.resolve();
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(rows) {
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
  const lines = rows.map(({ page, median: m }) => [
    page,
    String(m.score),
    seconds(m.fcpMs),
    seconds(m.lcpMs),
    `${Math.round(m.tbtMs)} ms`,
    m.cls.toFixed(3),
    seconds(m.speedIndexMs),
    kb(m.jsBytes),
    `${m.categories.accessibility}/${m.categories['best-practices']}/${m.categories.seo}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  const format = (line) =>
    line
      .map((cell, column) =>
        (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column]),
      )
      .join('  ');
  console.log(`\nLighthouse ${lighthouseVersion}, mobile preset, median of ${RUNS} runs`);
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

let lighthouseVersion = '';

async function main() {
  execFileSync(
    process.execPath,
    [...process.execArgv, path.join(ROOT, 'tools', 'build.mjs'), '--if-stale'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  try {
    console.log(`[bench] starting the site on port ${SHELL_PORT} (API ${API_PORT})`);
    await startStack(runDir);
    const articles = await (await fetch(`http://127.0.0.1:${API_PORT}/api/articles`)).json();
    if (!Array.isArray(articles) || articles.length === 0) throw new Error('no articles to open');
    const pages = ['/', '/portfolio', '/blog', `/article/${articles[0]._id}`, '/store'];
    const origin = `http://localhost:${SHELL_PORT}`;

    // One unmeasured load per page: the static server compresses each file on its first request
    // and the API fills its response cache; a deployed site serves both warm.
    for (const page of pages) await runLighthouse(`${origin}${page}`, ['performance']);

    const loadBefore = os.loadavg();
    const rows = [];
    for (const page of pages) {
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const lhr = await runLighthouse(`${origin}${page}`);
        lighthouseVersion = lhr.lighthouseVersion;
        const summary = summarise(lhr);
        runs.push(summary);
        console.log(
          `[bench] ${page} run ${run}: score ${summary.score}, LCP ${seconds(summary.lcpMs)}, ` +
            `TBT ${summary.tbtMs} ms, CLS ${summary.cls}, benchmarkIndex ${summary.benchmarkIndex}`,
        );
      }
      rows.push({ page, median: medianOf(runs), runs });
    }
    const loadAfter = os.loadavg();

    printTable(rows);
    for (const { page, median: m } of rows) {
      const lcp = m.lcp.element ? `LCP element ${m.lcp.element.slice(0, 90)}` : '';
      const failing = m.failing.performance.map((item) => item.id).join(', ');
      console.log(`  ${page}: ${lcp}${failing ? `\n    costs points: ${failing}` : ''}`);
    }
    const met = {
      score: rows.every((row) => row.median.score >= GOALS.score),
      lcp: rows.every((row) => row.median.lcpMs <= GOALS.lcpMs),
      tbt: rows.every((row) => row.median.tbtMs <= GOALS.tbtMs),
      cls: rows.every((row) => row.median.cls <= GOALS.cls),
    };
    console.log(
      `\ngoals: score ≥ ${GOALS.score} on every page ${met.score ? 'met' : 'NOT met'}; ` +
        `LCP ≤ ${seconds(GOALS.lcpMs)} ${met.lcp ? 'met' : 'NOT met'}; ` +
        `TBT ≤ ${GOALS.tbtMs} ms ${met.tbt ? 'met' : 'NOT met'}; ` +
        `CLS ${GOALS.cls} ${met.cls ? 'met' : 'NOT met'}`,
    );
    console.log(
      `load average before/after: ${loadBefore.map((v) => v.toFixed(2)).join(' ')} / ` +
        `${loadAfter.map((v) => v.toFixed(2)).join(' ')} (${os.cpus().length} cores)`,
    );

    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench-results', 'lighthouse.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          lighthouseVersion,
          preset: 'mobile (default config, simulated throttling)',
          runsPerPage: RUNS,
          machine: {
            cores: os.cpus().length,
            cpu: os.cpus()[0]?.model,
            node: process.version,
            loadAverageBefore: loadBefore,
            loadAverageAfter: loadAfter,
          },
          goals: GOALS,
          goalsMet: met,
          rows,
        },
        null,
        2,
      ),
    );
    console.log('results: bench-results/lighthouse.json');
  } finally {
    await stopStack();
    rmSync(runDir, { recursive: true, force: true });
  }
}

async function interrupted() {
  await killChrome();
  await stopStack();
  process.exit(130);
}
process.on('SIGINT', () => void interrupted());
process.on('SIGTERM', () => void interrupted());

main().catch(async (error) => {
  console.error(error);
  await stopStack();
  process.exit(1);
});
