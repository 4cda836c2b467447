// Tells the site's server that a remote's code failed in this browser (docs/decisions/192): its
// code could not be loaded (a page's or an island's), or it threw while hydrating or drawing. The
// server counts them per remote version, the version read from the manifest this page was
// rendered with (a canary's or a preview's when this browser got one), and ends a canary that
// fails more than the live version. Once per remote and kind per page load; never throws.
import { getRuntimeConfig, hasRuntimeConfig } from '@portfolio/shared/config';

export type RemoteFailureKind = 'island-load' | 'hydration';

/** Where the site's server takes the reports (shell/server/plugins/rollout.ts). */
export const ROLLOUT_REPORT_PATH = '/_rollout/report';

const sent = new Set<string>();

export function reportRemoteFailure(remote: string, kind: RemoteFailureKind): void {
  try {
    if (sent.has(`${remote}\n${kind}`) || !hasRuntimeConfig()) return;
    const manifest = (getRuntimeConfig().remotes as Record<string, string | undefined>)[remote];
    if (!manifest || typeof navigator.sendBeacon !== 'function') return;
    sent.add(`${remote}\n${kind}`);
    navigator.sendBeacon(ROLLOUT_REPORT_PATH, JSON.stringify({ remote, manifest, kind }));
  } catch {
    // A report is a courtesy: the page goes on as it would without it.
  }
}
