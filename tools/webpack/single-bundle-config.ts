// BUNDLE_MODE=single: the shell with every remote page compiled in, no federation, drawn in the
// browser. Only for measuring what federation costs (npm run bench:bundle); never deployed, and
// never a production build (tools/check-production-build.ts).
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { REMOTES } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { federationRuntimeFile, scriptMinimizer, sourceRoutes } from './build-context';
import type { BuildContext } from './build-context';

/**
 * The shell's remote loader is replaced by tools/webpack/single-bundle-remotes.ts, which compiles
 * every remote's pages in. It finds them by the convention each remote follows, checked here: a
 * page `./<Page>` is the file `src/pages/<Page>/<Page>.tsx`.
 */
function replaceRemoteLoader(shellDir: string): webpack.NormalModuleReplacementPlugin {
  for (const remote of REMOTES) {
    for (const route of sourceRoutes(path.join(ROOT, remote.dir))) {
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
  return new webpack.NormalModuleReplacementPlugin(/remotes$/, (resource) => {
    if (path.resolve(resource.context, resource.request) === federatedRemotes) {
      resource.request = replacement;
    }
  });
}

export function singleBundleConfig(context: BuildContext): Configuration {
  const { app } = context;
  return {
    name: `${app.name}-single`,
    mode: 'production',
    context: app.dir,
    entry: './src/main.ts',
    devtool: 'hidden-source-map',
    output: {
      path: path.join(app.dir, 'dist-single'),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: app.name,
      clean: true,
    },
    resolve: context.resolve,
    module: {
      rules: [
        context.typescriptRule(),
        ...context.browserCssRules(),
        ...context.assetRules({ emit: true }),
      ],
    },
    plugins: [
      replaceRemoteLoader(app.dir),
      new webpack.DefinePlugin({ __TEST_BUILD__: 'false' }),
      new MiniCssExtractPlugin({
        filename: '[name].[contenthash:8].css',
        chunkFilename: '[name].[contenthash:8].css',
      }),
      new HtmlWebpackPlugin({
        template: federationRuntimeFile('standalone.html'),
        title: app.title,
        chunks: ['main'],
        publicPath: '/',
      }),
    ],
    optimization: {
      minimizer: [scriptMinimizer()],
    },
    performance: { hints: false },
    stats: context.stats,
  };
}
