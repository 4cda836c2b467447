// What the site's server counts per remote version while a candidate is out (docs/decisions/192):
// the pages it answered carrying that version, its renders and render failures, and the island
// load failures and hydration errors browsers report. Each worker counts its own; with several
// workers the primary adds them up and hands every worker the totals (workers.ts), from which
// each decides alike whether a canary has failed.

/** Messages between the workers and the primary (workers.ts relays them). */
export const COUNTS_MESSAGE = 'portfolio:rollout-counts';
export const TOTALS_MESSAGE = 'portfolio:rollout-totals';

export interface VersionCounts {
  /** Pages answered (rendered or kept) that hand the browser this version. */
  views: number;
  /** Server renders of a page of this remote. */
  renders: number;
  /** Of those, renders whose page module failed or broke off (drawn in the browser instead). */
  renderFailures: number;
  /** Browsers' reports: this version's code (a page or an island) could not be loaded. */
  islandFailures: number;
  /** Browsers' reports: a page or island of this version threw while hydrating or drawing. */
  hydrationErrors: number;
}

export type CountKind = keyof VersionCounts;
/** Remote name and version (`shop@5c1d…`) → its counts. */
export type CountsByVersion = Record<string, VersionCounts>;

export const ZERO_COUNTS: VersionCounts = {
  views: 0,
  renders: 0,
  renderFailures: 0,
  islandFailures: 0,
  hydrationErrors: 0,
};

export const countKey = (remote: string, version: string) => `${remote}@${version}`;

/** Failures of any kind per page view (0 without views). */
export function failureRate(counts: VersionCounts): number {
  const failures = counts.renderFailures + counts.islandFailures + counts.hydrationErrors;
  return counts.views > 0 ? failures / counts.views : 0;
}

/** Adds `more` into `into`, kind by kind. */
export function addCounts(into: CountsByVersion, more: CountsByVersion): CountsByVersion {
  for (const [key, counts] of Object.entries(more)) {
    const sum = (into[key] ??= { ...ZERO_COUNTS });
    for (const kind of Object.keys(ZERO_COUNTS) as CountKind[]) sum[kind] += counts[kind] ?? 0;
  }
  return into;
}

/**
 * Whether a canary has failed: it has had `minViews` views and its failure rate exceeds the live
 * version's by more than `margin` percentage points. The reason says by how much.
 */
export function canaryVerdict(
  plan: { margin: number; minViews: number },
  live: VersionCounts,
  canary: VersionCounts,
): { failed: false } | { failed: true; reason: string } {
  if (canary.views < plan.minViews) return { failed: false };
  const canaryRate = failureRate(canary) * 100;
  const liveRate = failureRate(live) * 100;
  if (canaryRate - liveRate <= plan.margin) return { failed: false };
  return {
    failed: true,
    reason:
      `failure rate ${canaryRate.toFixed(1)} % over ${canary.views} views against the live ` +
      `version's ${liveRate.toFixed(1)} % over ${live.views}: more than ${plan.margin} points`,
  };
}

/** One process's counts, and the totals of all the site's processes as last heard. */
export class RolloutCounts {
  private readonly own: CountsByVersion = {};
  private totals: CountsByVersion | null = null;
  /** Whether `own` changed since the last snapshot sent. */
  private changed = false;

  add(remote: string, version: string, kind: CountKind, amount = 1): void {
    if (!version) return;
    const counts = (this.own[countKey(remote, version)] ??= { ...ZERO_COUNTS });
    counts[kind] += amount;
    this.changed = true;
  }

  /** This process's counts when they changed since the last call (for the primary). */
  takeSnapshot(): CountsByVersion | null {
    if (!this.changed) return null;
    this.changed = false;
    return structuredClone(this.own);
  }

  /** The totals of every process (the primary's sum), replacing this process's own view. */
  setTotals(totals: CountsByVersion): void {
    this.totals = totals;
  }

  /** A version's counts: every process's when known, else this process's. */
  of(remote: string, version: string): VersionCounts {
    const key = countKey(remote, version);
    return (this.totals ?? this.own)[key] ?? { ...ZERO_COUNTS };
  }
}
