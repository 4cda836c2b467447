// An app's browser build: what visitors' browsers load. The shell is the federation host (its
// scripts and stylesheets listed in assets.json for the site's server); a remote is a federation
// container loaded from its own origin, with an index.html for its standalone runs.
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ISLAND_SCRIPTS_FILE } from '@portfolio/shared/island-protocol';
import { ROOT } from '../root';
import {
  FEDERATION_RUNTIME_SCRIPT,
  SERVER_DIR,
  federationRuntimeFile,
  scriptMinimizer,
  sharedSingletons,
} from './build-context';
import type { BuildContext } from './build-context';
import { ShellAssetsPlugin } from './plugins';

/**
 * `refresh`: React Refresh's plugin (fast-refresh.ts), given for a remote's development build
 * (npm run dev): its components refresh in place, their state kept (its dev server's hot
 * updates); the shell installs the hook they refresh through, before React loads.
 */
export function browserConfig(
  context: BuildContext,
  refresh?: WebpackPluginInstance,
): Configuration {
  const { app, isHost, production, testBuild } = context;
  const fastRefresh = refresh !== undefined;
  // The shell's files are served by the site's server with their cache rules: hashed always.
  const hashed = production || isHost;
  return {
    name: app.name,
    mode: context.mode,
    context: app.dir,
    // The shell's own entry; a remote's standalone page, one for all remotes.
    entry: isHost
      ? [...(production ? [] : [federationRuntimeFile('react-refresh-hook')]), './src/main.ts']
      : federationRuntimeFile('standalone-entry'),
    // Production: maps written for the team's own tools but not linked from the scripts, and
    // never served (servers refuse .map). Development: separate maps, never eval (the site's
    // Content-Security-Policy forbids it).
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: context.outputDir,
      // The shell serves deep links (/article/x), so its assets are root-relative; remotes are
      // loaded from other origins and find their chunks relative to their remoteEntry.
      publicPath: isHost ? '/' : 'auto',
      filename: hashed ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: hashed ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: app.name,
      // The server builds write dist/server/ (and the shell's server dist/site/) beside this one.
      clean: {
        keep: new RegExp(
          `^(${FEDERATION_RUNTIME_SCRIPT}|${ISLAND_SCRIPTS_FILE.replace('.', '\\.')}|${SERVER_DIR}/|site/)`,
        ),
      },
    },
    resolve: context.resolve,
    module: {
      rules: [
        context.typescriptRule({ refresh: fastRefresh }),
        ...context.browserCssRules(),
        ...context.assetRules({ emit: true }),
      ],
    },
    plugins: [
      // The shell installs window.__portfolioDiagnostics only when this is true (bootstrap.tsx);
      // false, the code is dropped at build time.
      new webpack.DefinePlugin({
        __TEST_BUILD__: JSON.stringify(testBuild),
        __REMOTE_NAME__: JSON.stringify(app.name),
      }),
      new ModuleFederationPlugin({
        name: app.name,
        filename: 'remoteEntry.js',
        exposes: isHost
          ? {}
          : {
              ...context.exposes,
              // Test builds only: what window.__portfolioDiagnostics compares (ADR 071).
              ...(testBuild
                ? { './Diagnostics': path.join(ROOT, 'testing/src/federation-diagnostics.ts') }
                : {}),
            },
        // Remotes are registered at runtime from the runtime config, never at build time.
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        // One runtime core per page: the shell provides it, remotes use it (ADR 029).
        // Browser only: the runtime's Node loaders are left out.
        ...(isHost ? { runtimePlugins: [federationRuntimeFile('provide-runtime-core')] } : {}),
        experiments: { externalRuntime: !isHost, optimization: { target: 'web' } },
      }),
      new MiniCssExtractPlugin({
        filename: hashed ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: hashed ? '[name].[contenthash:8].css' : '[name].css',
      }),
      ...(refresh ? [refresh] : []),
      ...(isHost
        ? [new ShellAssetsPlugin()]
        : [
            // A remote's standalone page; the shell's pages are the site's server's.
            new HtmlWebpackPlugin({
              template: federationRuntimeFile('standalone.html'),
              title: app.title,
              chunks: ['main'],
              // The federation runtime core first (ADR 029).
              federationRuntimeScript: `/${FEDERATION_RUNTIME_SCRIPT}`,
              // Root-relative script paths, so a standalone deep link (/projects/x) finds them;
              // federation itself keeps publicPath 'auto'.
              publicPath: '/',
            }),
          ]),
    ],
    optimization: {
      minimizer: [
        scriptMinimizer(),
        // Stylesheets minified too (they shipped with their comments and indentation); esbuild's
        // CSS minifier, fast enough for every build (docs/decisions/148), in esbuild's own
        // service rather than a pool of worker processes (as the scripts': docs/decisions/195).
        new CssMinimizerPlugin({ minify: CssMinimizerPlugin.esbuildMinify, parallel: false }),
      ],
      // The shell's styles are one stylesheet: every page's first paint waits for it, so one
      // round trip instead of one per chunk (docs/decisions/148).
      ...(isHost && {
        splitChunks: {
          cacheGroups: {
            shellStyles: {
              name: 'shell-styles',
              type: 'css/mini-extract',
              chunks: 'all',
              enforce: true,
            },
          },
        },
      }),
    },
    performance: { hints: false },
    stats: context.stats,
  };
}
