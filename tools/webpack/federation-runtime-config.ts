// A remote's second, tiny build: federation-runtime.js, the runtime core its standalone page
// needs because its own bundles take the core from the page (externalRuntime, ADR 029).
import type { Configuration } from 'webpack';
import { FEDERATION_RUNTIME_SCRIPT, federationRuntimeFile } from './build-context';
import type { BuildContext } from './build-context';

export function federationRuntimeConfig(context: BuildContext): Configuration {
  const { app } = context;
  return {
    name: `${app.name}-federation-runtime`,
    mode: context.mode,
    context: app.dir,
    entry: federationRuntimeFile('federation-runtime-entry'),
    devtool: context.production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: context.outputDir,
      filename: FEDERATION_RUNTIME_SCRIPT,
      uniqueName: `${app.name}-federation-runtime`,
      clean: false,
    },
    resolve: context.resolve,
    module: { rules: [context.typescriptRule()] },
    performance: { hints: false },
    stats: context.stats,
  };
}
