// The bench's printed tables and the goals, checked against the measured rows.
import type { Measured } from './load';

/** One endpoint measured on one driver and dataset size, against its ceiling. */
export interface BenchRow extends Measured {
  driver: string;
  articles: number;
  endpoint: string;
  cachedRead: boolean;
  search: boolean;
  uncached: boolean;
  bytes: number;
  /** Its req/s as a share of the ceiling's. */
  ratio: number;
}

/** A goal of the issue and whether the rows meet it (null: nothing measured it). */
export interface Goal {
  goal: string;
  met: boolean | null;
  below?: string[];
  worst?: string | undefined;
}

/** What printGoals reports beside the goals: when, where and how the bench ran. */
export interface RunDescription {
  date: string;
  machine: {
    cores: number;
    cpu: string;
    memoryGiB: number;
    node: string;
    loadAverageAtStart: number[];
  };
  settings: { connections: number; seconds: number; warmupSeconds: number };
  goals: Goal[];
  postgresSkipped: string | undefined;
}

export const GOALS = {
  cachedReadRatio: 0.8,
  searchP99Ms: 50,
  searchDriver: 'postgres',
  searchArticles: 10_000,
};

const DRIVER_NAMES: Record<string, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const COLUMNS: [title: string, width: number, cell: (row: BenchRow) => string][] = [
  ['articles', 8, (row) => String(row.articles)],
  ['endpoint', 34, (row) => row.endpoint],
  ['bytes', 10, (row) => String(row.bytes)],
  ['req/s', 8, (row) => String(row.requestsPerSecond)],
  ['p50 ms', 7, (row) => String(row.latencyMs.p50)],
  ['p99 ms', 7, (row) => String(row.latencyMs.p99)],
  ['ceiling', 8, (row) => String(row.ceiling.requestsPerSecond)],
  ['ratio', 6, (row) => row.ratio.toFixed(2)],
  ['cpu µs', 7, (row) => String(row.cpuMicrosPerRequest ?? '-')],
  ['ceil µs', 7, (row) => String(row.ceiling.cpuMicrosPerRequest ?? '-')],
  ['failed', 6, (row) => String(row.failures)],
];

function line(cells: string[]): string {
  return cells
    .map((cell, index) => {
      const width = COLUMNS[index]?.[1] ?? 0;
      return index === 1 ? cell.padEnd(width) : cell.padStart(width);
    })
    .join(' ');
}

export function printTable(driver: string, rows: BenchRow[]): void {
  console.log(
    `\n${DRIVER_NAMES[driver] ?? driver} (ceiling: bare Fastify, same answer precomputed)`,
  );
  console.log(line(COLUMNS.map(([title]) => title)));
  for (const row of rows.filter((candidate) => candidate.driver === driver)) {
    console.log(line(COLUMNS.map(([, , cell]) => cell(row))));
  }
}

/** The row with the highest `value(row)`. */
function highest(rows: BenchRow[], value: (row: BenchRow) => number): BenchRow | undefined {
  return rows.reduce<BenchRow | undefined>(
    (best, row) => (!best || value(row) > value(best) ? row : best),
    undefined,
  );
}

const where = (row: BenchRow): string =>
  `${row.endpoint}, ${DRIVER_NAMES[row.driver]}, ${row.articles}`;

function cachedReadGoal(rows: BenchRow[]): Goal {
  const reads = rows.filter((row) => row.cachedRead);
  const below = reads.filter((row) => row.ratio < GOALS.cachedReadRatio);
  return {
    goal: `cached reads >= ${GOALS.cachedReadRatio} of the ceiling`,
    met: reads.length > 0 && below.length === 0,
    below: below.map((row) => `${where(row)}: ${row.ratio.toFixed(2)}`),
  };
}

function searchGoal(rows: BenchRow[], uncached: boolean): Goal {
  const searches = rows.filter(
    (row) =>
      row.search &&
      row.uncached === uncached &&
      row.driver === GOALS.searchDriver &&
      row.articles === GOALS.searchArticles,
  );
  const worst = highest(searches, (row) => row.latencyMs.p99);
  return {
    goal:
      `search p99 <= ${GOALS.searchP99Ms} ms on ${DRIVER_NAMES[GOALS.searchDriver]} at ` +
      `${GOALS.searchArticles} articles, ${uncached ? 'uncached' : 'cached'}`,
    met: worst ? worst.latencyMs.p99 <= GOALS.searchP99Ms : null,
    worst: worst && `${worst.endpoint}: p99 ${worst.latencyMs.p99} ms`,
  };
}

export function summariseGoals(rows: BenchRow[]): Goal[] {
  return [cachedReadGoal(rows), searchGoal(rows, false), searchGoal(rows, true)];
}

function verdict(goal: Goal): string {
  if (goal.met === null) return 'not measured';
  return goal.met ? 'met' : 'NOT met';
}

export function printGoals({
  date,
  machine,
  settings,
  goals,
  postgresSkipped,
}: RunDescription): void {
  console.log(
    `\nMachine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ` +
      `${machine.node}, load average at start ${machine.loadAverageAtStart.join(' ')}. ` +
      `Date: ${date}.`,
  );
  console.log(
    `${settings.connections} connections, ${settings.seconds} s per endpoint after a ` +
      `${settings.warmupSeconds} s warm-up, alternating 1 s slices with the ceiling. ` +
      '"compressed": Accept-Encoding as Chrome sends it. "uncached": an unused query ' +
      'parameter makes every request miss the response cache. cpu µs: CPU time of the API ' +
      'process (and of the ceiling) per answer; with PostgreSQL the database works outside it.',
  );
  if (postgresSkipped) console.log(`PostgreSQL skipped: ${postgresSkipped}.`);
  for (const goal of goals) {
    const details = goal.below?.length ? ` (below: ${goal.below.join('; ')})` : '';
    const worst = goal.worst ? ` (highest: ${goal.worst})` : '';
    console.log(`Goal: ${goal.goal}: ${verdict(goal)}${details}${worst}`);
  }
}
