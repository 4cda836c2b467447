// A remote's island scripts file (docs/decisions/148): its script islands (src/island-scripts.ts)
// built on their own into island-scripts.js beside its remoteEntry.js, with no federation runtime
// and nothing shared, so the home page's typing line starts with a few kilobytes of script. What
// runs them is @portfolio/federation-runtime's island-scripts-entry; the shell's inline island
// loader adds the file to a page of islands when one of the remote's script islands wakes.
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import { ISLAND_SCRIPTS_FILE } from '@portfolio/shared/island-protocol';
import type { BuildContext } from './build-context';
import { remoteScriptFileConfig } from './federation-runtime-config';

export function islandScriptsConfig(context: BuildContext): Configuration {
  return {
    ...remoteScriptFileConfig(context, {
      entry: 'island-scripts-entry',
      filename: ISLAND_SCRIPTS_FILE,
    }),
    plugins: [new webpack.DefinePlugin({ __REMOTE_NAME__: JSON.stringify(context.app.name) })],
  };
}
