// The one webpack configuration of the project: every app's webpack.config.mjs calls
// createWebpackConfig() with its name, port and exposed modules, nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { APPS, REMOTES, ROOT, appPort } from '../apps.mjs';
import { buildRuntimeConfig } from '../runtime-config.mjs';
import { isTestBuild } from '../test-build.mjs';
import { sharedModules } from './shared-modules.mjs';

const require = createRequire(import.meta.url);
const readJson = (file) => require(path.join(ROOT, file));

/**
 * The federation share list: singletons only for what must be one instance on a page, with the
 * versions recorded in shared/exports-snapshot.json; stateless shared code is bundled per app.
 * See tools/webpack/shared-modules.mjs and docs/decisions/050.
 */
export function sharedSingletons() {
  return sharedModules({ sharedPackage: readJson('shared/package.json') });
}

/**
 * The pages a remote serves, from its src/routes.json: the one list its build exposes, the
 * shell composes its route table from (published beside the build as routes.json) and the
 * standalone frame links (docs/decisions/035).
 * @param {string} dir
 * @returns {{ path: string, module: string, file: string, label?: string, private?: boolean }[]}
 */
export function publishedRoutes(dir) {
  const file = path.join(dir, 'src', 'routes.json');
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')).routes;
}

/**
 * React Router's production build. Its package maps every import to its development build
 * (remix-run/react-router#12532, #14102), whose warnings cost a render on the site's server and
 * bytes in the browser; a production build takes the production files by path.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
  'production',
);
export const REACT_ROUTER_PRODUCTION = {
  'react-router$': path.join(reactRouterDist, 'index.mjs'),
  'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
};

/** @param {string} dir */
function exposesFromRoutes(dir) {
  return Object.fromEntries(publishedRoutes(dir).map((route) => [route.module, route.file]));
}

/**
 * @param {{
 *   name: 'shell' | 'portfolio' | 'blog' | 'auth' | 'shop',
 *   dir: string,
 *   title: string,
 * }} app
 */
