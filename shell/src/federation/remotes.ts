// Remote registration and loading through the federation runtime API. Remote locations come
// from the runtime config, so moving or redeploying a remote never needs a shell rebuild.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@portfolio/shared/config';
import { errorHandlingPlugin } from './error-handling-plugin';
import { remoteOriginGuard } from './remote-origin-guard';
import { reportRemoteFailure } from './rollout-report';
import type { PageModule } from './page-source';

/** A remote that hangs is given up on after this long, and its route shows the fallback. */
export const DEFAULT_REMOTE_LOAD_TIMEOUT_MS = 15_000;
let loadTimeoutMs = DEFAULT_REMOTE_LOAD_TIMEOUT_MS;

const entries = new Map<string, string>();
const failed = new Set<string>();
/** Remotes whose failure was written to the console, until one of their pages loads. */
const reported = new Set<string>();

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `remoteOrigins`: the only origins remote code may come from, besides the page's own (the
 * runtime config's list, which the page's CSP names too: docs/decisions/080).
 */
export function registerSiteRemotes(
  remotes: Record<RemoteName, string>,
  options: { timeoutMs?: number; remoteOrigins: readonly string[] },
): void {
  loadTimeoutMs = options.timeoutMs ?? DEFAULT_REMOTE_LOAD_TIMEOUT_MS;
  registerPlugins([
    remoteOriginGuard(options.remoteOrigins, window.location.href),
    errorHandlingPlugin((remote, error) => {
      failed.add(remote);
      // Once per outage: the page retries quietly meanwhile (docs/decisions/114).
      if (!reported.has(remote)) console.error(`Remote "${remote}" could not be loaded`, error);
      reportRemoteFailure(remote, 'island-load');
      reported.add(remote);
    }),
  ]);
  for (const [name, entry] of Object.entries(remotes)) entries.set(name, entry);
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

/** Forgets everything cached about a remote that failed, so the next load fetches it afresh. */
export function resetRemote(remote: string): void {
  const entry = entries.get(remote);
  if (!entry || !failed.has(remote)) return;
  failed.delete(remote);
  registerRemotes([{ name: remote, entry }], { force: true });
}

export function hasFailed(remote: string): boolean {
  return failed.has(remote);
}

function withTimeout<T>(promise: Promise<T>, remote: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RemoteLoadError(remote, `Remote "${remote}" did not answer in time`)),
      loadTimeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Loads one exposed page module (e.g. remote "shop", module "./StorePage"). */
export async function loadRemotePage(
  remote: RemoteName,
  exposedModule: string,
): Promise<PageModule> {
  const id = `${remote}/${exposedModule.replace(/^\.\//, '')}`;
  try {
    const loaded = await withTimeout(loadRemote<PageModule>(id), remote);
    if (!loaded || typeof loaded.default !== 'function') {
      throw new RemoteLoadError(remote, `Remote module "${id}" has no page component`);
    }
    if (!failed.has(remote)) reported.delete(remote);
    return loaded;
  } catch (error) {
    // Whatever went wrong, the next attempt must start from a clean slate.
    failed.add(remote);
    throw error;
  }
}
