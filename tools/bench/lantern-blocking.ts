// What a Lighthouse run's Total Blocking Time is made of, task by task (docs/performance.md,
// "Reading page"). Lighthouse's mobile preset does not slow the page down: it records an
// unslowed load and replays it in a simulation (Lantern) with each main-thread task four times
// longer, and of each task longer than 50 ms there (as simulated) counts the part after the
// simulated first contentful paint and before the simulated time to interactive. It reports the
// sum only. Lighthouse computes it with Lantern's TotalBlockingTime.getEstimateFromSimulation,
// twice per run (an optimistic and a pessimistic graph, TBT their mean); collectBlocking wraps
// that function for the run it is given, and gives each task's share of the mean, with the task
// named by what it did.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const { TotalBlockingTime, TBTUtils } = Lantern.Metrics;
const { BLOCKING_TIME_THRESHOLD, calculateTbtImpactForEvent } = TBTUtils;

/** A task of the page's main thread that blocked, in one run. */
export interface BlockingTask {
  /** What the task did (the first that applies): see kindOf. */
  kind: string;
  /** Its length as recorded, unslowed (ms). */
  recordedMs: number;
  /** Its share of the run's Total Blocking Time (ms): the mean of both estimates. */
  blockingMs: number;
}

type TraceEvent = { name: string; args?: { data?: { type?: string } } };

/** A task named by what it did: the first of these kinds it holds an event of. */
function kindOf(events: readonly TraceEvent[]): string {
  const names = new Set(events.map((event) => event.name));
  if (names.has('DocumentLoader::CommitNavigation')) return 'commit';
  if (
    names.has('MarkDOMContent') ||
    events.some(
      (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'DOMContentLoaded',
    )
  ) {
    return 'end of the parse';
  }
  if (names.has('ParseHTML')) return names.has('EvaluateScript') ? 'parse and script' : 'parse';
  if (names.has('Paint')) return 'paint';
  if (names.has('Layout')) return 'layout';
  if (names.has('EvaluateScript') || names.has('FunctionCall') || names.has('TimerFire')) {
    return 'script';
  }
  return 'other';
}

type Estimate = Parameters<typeof TotalBlockingTime.getEstimateFromSimulation>;

/**
 * Runs `run` (one Lighthouse run) with the simulation's estimate watched, and gives its result
 * and the tasks that blocked, longest share first. One run at a time: runs are never concurrent.
 */
export async function collectBlocking<T>(
  run: () => Promise<T>,
): Promise<{ result: T; blocking: BlockingTask[] }> {
  // Each estimate's tasks, the last time it was computed (Lighthouse may compute one twice).
  const estimates: Record<'optimistic' | 'pessimistic', Map<string, BlockingTask>> = {
    optimistic: new Map(),
    pessimistic: new Map(),
  };
  const original = TotalBlockingTime.getEstimateFromSimulation;
  TotalBlockingTime.getEstimateFromSimulation = function (
    this: typeof TotalBlockingTime,
    ...[simulation, extras]: Estimate
  ) {
    const estimate = original.call(this, simulation, extras);
    // As Lantern's own: each estimate counts from the other's first paint.
    const fcp = extras.optimistic
      ? extras.fcpResult?.pessimisticEstimate
      : extras.fcpResult?.optimisticEstimate;
    const tti = extras.optimistic
      ? extras.interactiveResult?.optimisticEstimate
      : extras.interactiveResult?.pessimisticEstimate;
    if (!fcp || !tti) return estimate;
    const tasks = new Map<string, BlockingTask>();
    for (const [node, timing] of simulation.nodeTimings) {
      if (node.type !== 'cpu' || timing.duration < BLOCKING_TIME_THRESHOLD) continue;
      const impact = calculateTbtImpactForEvent(
        { start: timing.startTime, end: timing.endTime, duration: timing.duration },
        fcp.timeInMs,
        tti.timeInMs,
      );
      if (impact <= 0) continue;
      tasks.set(node.id, {
        kind: kindOf(node.childEvents as TraceEvent[]),
        recordedMs: Math.round(node.duration / 1000),
        blockingMs: impact,
      });
    }
    estimates[extras.optimistic ? 'optimistic' : 'pessimistic'] = tasks;
    return estimate;
  };
  let result: T;
  try {
    result = await run();
  } finally {
    TotalBlockingTime.getEstimateFromSimulation = original;
  }
  const shares = new Map<string, BlockingTask>();
  for (const tasks of Object.values(estimates)) {
    for (const [id, task] of tasks) {
      const share = shares.get(id) ?? { ...task, blockingMs: 0 };
      share.blockingMs += task.blockingMs / 2;
      shares.set(id, share);
    }
  }
  const blocking = [...shares.values()]
    .map((task) => ({ ...task, blockingMs: Math.round(task.blockingMs) }))
    .filter((task) => task.blockingMs > 0)
    .sort((a, b) => b.blockingMs - a.blockingMs);
  return { result, blocking };
}

/** Each kind's blocking summed over runs, largest first: "commit 120, parse and script 40". */
export function blockingByKind(runs: readonly { blocking: readonly BlockingTask[] }[]): string {
  const sums = new Map<string, number>();
  for (const task of runs.flatMap((run) => run.blocking)) {
    sums.set(task.kind, (sums.get(task.kind) ?? 0) + task.blockingMs);
  }
  return (
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${ms}`)
      .join(', ') || 'none'
  );
}