export function createWebpackConfig(app) {
  app = { ...app, exposes: exposesFromRoutes(app.dir) };
  const configure = async (_env, argv) => {
    const production = (argv?.mode ?? process.env.NODE_ENV) !== 'development';
    const isHost = app.name === 'shell';
    // BUNDLE_MODE=single: the shell with every remote page compiled in, no federation. Only for
    // measuring what federation costs (npm run bench:bundle); never deployed.
    const single = isHost && process.env.BUNDLE_MODE === 'single';
    // PORTFOLIO_TEST_BUILD=1 (node tools/build.mjs --test, for the browser specs): the federation
    // diagnostics are built in. Never otherwise: production builds carry no test code (ADR 071).
    const testBuild = isTestBuild() && !single;
    const appInfo = APPS.find((candidate) => candidate.name === app.name);
    if (!appInfo) throw new Error(`Unknown app "${app.name}"`);
    const swcOptions = {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
        target: 'es2020',
      },
    };
    const cssLoaders = (modules) => [
      MiniCssExtractPlugin.loader,
      {
        loader: 'css-loader',
        options: modules
          ? {
              modules: {
                // Class names carry the app name, so no remote's styles can leak into another's.
                localIdentName: production
                  ? `${app.name}_[hash:base64:6]`
                  : `${app.name}_[name]_[local]`,
                namedExport: false,
                exportLocalsConvention: 'as-is',
              },
            }
          : { modules: false },
      },
    ];

    const config = {
      name: app.name,
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: './src/main.ts',
      // Production: maps written for the team's own tools but not linked from the scripts, and
      // never served (static servers refuse .map). Development: fast eval maps (no CSP there).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, single ? 'dist-single' : 'dist'),
        // The shell serves deep links (/article/x), so its assets are root-relative; remotes are
        // loaded from other origins and find their chunks relative to their remoteEntry.
        publicPath: isHost ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: app.name,
        // The server build writes dist/server/ beside this one.
        clean: { keep: new RegExp(`^(${FEDERATION_RUNTIME_SCRIPT}|server/)`) },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: {
          'resize-observer-polyfill$': path.join(ROOT, 'tools/webpack/native-resize-observer.mjs'),
          // The API's contract from its sources, not its Node build (docs/decisions/052).
          '@portfolio/contract$': path.join(ROOT, 'contract/src/index.ts'),
          ...(production && REACT_ROUTER_PRODUCTION),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions },
          },
          { test: /\.module\.css$/, use: cssLoaders(true) },
          { test: /\.css$/, exclude: /\.module\.css$/, use: cssLoaders(false) },
          { test: /\.(svg|png|jpe?g|webp|avif|gif|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        ...(single ? singleBundlePlugins(app.dir) : []),
        // The shell installs window.__portfolioDiagnostics only when this is true (bootstrap.tsx);
        // false, the code is dropped at build time.
        new webpack.DefinePlugin({ __TEST_BUILD__: JSON.stringify(testBuild) }),
        ...(single
          ? []
          : [
              new ModuleFederationPlugin({
                name: app.name,
                filename: 'remoteEntry.js',
                exposes: isHost
                  ? {}
                  : {
                      ...app.exposes,
                      // Test builds only: what window.__portfolioDiagnostics compares (ADR 071).
                      ...(testBuild
                        ? {
                            './Diagnostics': path.join(
                              ROOT,
                              'testing/src/federation-diagnostics.ts',
                            ),
                          }
                        : {}),
                    },
                // Remotes are registered at runtime from /runtime-config.json, never at build time.
                remotes: {},
                shared: sharedSingletons(),
                shareStrategy: 'loaded-first',
                dts: false,
                manifest: true,
                // One runtime core per page: the shell provides it, remotes use it (ADR 029).
                // Browser only: the runtime's Node loaders are left out.
                ...(isHost
                  ? { runtimePlugins: [path.join(ROOT, 'tools/webpack/provide-runtime-core.ts')] }
                  : {}),
                experiments: {
                  externalRuntime: !isHost,
                  optimization: { target: 'web' },
                },
              }),
            ]),
        ...(isHost && !single ? [new StylesheetListPlugin()] : []),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        new HtmlWebpackPlugin({
          template: path.join(ROOT, 'tools/webpack/index.html'),
          title: app.title,
          // Remotes keep an index.html for standalone runs; the shell's is the site's.
          chunks: ['main'],
          // A remote's standalone page loads the federation runtime core first (ADR 029).
          federationRuntimeScript: isHost || single ? undefined : `/${FEDERATION_RUNTIME_SCRIPT}`,
          // Root-relative script paths, so a standalone deep link (/projects/x) finds them;
          // federation itself keeps publicPath 'auto'.
          publicPath: '/',
        }),
      ],
      optimization: {
        minimizer: [
          // The esbuild minifier renames the remote's global and breaks it (docs/decisions/004).
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            terserOptions: { compress: { passes: 2 } },
          }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: appPort(appInfo),
        host: '127.0.0.1',
        hot: true,
        historyApiFallback: true,
        // A remote's hot-reload client runs inside the shell's page, on another origin.
        allowedHosts: 'all',
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
        setupMiddlewares: (middlewares, server) => {
          server.app.get('/runtime-config.json', (request, response) => {
            response.json(buildRuntimeConfig({ hostname: request.hostname }));
          });
          return middlewares;
        },
      },
    };
    if (single) return config;
    // The dev servers (npm run dev) draw pages in the browser, with hot reload: no server build;
    // a remote's browser build publishes its routes instead, where the shell looks for them.
    if (!production) {
      if (!isHost) config.plugins.push(new PublishRoutesPlugin(app.dir));
      return isHost ? config : [config, federationRuntimeConfig(app, config)];
    }
    const server = serverConfig(app, config);
    return isHost ? [config, server] : [config, federationRuntimeConfig(app, config), server];
  };
  // The build tools read an app's settings from here (tools/compat/candidate-build.mjs).
  configure.app = app;
  return configure;
}

const FEDERATION_RUNTIME_SCRIPT = 'federation-runtime.js';

/** Where an app's server build goes, inside its dist/ (the shell's server reads it from there). */
export const SERVER_DIR = 'server';

/**
 * An app's server build, beside its browser build (docs/decisions/035). Same sources, same CSS
 * class names (so the HTML hydrates), same shared singletons; Node instead of the browser:
 * - a remote: a federation container the shell's server loads over HTTP at runtime (its
 *   routes.json says which pages and which build), with the Node runtime plugin that fetches
 *   its chunks; its public path is set at load time from where the shell found it;
 * - the shell: the render module the shell's server requires (src/server/entry.ts), a
 *   federation host sharing React, the router and @portfolio/shared with the remotes.
 */
