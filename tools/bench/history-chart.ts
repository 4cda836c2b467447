// npm run bench:chart — the fresh-clone CI runs (docs/performance/ci-runs.json, one object a run
// as docs/performance-history.md records it) drawn as docs/performance/ci-runs.svg: a bar a run,
// its time in minutes, in the order of the file (by date and start time), with the CI goals
// (15 minutes, and 12 for the carry-on issue) as lines. A green run is a solid bar with a circle
// above it, a red one a hatched bar with a cross, so the result does not rest on colour alone.
// The same JSON makes the same bytes (no clock, no locale): tools/bench/history-chart.test.ts
// checks that the committed chart is the one the committed runs make.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from '@portfolio/contract';
import { ROOT } from '../root';

/** One fresh-clone `.ci/run` (or the project's CI) whose time the history records. */
export interface CiRun {
  /** The day it started, `YYYY-MM-DD` (UTC). */
  date: string;
  /** When it started, `HH:MM` UTC, or null when the text gives no time. */
  time: string | null;
  /** The commit's short hash, or null when the text names none. */
  commit: string | null;
  /** From the start to green, or to the failure that stopped it. */
  seconds: number;
  result: 'green' | 'red';
  /** What ran beside it (`one busy loop`, `npm start`), null when nothing did. */
  neighbour: string | null;
  /** The load average the text gives for it, null when it gives none. */
  load: string | null;
  notes: string;
}

export const RUNS_FILE = path.join(ROOT, 'docs', 'performance', 'ci-runs.json');
export const CHART_FILE = path.join(ROOT, 'docs', 'performance', 'ci-runs.svg');

/** The goals, in minutes: CI under 15 minutes (issue "the workshop"), under 12 (its carry-on). */
const GOALS = [
  { minutes: 15, label: 'goal: 15 min (900 s)', dash: '8 4' },
  { minutes: 12, label: 'carry-on: 12 min (720 s)', dash: '2 3' },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const stringOrNull = (value: unknown) => value === null || typeof value === 'string';

/** Each field of a run: what it must be, and what is said when it is not. */
const FIELDS: Record<keyof CiRun, [(value: unknown) => boolean, string]> = {
  date: [
    (value) => typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)),
    'is not a date YYYY-MM-DD',
  ],
  time: [
    (value) => value === null || (typeof value === 'string' && TIME.test(value)),
    'is neither HH:MM nor null',
  ],
  commit: [
    (value) => value === null || (typeof value === 'string' && /^[0-9a-f]{7,40}$/.test(value)),
    'is neither a commit hash nor null',
  ],
  seconds: [
    (value) => typeof value === 'number' && Number.isFinite(value) && value > 0,
    'is not a positive number',
  ],
  result: [(value) => value === 'green' || value === 'red', 'is neither "green" nor "red"'],
  neighbour: [stringOrNull, 'is neither a string nor null'],
  load: [stringOrNull, 'is neither a string nor null'],
  notes: [(value) => typeof value === 'string' && value.trim() !== '', 'is not a text'],
};

/** What is wrong with the runs as read from the JSON: an empty list when each is well formed. */
export function problemsIn(runs: unknown): string[] {
  if (!Array.isArray(runs)) return ['not a list of runs'];
  const problems: string[] = [];
  runs.forEach((run: unknown, index) => {
    const at = `run ${index + 1}`;
    if (typeof run !== 'object' || run === null || Array.isArray(run)) {
      problems.push(`${at}: not an object`);
      return;
    }
    const fields = run as Record<string, unknown>;
    for (const [field, [valid, says]] of Object.entries(FIELDS)) {
      if (!(field in fields)) problems.push(`${at}: no ${field}`);
      else if (!valid(fields[field])) {
        problems.push(`${at}: ${field} ${JSON.stringify(fields[field])} ${says}`);
      }
    }
    for (const field of Object.keys(fields).filter((name) => !(name in FIELDS))) {
      problems.push(`${at}: an unknown field, ${field}`);
    }
  });
  // In order: by date, and by start time within a date (a run without a time may stand anywhere
  // in its day; a malformed date or time is said above).
  let lastDate = '';
  let lastTime = '';
  runs.forEach((run: unknown, index) => {
    const { date, time } = (run ?? {}) as { date?: unknown; time?: unknown };
    if (typeof date !== 'string' || !DATE.test(date)) return;
    if (date < lastDate) problems.push(`run ${index + 1}: ${date} is listed after ${lastDate}`);
    if (date > lastDate) [lastDate, lastTime] = [date, ''];
    if (date !== lastDate || typeof time !== 'string' || !TIME.test(time)) return;
    if (time < lastTime)
      problems.push(`run ${index + 1}: ${date} ${time} is listed after ${lastTime}`);
    lastTime = time;
  });
  return problems;
}

