// A remote's small builds beside its app, each one file of a name that stays from deploy to
// deploy, from an entry of @portfolio/federation-runtime: federation-runtime.js, the runtime core
// its standalone page needs because its own bundles take the core from the page (externalRuntime,
// ADR 029); and its island scripts file (island-scripts-config.ts).
import type { Configuration } from 'webpack';
import { FEDERATION_RUNTIME_SCRIPT, federationRuntimeFile, scriptMinimizer } from './build-context';
import type { BuildContext } from './build-context';

/** One of a remote's small builds: `entry` (a subpath of @portfolio/federation-runtime) into `filename`. */
export function remoteScriptFileConfig(
  context: BuildContext,
  { entry, filename }: { entry: string; filename: string },
): Configuration {
  const { app } = context;
  const name = `${app.name}-${entry.replace(/-entry$/, '')}`;
  return {
    name,
    mode: context.mode,
    context: app.dir,
    entry: federationRuntimeFile(entry),
    devtool: context.production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: { path: context.outputDir, filename, uniqueName: name, clean: false },
    resolve: context.resolve,
    module: { rules: [context.typescriptRule()] },
    // SWC's compressor, as every browser build (webpack's default, Terser in JavaScript, took
    // about two seconds more of a remote's cold build: docs/performance.md, "Remote teams").
    optimization: { minimizer: [scriptMinimizer()] },
    performance: { hints: false },
    stats: context.stats,
  };
}

export function federationRuntimeConfig(context: BuildContext): Configuration {
  return remoteScriptFileConfig(context, {
    entry: 'federation-runtime-entry',
    filename: FEDERATION_RUNTIME_SCRIPT,
  });
}
