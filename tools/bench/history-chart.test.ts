/** @jest-environment node */
// The CI run history (docs/performance/ci-runs.json) is well formed, and its chart
// (docs/performance/ci-runs.svg) is the one `npm run bench:chart` makes from it: a run added to
// the JSON without the chart drawn again fails here.
import { readFileSync } from 'node:fs';
import { CHART_FILE, RUNS_FILE, problemsIn, readRuns, renderChart } from './history-chart';
import type { CiRun } from './history-chart';

const RUN: CiRun = {
  date: '2026-11-27',
  time: '13:20',
  commit: '780c704',
  seconds: 851,
  result: 'green',
  neighbour: null,
  load: null,
  notes: 'a run',
};

describe('the CI run history', () => {
  it('holds well-formed runs, by date and start time', () => {
    const runs: unknown = JSON.parse(readFileSync(RUNS_FILE, 'utf8'));
    expect(problemsIn(runs)).toEqual([]);
    expect((runs as CiRun[]).length).toBeGreaterThan(0);
  });

  it('has the chart the runs make, byte for byte (npm run bench:chart draws it)', () => {
    const committed = readFileSync(CHART_FILE, 'utf8');
    const drawn = renderChart(readRuns());
    expect(committed === drawn ? 'up to date' : 'stale: run npm run bench:chart').toBe(
      'up to date',
    );
  });

  it('finds a run out of order, a missing field and a wrong type', () => {
    const { notes: _notes, ...noNotes } = RUN;
    expect(
      problemsIn([
        RUN,
        { ...RUN, time: '13:05' },
        { ...RUN, date: '2026-11-26', time: null },
        noNotes,
        { ...RUN, seconds: '851', result: 'passed', time: '9:05', commit: 'HEAD', load: 6 },
        { ...RUN, minutes: 14 },
      ]),
    ).toEqual([
      'run 4: no notes',
      'run 5: time "9:05" is neither HH:MM nor null',
      'run 5: commit "HEAD" is neither a commit hash nor null',
      'run 5: seconds "851" is not a positive number',
      'run 5: result "passed" is neither "green" nor "red"',
      'run 5: load 6 is neither a string nor null',
      'run 6: an unknown field, minutes',
      'run 2: 2026-11-27 13:05 is listed after 13:20',
      'run 3: 2026-11-26 is listed after 2026-11-27',
    ]);
    expect(problemsIn({})).toEqual(['not a list of runs']);
  });

  it('draws the same bytes for the same runs, each result marked by more than colour', () => {
    const runs: CiRun[] = [RUN, { ...RUN, time: '15:17', seconds: 2280, result: 'red' }];
    const svg = renderChart(runs);
    expect(renderChart(runs)).toBe(svg);
    expect(svg).toMatch(/<title id="chart-title">[^<]+<\/title>/);
    expect(svg).toMatch(/<desc id="chart-desc">2 runs from 2026-11-27 to 2026-11-27[^<]*<\/desc>/);
    expect(svg).toContain('aria-labelledby="chart-title chart-desc"');
    // A circle above the green bar, a cross above the red one, and the bars' fills differ.
    expect(svg.match(/<circle /g)).toHaveLength(2); // the legend's and the green run's
    expect(svg).toContain('fill="url(#hatch)"');
    expect(svg).toContain('goal: 15 min (900 s)');
    expect(svg).toContain('carry-on: 12 min (720 s)');
    expect(svg).toContain('<title>2026-11-27 15:17 UTC, 780c704: 2,280 s (38.0 min), red</title>');
  });
});
