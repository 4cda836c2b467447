// The one webpack configuration of the project (docs/decisions/004, 090): every app's
// webpack.config.mjs calls createWebpackConfig() with its name, folder and title, nothing else.
// What an app builds, by mode:
//   production / development  its browser build (browser-config.mjs) and its server build
//                             (server-config.mjs); a remote also its standalone federation
//                             runtime (federation-runtime-config.mjs)
//   BUNDLE_MODE=single        the shell with every page compiled in (single-bundle-config.mjs),
//                             only to measure what federation costs
import { isTestBuild } from '../test-build.mjs';
import { browserConfig } from './browser-config.mjs';
import { buildContext } from './build-context.mjs';
import { federationRuntimeConfig } from './federation-runtime-config.mjs';
import { serverConfig } from './server-config.mjs';
import { singleBundleConfig } from './single-bundle-config.mjs';

export { SERVER_DIR, sourceRoutes, sharedSingletons } from './build-context.mjs';

/** @param {import('./build-context.mjs').AppSpec} app */
export function createWebpackConfig(app) {
  /**
   * @param {unknown} _env
   * @param {{ mode?: string }} [argv]
   */
  const configure = async (_env, argv) => {
    const production = (argv?.mode ?? process.env.NODE_ENV) !== 'development';
    if (app.name === 'shell' && process.env.BUNDLE_MODE === 'single') {
      return singleBundleConfig(buildContext(app, { production: true, testBuild: false }));
    }
    // PORTFOLIO_TEST_BUILD=1 (node tools/build.mjs --test, for the browser specs): the federation
    // diagnostics are built in. Never otherwise: production builds carry no test code (ADR 071).
    const context = buildContext(app, { production, testBuild: isTestBuild() });
    return context.isHost
      ? [browserConfig(context), serverConfig(context)]
      : [browserConfig(context), federationRuntimeConfig(context), serverConfig(context)];
  };
  // The build tools read an app's settings from here (tools/compat/candidate-build.mjs).
  configure.app = app;
  return configure;
}
