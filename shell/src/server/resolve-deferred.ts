// Page routes' loaders return deferred values (promises) so that, in the browser, the layout
// and a page's loading state show while code and data come. On the server the first render
// waits for them, within a budget, and hands the values to the browser with the HTML. A page
// state that misses the budget becomes `unavailable()` (the page-state protocol,
// docs/decisions/091).
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

async function resolveValue(
  value: unknown,
  deadline: Promise<'timeout'>,
  depth: number,
): Promise<unknown> {
  let settled = value;
  if (isThenable(value)) {
    const result = await Promise.race([Promise.resolve(value), deadline]);
    // Too slow: the page shows its error state, and the browser loads the data again.
    if (result === 'timeout') return unavailable();
    settled = result;
  }
  if (depth >= MAX_DEPTH || !isPlainObject(settled)) return settled;
  const entries = await Promise.all(
    Object.entries(settled).map(
      async ([key, inner]) => [key, await resolveValue(inner, deadline, depth + 1)] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** Awaits the promises inside each route's loader data, all within one budget. */
export async function resolveDeferred(
  loaderData: Record<string, unknown>,
  budgetMs: number,
): Promise<Record<string, unknown>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), budgetMs);
  });
  try {
    return (await resolveValue(loaderData, deadline, 0)) as Record<string, unknown>;
  } finally {
    clearTimeout(timer);
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
