// The federation runtime loads code only from the remotes' configured origins and the page's own
// (docs/decisions/080). The runtime config is read from a place content cannot reach (the data
// block in the head), but what it loads next is named by files fetched over the network: a
// remote's manifest names its entry, its entry its chunks. This plugin refuses every manifest,
// script and stylesheet the runtime would fetch from anywhere else, so neither a forged config
// nor a tampered manifest can make the page run foreign code. `'strict-dynamic'` in the page's
// policy trusts whatever the runtime inserts, so the check has to be here.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export class ForeignRemoteError extends Error {
  override name = 'ForeignRemoteError';
}

/** Whether `url` (absolute, or relative to the page) is on one of `origins`. */
export function isAllowedRemoteUrl(
  url: string,
  origins: ReadonlySet<string>,
  pageUrl: string,
): boolean {
  try {
    const { origin, protocol } = new URL(url, pageUrl);
    return (protocol === 'http:' || protocol === 'https:') && origins.has(origin);
  } catch {
    return false;
  }
}

export function remoteOriginGuard(
  remoteOrigins: readonly string[],
  pageUrl: string,
): ModuleFederationRuntimePlugin {
  const origins = new Set([...remoteOrigins, new URL(pageUrl).origin]);
  const check = (url: string) => {
    if (!isAllowedRemoteUrl(url, origins, pageUrl)) {
      throw new ForeignRemoteError(`Refused to load ${url}: not one of the site's remote origins`);
    }
  };
  return {
    name: 'portfolio-remote-origin-guard',
    beforeRegisterRemote(args) {
      if ('entry' in args.remote) check(args.remote.entry);
      return args;
    },
    createScript({ url }) {
      check(url);
    },
    createLink({ url }) {
      check(url);
    },
    fetch(url) {
      // A rejected answer, so the load fails as any unreachable remote does (its fallback).
      if (!isAllowedRemoteUrl(url, origins, pageUrl)) {
        return Promise.reject(
          new ForeignRemoteError(`Refused to fetch ${url}: not one of the site's remote origins`),
        );
      }
      return undefined;
    },
  };
}
