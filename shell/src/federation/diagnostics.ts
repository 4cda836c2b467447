// window.__portfolioDiagnostics.compare('shop') answers whether the shell and that remote use
// the same singletons. In test builds only (npm run build -- --test, docs/decisions/071): the
// browser specs call it; production builds leave it out, with every remote's ./Diagnostics.
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { FederationIdentities } from '@portfolio/testing/federation-diagnostics';

type DiagnosticsModule = { collectIdentities(): Promise<FederationIdentities> };

export interface SingletonReport {
  sameReact: boolean;
  sameRouter: boolean;
  sameAuthContext: boolean;
  sameFirebaseApp: boolean;
  firebaseAppCountInShell: number;
  firebaseAppCountInRemote: number;
}

async function compare(remote: string): Promise<SingletonReport> {
  const own = await (await import('@portfolio/testing/federation-diagnostics')).collectIdentities();
  const module = await loadRemote<DiagnosticsModule>(`${remote}/Diagnostics`);
  if (!module) throw new Error(`Remote "${remote}" has no Diagnostics module`);
  const theirs = await module.collectIdentities();
  return {
    sameReact: own.react === theirs.react,
    sameRouter: own.router === theirs.router,
    sameAuthContext: own.authContext === theirs.authContext,
    sameFirebaseApp: own.firebaseApp === theirs.firebaseApp,
    firebaseAppCountInShell: own.firebaseAppCount,
    firebaseAppCountInRemote: theirs.firebaseAppCount,
  };
}

declare global {
  interface Window {
    __portfolioDiagnostics?: { compare: typeof compare };
  }
}

export function installDiagnostics(): void {
  // The browser specs' handle on the page (test builds only): a global is its whole point.
  // eslint-disable-next-line no-restricted-syntax
  window.__portfolioDiagnostics = { compare };
}
