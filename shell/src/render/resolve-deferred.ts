// Page routes' loaders return deferred values (promises) so that, in the browser, the layout
// and a page's loading state show while code and data come. On the server the first render
// waits for them, within a budget, and hands the values to the browser with the HTML.
//
// When the budget is spent with data still on its way, the loaders are told (`onSpent`: the
// render aborts their request's signal) and get a short grace to settle with their own "could
// not be had" state (`unavailable({…})`, the page-state protocol, docs/decisions/091), which
// their page knows how to show. A value still pending after the grace was not produced by its
// loader at all: its route is `late`, and the render leaves that route to the browser instead
// of handing its page a state it never made (docs/decisions/117).
import { pageOutcome, unavailable } from '@portfolio/shared/page-data';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The route's `page` promise, then the page loader's own deferred values: a few levels deep. */
const MAX_DEPTH = 3;

/** How long loaders told that the budget is spent may take to settle with their own state. */
export const DEFAULT_GRACE_MS = 100;

const SPENT = Symbol('budget spent');
const OVER = Symbol('grace over');

interface Clock {
  /** Settles when the budget is spent. */
  spent: Promise<typeof SPENT>;
  /** Settles when the grace after it is over too. */
  over: Promise<typeof OVER>;
}

async function resolveValue(
  value: unknown,
  clock: Clock,
  depth: number,
  markLate: () => void,
): Promise<unknown> {
  let settled = value;
  if (isThenable(value)) {
    const promise = Promise.resolve(value);
    let result: unknown = await Promise.race([promise, clock.spent]);
    if (result === SPENT) result = await Promise.race([promise, clock.over]);
    if (result === OVER) {
      markLate();
      return unavailable();
    }
    settled = result;
  }
  if (depth >= MAX_DEPTH || !isPlainObject(settled)) return settled;
  const entries = await Promise.all(
    Object.entries(settled).map(
      async ([key, inner]) => [key, await resolveValue(inner, clock, depth + 1, markLate)] as const,
    ),
  );
  return Object.fromEntries(entries);
}

export interface DeferredBudget {
  /** How long the render waits for the data (ms). */
  budgetMs: number;
  /** Called once when the budget is spent with data still on its way. */
  onSpent?: () => void;
  /** How long loaders may take after that to settle with their own state (ms). */
  graceMs?: number;
}

export interface ResolvedData {
  /** Each route's loader data, its promises settled. */
  loaderData: Record<string, unknown>;
  /** Routes with a value that did not settle even after the grace: left to the browser. */
  late: ReadonlySet<string>;
}

/** Awaits the promises inside each route's loader data, all within one budget. */
export async function resolveDeferred(
  loaderData: Record<string, unknown>,
  { budgetMs, onSpent, graceMs = DEFAULT_GRACE_MS }: DeferredBudget,
): Promise<ResolvedData> {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const spent = new Promise<typeof SPENT>((resolve) => {
    timers.push(
      setTimeout(() => {
        onSpent?.();
        resolve(SPENT);
      }, budgetMs),
    );
  });
  const over = new Promise<typeof OVER>((resolve) => {
    timers.push(setTimeout(() => resolve(OVER), budgetMs + graceMs));
  });
  const late = new Set<string>();
  try {
    const entries = await Promise.all(
      Object.entries(loaderData).map(
        async ([route, value]) =>
          [route, await resolveValue(value, { spent, over }, 1, () => late.add(route))] as const,
      ),
    );
    return { loaderData: Object.fromEntries(entries), late };
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/**
 * Whether every page state in the resolved loader data holds its content (none failed, timed
 * out or left for the browser), at any of the levels resolveDeferred waits on.
 */
export function allSettledWell(value: unknown, depth = 0): boolean {
  if (!isPlainObject(value)) return true;
  const { kind } = pageOutcome(value);
  if (kind === 'unavailable' || kind === 'in-browser') return false;
  return (
    depth > MAX_DEPTH || Object.values(value).every((inner) => allSettledWell(inner, depth + 1))
  );
}