function serverConfig(app, browserConfig) {
  const isHost = app.name === 'shell';
  const production = browserConfig.mode === 'production';
  const cssModules = {
    loader: 'css-loader',
    options: {
      modules: {
        localIdentName: production ? `${app.name}_[hash:base64:6]` : `${app.name}_[name]_[local]`,
        namedExport: false,
        exportLocalsConvention: 'as-is',
        exportOnlyLocals: true,
      },
    },
  };
  return {
    name: `${app.name}-server`,
    mode: browserConfig.mode,
    context: app.dir,
    target: 'async-node',
    entry: isHost ? { render: './src/server/entry.ts' } : {},
    devtool: false,
    output: isHost
      ? {
          path: path.join(app.dir, 'dist', SERVER_DIR),
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
          path: path.join(app.dir, 'dist'),
          publicPath: '',
          filename: `${SERVER_DIR}/[name].js`,
          chunkFilename: `${SERVER_DIR}/[name].[contenthash:8].js`,
          assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
          library: { type: 'commonjs-module' },
          uniqueName: `${app.name}-server`,
          clean: { keep: (asset) => !asset.startsWith(`${SERVER_DIR}/`) },
        },
    resolve: browserConfig.resolve,
    module: {
      rules: [
        browserConfig.module.rules[0],
        { test: /\.module\.css$/, use: [cssModules] },
        // Global CSS is the browser build's business.
        {
          test: /\.css$/,
          exclude: /\.module\.css$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
        {
          test: /\.(svg|png|jpe?g|webp|avif|gif|woff2?)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        filename: isHost ? 'remoteEntry.js' : `${SERVER_DIR}/remoteEntry.js`,
        exposes: isHost ? {} : app.exposes,
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
          ...(isHost ? [] : [path.join(ROOT, 'tools/webpack/server-public-path.ts')]),
        ],
      }),
      ...(isHost ? [] : [new PublishRoutesPlugin(app.dir)]),
      // The remotes' routes when the shell was built: used only for a remote the server has not
      // reached since it started (its pages are then drawn in the browser).
      ...(isHost
        ? [new webpack.DefinePlugin({ __KNOWN_ROUTES__: JSON.stringify(knownRoutes()) })]
        : []),
    ],
    externalsPresets: { node: true },
    optimization: { minimize: false },
    performance: browserConfig.performance,
    stats: browserConfig.stats,
  };
}

function knownRoutes() {
  return Object.fromEntries(
    REMOTES.map((remote) => [
      remote.name,
      publishedRoutes(path.join(ROOT, remote.dir)).map(({ path: routePath, module }) => ({
        path: routePath,
        module,
      })),
    ]),
  );
}

/**
 * The shell's browser build lists its stylesheets in stylesheets.json: the server links them
 * in the head of every page, so the layout is styled before any script runs (and the browser's
 * CSS loader finds them already there).
 */
class StylesheetListPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StylesheetListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StylesheetListPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const stylesheets = Object.keys(compilation.assets)
            .filter((file) => file.endsWith('.css'))
            .sort();
          compilation.emitAsset(
            'stylesheets.json',
            new webpack.sources.RawSource(JSON.stringify({ stylesheets })),
          );
        },
      );
    });
  }
}

/**
 * Writes routes.json next to a remote's server container: its pages and a version that changes
 * with every build, which the shell's server polls to pick up a redeploy without a restart.
 */
class PublishRoutesPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublishRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublishRoutesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const routes = publishedRoutes(this.dir).map((route) => ({
            path: route.path,
            module: route.module,
            ...(route.label ? { label: route.label } : {}),
            // Personal pages: robots.txt asks crawlers to keep out (docs/decisions/062).
            ...(route.private ? { private: true } : {}),
          }));
          const body = JSON.stringify({ version: compilation.fullHash, routes }, null, 2);
          compilation.emitAsset(`${SERVER_DIR}/routes.json`, new webpack.sources.RawSource(body));
        },
      );
    });
  }
}

/**
 * A remote's second, tiny build: federation-runtime.js, the runtime core its standalone page
 * needs because its own bundles take the core from the page (externalRuntime, ADR 029).
 */
function federationRuntimeConfig(app, appConfig) {
  return {
    name: `${app.name}-federation-runtime`,
    mode: appConfig.mode,
    context: app.dir,
    entry: path.join(ROOT, 'tools/webpack/federation-runtime-entry.ts'),
    devtool: appConfig.devtool,
    output: {
      path: appConfig.output.path,
      filename: FEDERATION_RUNTIME_SCRIPT,
      uniqueName: `${app.name}-federation-runtime`,
      clean: false,
    },
    resolve: appConfig.resolve,
    module: { rules: [appConfig.module.rules[0]] },
    optimization: appConfig.optimization,
    performance: appConfig.performance,
    stats: appConfig.stats,
  };
}

/**
 * For the single bundle: the shell's remote loader is replaced by
 * tools/webpack/single-bundle-remotes.ts, which compiles every remote's pages in. It finds them by
 * the convention each remote follows, checked here: a page `./<Page>` is the file
 * `src/pages/<Page>/<Page>.tsx`.
 */
function singleBundlePlugins(shellDir) {
  for (const remote of REMOTES) {
    for (const route of publishedRoutes(path.join(ROOT, remote.dir))) {
      const page = route.module.replace(/^\.\//, '');
      if (path.normalize(route.file) !== path.normalize(`./src/pages/${page}/${page}.tsx`)) {
        throw new Error(
          `${remote.dir}/src/routes.json: ${route.module} is ${route.file}, not ` +
            `./src/pages/${page}/${page}.tsx: the single bundle (npm run bench:bundle) cannot find it`,
        );
      }
    }
  }
  const federatedRemotes = path.join(shellDir, 'src', 'federation', 'remotes');
  const replacement = path.join(ROOT, 'tools', 'webpack', 'single-bundle-remotes.ts');
  return [
    new webpack.NormalModuleReplacementPlugin(/remotes$/, (resource) => {
      if (path.resolve(resource.context, resource.request) === federatedRemotes)
        resource.request = replacement;
    }),
  ];
}
