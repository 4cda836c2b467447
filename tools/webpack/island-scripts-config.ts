// A remote's island scripts file (docs/decisions/148): its script islands (src/island-scripts.ts)
// built on their own into island-scripts.js beside its remoteEntry.js, with no federation runtime
// and nothing shared, so the home page's typing line starts with a few kilobytes of script. What
// runs them is @portfolio/federation-runtime's island-scripts-entry; the shell's inline island
// loader adds the file to a page of islands when one of the remote's script islands wakes.
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import { ISLAND_SCRIPTS_FILE } from '@portfolio/shared/island-protocol';
import { federationRuntimeFile, scriptMinimizer } from './build-context';
import type { BuildContext } from './build-context';

export function islandScriptsConfig(context: BuildContext): Configuration {
  const { app } = context;
  return {
    name: `${app.name}-island-scripts`,
    mode: context.mode,
    context: app.dir,
    entry: federationRuntimeFile('island-scripts-entry'),
    devtool: context.production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: context.outputDir,
      filename: ISLAND_SCRIPTS_FILE,
      uniqueName: `${app.name}-island-scripts`,
      clean: false,
      // One file: nothing is loaded after it, so it needs no public path of its own.
      publicPath: '',
    },
    resolve: {
      ...context.resolve,
      alias: { ...context.resolve.alias, '@portfolio/remote-src': path.join(app.dir, 'src') },
    },
    module: { rules: [context.typescriptRule()] },
    plugins: [new webpack.DefinePlugin({ __REMOTE_NAME__: JSON.stringify(app.name) })],
    optimization: { minimizer: [scriptMinimizer()], splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    stats: context.stats,
  };
}
