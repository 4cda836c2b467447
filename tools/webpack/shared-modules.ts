// What each app shares through federation, and with which versions (ADR 050).
//
// Only what must be one instance on a page is shared, as a singleton: React, and the
// @portfolio/shared modules that hold page state or a React context. Everything else in
// @portfolio/shared is stateless and is bundled, tree-shaken, into each app that imports it, so
// an app always runs the shared code it was built with and a newer remote never meets an older
// copy (or the reverse).
//
// A singleton's version is the @portfolio/shared version at which its export surface last
// changed (`since` in shared/exports-snapshot.json), and each app requires `^since`: an app
// built after a module gained an export refuses an older provider, while a change to another
// module does not move this one's version. npm run check:compat compares these before a deploy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { ExportsSnapshot, SharedPackageJson } from '../compat/shared-exports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One shared module's settings, as Module Federation's plugin takes them. */
export type SharedConfig = Exclude<
  Extract<
    NonNullable<ConstructorParameters<typeof ModuleFederationPlugin>[0]['shared']>,
    Record<string, unknown>
  >[string],
  string
>;

/** What this file reads of shared/package.json. */
export type SharedPackage = SharedPackageJson;

/**
 * Every code subpath of @portfolio/shared, classified. A new subpath fails the build until it is
 * added here, because the wrong choice is silent: a stateful module bundled twice splits the
 * page's state, a stateless one shared brings back the version skew.
 */
export const SHARED_SUBPATHS: Record<string, 'singleton' | 'bundled'> = {
  // The loaded runtime config lives in module state.
  './config': 'singleton',
  // The one Firebase app, its Auth/Firestore instances and their start listeners.
  './firebase': 'singleton',
  // The AuthContext and the set of mounted providers.
  './auth': 'singleton',
  // React Router's contexts (BrowserRouter in the shell, hooks in the remotes).
  './router': 'singleton',
  // Stateless: reads the config through ./config, keeps nothing itself.
  './api-client': 'bundled',
  // Stateless: calls ./firebase and ./auth, which hold the state.
  './auth-actions': 'bundled',
  './profile-store': 'bundled',
  './format': 'bundled',
  './markdown': 'bundled',
  './types': 'bundled',
  './ui': 'bundled',
  // Only a remote's standalone page uses it, never the shell.
  './standalone': 'bundled',
  // Stateless: reads the route's data through ./router.
  './page-data': 'bundled',
  // Stateless: builds a page's head tags from what it is given (docs/decisions/060).
  './head': 'bundled',
  // The router's server half, only in the shell's server build; it shares ./router's
  // react-router there, being in the same build.
  './router-server': 'bundled',
  // Stateless: the island marker a page renders around an interactive part (docs/decisions/148).
  './island': 'bundled',
  // Stateless: the names a page of islands uses in its markup (docs/decisions/148).
  './island-protocol': 'bundled',
  // Stateless: the sign-in forms' paths and the way back to a page (docs/decisions/200).
  './return-to': 'bundled',
  // An island's form (the footer's, the article's): each app that places it carries its own
  // copy, small, stateless but for the form's (docs/decisions/206).
  './newsletter-form': 'bundled',
};

/**
 * Options:
 *   sharedDir: the @portfolio/shared folder (tests build against a modified copy);
 *   sharedPackage: its package.json, when the caller has read it already;
 *   stateless: 'shared' shares the stateless modules too, as non-singletons with a required
 *   version (only to measure that alternative: SHARED_STATELESS=shared).
 */
export function sharedModules({
  sharedDir = path.join(ROOT, 'shared'),
  sharedPackage = JSON.parse(
    readFileSync(path.join(sharedDir, 'package.json'), 'utf8'),
  ) as SharedPackage,
  stateless = process.env.SHARED_STATELESS === 'shared' ? 'shared' : 'bundled',
}: {
  sharedDir?: string;
  sharedPackage?: SharedPackage;
  stateless?: 'bundled' | 'shared';
} = {}): Record<string, SharedConfig> {
  const snapshot = readSnapshot(sharedDir);
  const { dependencies, version } = sharedPackage;
  const shared: Record<string, SharedConfig> = {
    react: { singleton: true, requiredVersion: dependencies.react },
    'react/jsx-runtime': { singleton: true, requiredVersion: dependencies.react },
    'react-dom': { singleton: true, requiredVersion: dependencies['react-dom'] },
    'react-dom/client': { singleton: true, requiredVersion: dependencies['react-dom'] },
  };
  for (const subpath of Object.keys(sharedPackage.exports)) {
    if (subpath.endsWith('.css')) continue;
    const kind = SHARED_SUBPATHS[subpath];
    if (!kind) {
      throw new Error(
        `@portfolio/shared/${subpath.slice(2)} is not classified: add it to SHARED_SUBPATHS in ` +
          'tools/webpack/shared-modules.ts as a singleton (it holds state or a React context) ' +
          'or bundled (stateless).',
      );
    }
    // Before the snapshot records a new subpath (the Jest check fails until it does), the
    // package version is the best guess.
    const since = snapshot?.subpaths?.[subpath]?.since ?? version;
    const key = `@portfolio/shared/${subpath.slice(2)}`;
    if (kind === 'singleton') {
      shared[key] = { singleton: true, version: since, requiredVersion: `^${since}` };
    } else if (stateless === 'shared') {
      shared[key] = { singleton: false, version: since, requiredVersion: `^${since}` };
    }
  }
  return shared;
}

/** The snapshot's own reader is in tools/compat/shared-exports.ts, which loads TypeScript: not
 * worth its time in every build. */
function readSnapshot(sharedDir: string): ExportsSnapshot | null {
  try {
    return JSON.parse(
      readFileSync(path.join(sharedDir, 'exports-snapshot.json'), 'utf8'),
    ) as ExportsSnapshot;
  } catch {
    return null;
  }
}
