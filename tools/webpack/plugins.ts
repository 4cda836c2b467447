// The project's own webpack plugins: what a build publishes beside its code for the servers.
import webpack from 'webpack';
import { publishRoutes } from '@portfolio/contract';
import type { SourceRoute } from '@portfolio/contract';
import { SERVER_DIR } from './build-context';

/** The file the shell's browser build lists its page assets in (the site's server reads it). */
export const SHELL_ASSETS_FILE = 'assets.json';

/**
 * The shell's browser build lists, in assets.json, the scripts of its entry (in order) and its
 * stylesheets: the site's server writes them into every page's document
 * (shell/server/document.ts), the stylesheets in the head so the layout is styled before any
 * script runs (and the browser's CSS loader finds them already there).
 */
export class ShellAssetsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('ShellAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const entry = compilation.entrypoints.get('main');
          const scripts = [...(entry?.getFiles() ?? [])]
            .filter((file) => file.endsWith('.js') && !file.includes('.hot-update.'))
            .map((file) => `${publicPath}${file}`);
          const stylesheets = Object.keys(compilation.assets)
            .filter((file) => file.endsWith('.css'))
            .sort()
            .map((file) => `${publicPath}${file}`);
          compilation.emitAsset(
            SHELL_ASSETS_FILE,
            new webpack.sources.RawSource(JSON.stringify({ scripts, stylesheets }, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * Writes routes.json next to a remote's server container: its pages and a version that changes
 * with every build, which the site's server polls to pick up a redeploy without a restart.
 */
export class PublishRoutesPlugin {
  constructor(private readonly routes: readonly SourceRoute[]) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PublishRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublishRoutesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const published = publishRoutes(this.routes, compilation.fullHash ?? '');
          compilation.emitAsset(
            `${SERVER_DIR}/routes.json`,
            new webpack.sources.RawSource(JSON.stringify(published, null, 2)),
          );
        },
      );
    });
  }
}
