// The one webpack configuration of the project (docs/decisions/004, 090): createWebpackConfig()
// takes an app's name, folder and title, which app-configs.ts gives it for each app (the apps
// keep no webpack config of their own: docs/decisions/149). What an app builds, by mode:
//   production / development  its browser build (browser-config.ts) and its server build
//                             (server-config.ts); a remote also its standalone federation
//                             runtime (federation-runtime-config.ts) and, with script islands,
//                             its island scripts file (island-scripts-config.ts)
//   BUNDLE_MODE=single        the shell with every page compiled in (single-bundle-config.ts),
//                             only to measure what federation costs
// What the build compiles into the bundles beside the apps' own code (the federation runtime
// plugins, a remote's standalone page) is @portfolio/federation-runtime's (docs/decisions/150).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Configuration } from 'webpack';
import { isTestBuild } from '../test-build';
import { browserConfig } from './browser-config';
import { buildContext } from './build-context';
import type { AppSpec } from './build-context';
import { federationRuntimeConfig } from './federation-runtime-config';
import { islandScriptsConfig } from './island-scripts-config';
import { InstalledBuildCode, persistentCache } from './persistent-cache';
import { serverConfig } from './server-config';
import { singleBundleConfig } from './single-bundle-config';

// Module Federation's plugins find webpack by calling it with no options and reading its path
// from the stack of the validation error (webpack formats that error with its whole options
// schema compiled: about half a second of every build's and dev server's start). Told where
// webpack is, they skip it (docs/performance.md, "Remote teams").
process.env.FEDERATION_WEBPACK_PATH ||= createRequire(import.meta.url).resolve('webpack');

export { SERVER_DIR, sourceRoutes, sharedSingletons } from './build-context';
export type { AppSpec, BuildContext, FederationOptions } from './build-context';

/** An app's webpack configuration: webpack's configuration function, by mode. */
export type AppWebpackConfig = (
  env: unknown,
  argv?: { mode?: string },
) => Promise<Configuration | Configuration[]>;

/** Each config with its own persistent cache, named after it and the kind of build. */
function cached(configs: Configuration[], kind: string, dir: string): Configuration[] {
  // A copy of an app's sources elsewhere (the compatibility checks' candidates) has its own.
  const where = createHash('sha256').update(dir).digest('hex').slice(0, 8);
  return configs.map((config) => {
    const cache = persistentCache(`${config.name ?? 'unnamed'}-${where}`, kind);
    if (!cache) return { ...config, cache };
    return { ...config, cache, plugins: [...(config.plugins ?? []), new InstalledBuildCode()] };
  });
}

export function createWebpackConfig(app: AppSpec): AppWebpackConfig {
  return async (_env, argv) => {
    const production = (argv?.mode ?? process.env.NODE_ENV) !== 'development';
    if (app.name === 'shell' && process.env.BUNDLE_MODE === 'single') {
      return cached(
        [singleBundleConfig(buildContext(app, { production: true, testBuild: false }))],
        'single',
        app.dir,
      );
    }
    // PORTFOLIO_TEST_BUILD=1 (tools/build.ts --test, for the browser specs): the federation
    // diagnostics are built in. Never otherwise: production builds carry no test code (ADR 071).
    const context = buildContext(app, { production, testBuild: isTestBuild() });
    // Each kind of build has caches of its own (persistent-cache.ts, docs/decisions/193).
    const kind = context.testBuild ? 'test' : context.mode;
    // A dev server keeps its compilation in memory; its persistent cache makes a restart fast.
    if (context.isHost) {
      return cached([browserConfig(context), serverConfig(context)], kind, app.dir);
    }
    // A remote's development build refreshes its components in place (fast-refresh.ts: loaded
    // only then, its packages being devDependencies).
    const refresh = production ? undefined : (await import('./fast-refresh')).fastRefreshPlugin();
    return cached(
      [
        browserConfig(context, refresh),
        federationRuntimeConfig(context),
        ...(context.hasIslandScripts ? [islandScriptsConfig(context)] : []),
        serverConfig(context),
      ],
      kind,
      app.dir,
    );
  };
}
