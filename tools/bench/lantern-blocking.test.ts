/** @jest-environment node */
// Each task's share of a run's Total Blocking Time, from Lantern's own estimate: a made-up
// simulation handed to the function Lighthouse calls, as Lighthouse calls it.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { blockingByKind, collectBlocking } from './lantern-blocking';

const { TotalBlockingTime } = Lantern.Metrics;
type Estimate = Parameters<typeof TotalBlockingTime.getEstimateFromSimulation>;

/** A main-thread task of the simulation: what it did, recorded (µs) and simulated (ms). */
const task = (
  id: string,
  events: string[],
  recordedMs: number,
  start: number,
  end: number,
): [object, { startTime: number; endTime: number; duration: number }] => [
  {
    type: 'cpu',
    id,
    duration: recordedMs * 1000,
    childEvents: events.map((name) =>
      name === 'DOMContentLoaded'
        ? { name: 'EventDispatch', args: { data: { type: 'DOMContentLoaded' } } }
        : { name },
    ),
  },
  { startTime: start, endTime: end, duration: end - start },
];

/** The estimate Lighthouse asks for: first paint and time to interactive of both graphs. */
function estimate(optimistic: boolean, timings: ReturnType<typeof task>[]) {
  const result = (fcp: number, tti: number) => ({
    optimisticEstimate: { timeInMs: fcp },
    pessimisticEstimate: { timeInMs: tti },
  });
  const simulation = { timeInMs: 1000, nodeTimings: new Map(timings) };
  // Each estimate counts from the other graph's first paint: 600 ms for both here.
  const extras = {
    optimistic,
    fcpResult: { optimisticEstimate: { timeInMs: 600 }, pessimisticEstimate: { timeInMs: 600 } },
    interactiveResult: result(2000, 2000),
  };
  return TotalBlockingTime.getEstimateFromSimulation(
    ...([simulation, extras] as unknown as Estimate),
  ).timeInMs;
}

describe("a run's blocking, task by task", () => {
  it("gives each task's share of the mean of both estimates, named by what it did", async () => {
    const totals: number[] = [];
    const { result, blocking } = await collectBlocking(async () => {
      // The commit straddles the first paint (120 ms after it), the end of the parse is after it.
      totals.push(
        estimate(true, [
          task('1', ['DocumentLoader::CommitNavigation'], 40, 560, 720),
          task('2', ['ParseHTML', 'DOMContentLoaded', 'Layout'], 30, 720, 840),
          task('3', ['Paint'], 5, 840, 860),
        ]),
      );
      totals.push(
        estimate(false, [
          task('1', ['DocumentLoader::CommitNavigation'], 40, 560, 700),
          task('2', ['ParseHTML', 'DOMContentLoaded', 'Layout'], 30, 700, 780),
        ]),
      );
      return 'the run';
    });
    expect(result).toBe('the run');
    // Lantern's own sums: (120 - 50) + (120 - 50), and (100 - 50) + (80 - 50).
    expect(totals).toEqual([140, 80]);
    expect(blocking).toEqual(
      [
        { kind: 'end of the parse', recordedMs: 30, blockingMs: 50 },
        { kind: 'commit', recordedMs: 40, blockingMs: 60 },
      ].sort((a, b) => b.blockingMs - a.blockingMs),
    );
    expect(blocking.reduce((sum, item) => sum + item.blockingMs, 0)).toBe((140 + 80) / 2);
    expect(blockingByKind([{ blocking }, { blocking }])).toBe('commit 120, end of the parse 100');
  });

  it('leaves Lantern as it was after the run, even one that fails', async () => {
    const original = TotalBlockingTime.getEstimateFromSimulation;
    await expect(
      collectBlocking(async () => {
        throw new Error('no score');
      }),
    ).rejects.toThrow('no score');
    expect(TotalBlockingTime.getEstimateFromSimulation).toBe(original);
    expect(blockingByKind([])).toBe('none');
  });
});
