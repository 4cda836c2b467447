// Layer one of remote failure handling (docs/decisions/002-remote-failure-handling.md): when a remote cannot be loaded, the
// runtime hands back a fallback page module instead of throwing, so the route renders the
// fallback and the rest of the site is untouched. Layer two is RemoteErrorBoundary.
//
// The fallback's React code is imported only when a remote fails: a page of islands registers
// this plugin too, and must not load React for it before any island needs React (ADR 148).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export function remoteNameOf(id: string): string {
  return id.split('/')[0] ?? id;
}

export function errorHandlingPlugin(
  onFailure: (remote: string, error: unknown) => void,
): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-remote-error-handling',
    async errorLoadRemote(args) {
      // Only at onLoad is the return value used as the module; at afterResolve it would be
      // taken as the manifest, so let that error travel on to onLoad.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = remoteNameOf(args.id);
      onFailure(remote, args.error);
      const { createFallbackModule } = await import('./RemoteFallback');
      return createFallbackModule(remote);
    },
  };
}
