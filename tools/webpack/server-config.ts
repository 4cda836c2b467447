// An app's server build, beside its browser build (docs/decisions/035). Same sources, same CSS
// class names (so the HTML hydrates), same shared singletons; Node instead of the browser:
// - a remote: a federation container the site's server loads over HTTP at run time (its
//   routes.json says which pages and which build), with the Node runtime plugin that fetches
//   its chunks; its public path is set at load time from where the site found it;
// - the shell: the rendering bundle the site's server loads (src/render/entry.ts), a federation
//   host sharing React, the router and @portfolio/shared with the remotes.
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { publishRoutes } from '@portfolio/contract';
import type { PublishedRoutes } from '@portfolio/contract';
import { REMOTES } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { SERVER_DIR, federationRuntimeFile, sharedSingletons, sourceRoutes } from './build-context';
import type { BuildContext } from './build-context';
import { PublishRoutesPlugin } from './plugins';

const require = createRequire(import.meta.url);

/**
 * The Firebase SDK modules of @portfolio/shared/firebase, which the server builds replace with
 * their stand-in (docs/decisions/197): a request for one of them, as shared/src/firebase.ts
 * imports it.
 */
const FIREBASE_SDK_REQUEST = /^\.\/firebase-sdk\/(?:app|auth|firestore)$/;
const FIREBASE_SDK_ON_THE_SERVER = path.join(ROOT, 'shared/src/firebase-sdk/on-the-server.ts');

/**
 * The remotes' routes when the shell was built: used only for a remote the site's server has
 * not reached since it started (its pages are then drawn in the browser).
 */
function knownRoutes(): Record<string, PublishedRoutes['routes']> {
  return Object.fromEntries(
    REMOTES.map((remote) => [
      remote.name,
      publishRoutes(sourceRoutes(path.join(ROOT, remote.dir)), '').routes,
    ]),
  );
}

/** The name of an app's server build among its configs. */
export const serverConfigName = (appName: string): string => `${appName}-server`;

export function serverConfig(context: BuildContext): Configuration {
  const { app, isHost } = context;
  return {
    name: serverConfigName(app.name),
    mode: context.mode,
    context: app.dir,
    target: 'async-node',
    entry: isHost ? { render: './src/render/entry.ts' } : {},
    devtool: false,
    output: isHost
      ? {
          path: path.join(context.outputDir, SERVER_DIR),
          publicPath: '/',
          // .cjs: the shell's package is "type": "module".
          filename: '[name].cjs',
          chunkFilename: '[name].[contenthash:8].js',
          library: { type: 'commonjs2' },
          uniqueName: `${app.name}-server`,
          clean: true,
        }
      : {
          // Written into dist/ under server/, so that with the public path set to the remote's
          // base at load time (server-public-path.ts) chunks come from <base>/server/ and asset
          // URLs are exactly the browser build's <base>/assets/….
          path: context.outputDir,
          publicPath: '',
          filename: `${SERVER_DIR}/[name].js`,
          chunkFilename: `${SERVER_DIR}/[name].[contenthash:8].js`,
          assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
          library: { type: 'commonjs-module' },
          uniqueName: `${app.name}-server`,
          clean: { keep: (asset: string) => !asset.startsWith(`${SERVER_DIR}/`) },
        },
    resolve: context.resolve,
    module: {
      rules: [
        context.typescriptRule(),
        ...context.serverCssRules(),
        ...context.assetRules({ emit: false }),
      ],
    },
    plugins: [
      // Server rendering never loads Firebase: its Node build (Firestore's gRPC and protobuf)
      // stays out of the bundle, and a call says why it cannot work.
      new webpack.NormalModuleReplacementPlugin(FIREBASE_SDK_REQUEST, FIREBASE_SDK_ON_THE_SERVER),
      new ModuleFederationPlugin({
        name: app.name,
        filename: isHost ? 'remoteEntry.js' : `${SERVER_DIR}/remoteEntry.js`,
        exposes: isHost ? {} : context.exposes,
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        remoteType: 'script',
        // The container's own format (the plugin's option wins over output.library).
        library: { type: 'commonjs-module' },
        runtimePlugins: [
          require.resolve('@module-federation/node/runtimePlugin'),
          ...(isHost ? [] : [federationRuntimeFile('server-public-path')]),
        ],
      }),
      ...(isHost
        ? [new webpack.DefinePlugin({ __KNOWN_ROUTES__: JSON.stringify(knownRoutes()) })]
        : [
            new PublishRoutesPlugin(context.routes),
            // Whose container this is, for its public path (server-public-path.ts).
            new webpack.DefinePlugin({ __REMOTE_NAME__: JSON.stringify(app.name) }),
          ]),
    ],
    externalsPresets: { node: true },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: context.stats,
  };
}