/** Reads the runs, refusing a file that is not well formed. */
export function readRuns(file: string = RUNS_FILE): CiRun[] {
  const runs: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const problems = problemsIn(runs);
  if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  return runs as CiRun[];
}

/** A coordinate with at most one decimal, always written the same way. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The mark of a red run: a cross of 8 × 8 px centred on (x, y). */
function cross(x: number, y: number): string {
  const d = `M${n(x - 4)} ${n(y - 4)}L${n(x + 4)} ${n(y + 4)}M${n(x + 4)} ${n(y - 4)}L${n(x - 4)} ${n(y + 4)}`;
  return `<path d="${d}" stroke="#b3261e" stroke-width="2"/>`;
}

/** How a run is named in its tooltip and in the description. */
function runName(run: CiRun): string {
  return `${run.date}${run.time ? ` ${run.time} UTC` : ''}${run.commit ? `, ${run.commit}` : ''}`;
}

/** The chart as an SVG document. */
export function renderChart(runs: readonly CiRun[]): string {
  const step = 36;
  const bar = 22;
  const left = 64;
  const right = 150;
  const top = 72;
  const plotHeight = 300;
  const width = left + Math.max(runs.length, 1) * step + right;
  const plotRight = left + Math.max(runs.length, 1) * step;
  const bottom = top + plotHeight;
  const height = bottom + 76;
  const longest = Math.max(20, ...runs.map((run) => run.seconds / 60));
  const maxMinutes = Math.ceil(longest / 10) * 10;
  const y = (minutes: number) => bottom - (minutes / maxMinutes) * plotHeight;
  const x = (index: number) => left + index * step + (step - bar) / 2;

  const green = runs.filter((run) => run.result === 'green').length;
  const red = runs.length - green;
  const byTime = [...runs].sort((a, b) => a.seconds - b.seconds);
  const fastest = byTime[0];
  const slowest = byTime[byTime.length - 1];
  const title = 'Fresh-clone CI runs (.ci/run): time to finish, by run';
  const desc =
    runs.length === 0 || !fastest || !slowest
      ? 'No runs recorded.'
      : `${runs.length} runs from ${runs[0]!.date} to ${runs[runs.length - 1]!.date}, in the ` +
        `order they ran, each a bar of its time in minutes: ${green} green (solid bars, a circle ` +
        `above), ${red} red (hatched bars, a cross above; a red run's time is to its failure). ` +
        `Dashed lines: the goal of 15 minutes (900 s) and the carry-on goal of 12 minutes ` +
        `(720 s). Fastest ${fastest.seconds.toLocaleString('en-US')} s (${runName(fastest)}), slowest ` +
        `${slowest.seconds.toLocaleString('en-US')} s (${runName(slowest)}). Data: docs/performance/ci-runs.json.`;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" ` +
      `font-family="sans-serif" font-size="11" fill="#1a1a1a">`,
    `<title id="chart-title">${escapeHtml(title)}</title>`,
    `<desc id="chart-desc">${escapeHtml(desc)}</desc>`,
    '<defs>',
    '<pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
    '<rect width="6" height="6" fill="#f6d5d2"/>',
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#b3261e" stroke-width="3"/>',
    '</pattern>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="24" font-size="15" font-weight="bold">${escapeHtml(title)}</text>`,
  );

  // The legend, under the title.
  const legendY = 46;
  const redAt = left + 230;
  out.push(
    `<rect x="${left}" y="${legendY - 10}" width="12" height="12" fill="#1f6f43"/>`,
    `<circle cx="${left + 24}" cy="${legendY - 4}" r="4" fill="#1f6f43"/>`,
    `<text x="${left + 34}" y="${legendY}">green: solid bar, circle above</text>`,
    `<rect x="${redAt}" y="${legendY - 10}" width="12" height="12" fill="url(#hatch)" stroke="#b3261e"/>`,
    cross(redAt + 24, legendY - 4),
    `<text x="${redAt + 34}" y="${legendY}">red: hatched bar, cross above (its time is to the failure)</text>`,
  );

  // The minutes axis: a line every 5 minutes, labelled every 10.
  out.push('<g class="y-axis">');
  for (let minutes = 0; minutes <= maxMinutes; minutes += 5) {
    const at = n(y(minutes));
    const labelled = minutes % 10 === 0;
    out.push(
      `<line x1="${left}" y1="${at}" x2="${plotRight}" y2="${at}" stroke="${labelled ? '#d0d0d0' : '#ececec'}"/>`,
    );
    if (labelled) {
      out.push(
        `<text x="${left - 8}" y="${n(y(minutes) + 4)}" text-anchor="end">${minutes}</text>`,
      );
    }
  }
  out.push(
    `<text transform="translate(18 ${n(top + plotHeight / 2)}) rotate(-90)" text-anchor="middle">Run time (minutes)</text>`,
    '</g>',
  );

  // The bars, each with its mark above and its start time below; their times over the goals'
  // lines (below), so that a line never crosses a figure.
  const figures: string[] = [];
  out.push('<g class="runs">');
  runs.forEach((run, index) => {
    const minutes = run.seconds / 60;
    const x0 = x(index);
    const top0 = y(minutes);
    const middle = x0 + bar / 2;
    const beside = run.neighbour ? `, beside ${run.neighbour}` : '';
    const tooltip = `${runName(run)}: ${run.seconds.toLocaleString('en-US')} s (${minutes.toFixed(1)} min), ${run.result}${beside}`;
    out.push(`<g class="run ${run.result}">`, `<title>${escapeHtml(tooltip)}</title>`);
    if (run.result === 'green') {
      out.push(
        `<rect x="${n(x0)}" y="${n(top0)}" width="${bar}" height="${n(bottom - top0)}" fill="#1f6f43"/>`,
        `<circle cx="${n(middle)}" cy="${n(top0 - 20)}" r="4" fill="#1f6f43"/>`,
      );
    } else {
      out.push(
        `<rect x="${n(x0)}" y="${n(top0)}" width="${bar}" height="${n(bottom - top0)}" fill="url(#hatch)" stroke="#b3261e"/>`,
        cross(middle, top0 - 20),
      );
    }
    out.push(
      `<text x="${n(middle)}" y="${bottom + 14}" text-anchor="middle" font-size="10">${run.time ?? '?'}</text>`,
      '</g>',
    );
    figures.push(
      `<text x="${n(middle)}" y="${n(top0 - 5)}" text-anchor="middle" font-size="10" stroke="#ffffff" stroke-width="3" paint-order="stroke">${minutes.toFixed(1)}</text>`,
    );
  });
  out.push('</g>');

  // The dates under their runs' start times.
  out.push('<g class="dates">');
  let first = 0;
  runs.forEach((run, index) => {
    const next = runs[index + 1];
    if (next && next.date === run.date) return;
    const from = left + first * step;
    const to = left + (index + 1) * step;
    out.push(
      `<line x1="${from + 2}" y1="${bottom + 22}" x2="${to - 2}" y2="${bottom + 22}" stroke="#1a1a1a"/>`,
      `<text x="${n((from + to) / 2)}" y="${bottom + 36}" text-anchor="middle">${run.date}</text>`,
    );
    first = index + 1;
  });
  out.push(
    `<text x="${n((left + plotRight) / 2)}" y="${bottom + 62}" text-anchor="middle">` +
      'Fresh-clone runs in the order they ran: start time (UTC; ? when not recorded) and date</text>',
    '</g>',
  );

  // The goals, over the bars, named beside the plot.
  out.push('<g class="goals">');
  for (const goal of GOALS) {
    const at = n(y(goal.minutes));
    out.push(
      `<line x1="${left}" y1="${at}" x2="${plotRight}" y2="${at}" stroke="#1a1a1a" stroke-width="1.5" stroke-dasharray="${goal.dash}"/>`,
      `<text x="${plotRight + 6}" y="${n(y(goal.minutes) + 4)}">${escapeHtml(goal.label)}</text>`,
    );
  }
  out.push('</g>', '<g class="figures" aria-hidden="true">', ...figures, '</g>');

  out.push(
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="#1a1a1a"/>`,
    `<line x1="${left}" y1="${bottom}" x2="${plotRight}" y2="${bottom}" stroke="#1a1a1a"/>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}

// `tsx tools/bench/history-chart.ts`: draws the chart from the JSON.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runs = readRuns();
  writeFileSync(CHART_FILE, renderChart(runs));
  console.log(`${path.relative(ROOT, CHART_FILE)}: ${runs.length} runs`);
}
