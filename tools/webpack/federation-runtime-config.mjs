// A remote's second, tiny build: federation-runtime.js, the runtime core its standalone page
// needs because its own bundles take the core from the page (externalRuntime, ADR 029).
import path from 'node:path';
import { ROOT } from '../root.ts';
import { FEDERATION_RUNTIME_SCRIPT } from './build-context.mjs';

/** @param {import('./build-context.mjs').BuildContext} context */
export function federationRuntimeConfig(context) {
  const { app } = context;
  return {
    name: `${app.name}-federation-runtime`,
    mode: context.mode,
    context: app.dir,
    entry: path.join(ROOT, 'tools/webpack/federation-runtime-entry.ts'),
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
