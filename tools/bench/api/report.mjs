// The bench's printed tables and the goals, checked against the measured rows.

export const GOALS = {
  cachedReadRatio: 0.8,
  searchP99Ms: 50,
  searchDriver: 'postgres',
  searchArticles: 10_000,
};

const DRIVER_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const COLUMNS = [
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

function line(cells) {
  return cells
    .map((cell, index) => {
      const [, width] = COLUMNS[index];
      return index === 1 ? cell.padEnd(width) : cell.padStart(width);
    })
    .join(' ');
}

export function printTable(driver, rows) {
  console.log(
    `\n${DRIVER_NAMES[driver] ?? driver} (ceiling: bare Fastify, same answer precomputed)`,
  );
  console.log(line(COLUMNS.map(([title]) => title)));
  for (const row of rows.filter((candidate) => candidate.driver === driver)) {
    console.log(line(COLUMNS.map(([, , cell]) => cell(row))));
  }
}

/** The row with the highest `value(row)`. */
function highest(rows, value) {
  return rows.reduce((best, row) => (!best || value(row) > value(best) ? row : best), undefined);
}

const where = (row) => `${row.endpoint}, ${DRIVER_NAMES[row.driver]}, ${row.articles}`;

function cachedReadGoal(rows) {
  const reads = rows.filter((row) => row.cachedRead);
  const below = reads.filter((row) => row.ratio < GOALS.cachedReadRatio);
  return {
    goal: `cached reads >= ${GOALS.cachedReadRatio} of the ceiling`,
    met: reads.length > 0 && below.length === 0,
    below: below.map((row) => `${where(row)}: ${row.ratio.toFixed(2)}`),
  };
}

function searchGoal(rows, uncached) {
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

export function summariseGoals(rows) {
  return [cachedReadGoal(rows), searchGoal(rows, false), searchGoal(rows, true)];
}

function verdict(goal) {
  if (goal.met === null) return 'not measured';
  return goal.met ? 'met' : 'NOT met';
}

export function printGoals({ date, machine, settings, goals, postgresSkipped }) {
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
