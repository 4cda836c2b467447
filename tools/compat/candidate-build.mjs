// Candidate builds: an app's sources copied to a work folder (under node_modules/.cache, so
// tracked sources are never touched), optionally changed, built for production with the app's
// own webpack config against a given @portfolio/shared folder. Used by the skew checks
// (skew.mjs) and the redeploy specs (e2e/deploys/), which need real builds of changed remotes.
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ROOT } from '../root.ts';
import { createWebpackConfig } from '../webpack/create-config.mjs';
import { sharedModules } from '../webpack/shared-modules.mjs';

/**
 * Prepares `workDir` for candidate builds: the shell imports modules of tools/webpack by relative
 * paths out of its folder (server-public-path, and in test builds the federation diagnostics),
 * so tools/webpack must sit beside the copies.
 */
export function prepareWorkDir(workDir) {
  mkdirSync(path.join(workDir, 'tools'), { recursive: true });
  cpSync(path.join(ROOT, 'tools', 'webpack'), path.join(workDir, 'tools', 'webpack'), {
    recursive: true,
  });
}

/**
 * The webpack configs (browser, and server for a remote) of a copy of `app`'s sources in
 * `<workDir>/<label>`, changed by `edit(dir)`, built against `sharedDir`. Output: `<dir>/dist`.
 * @param {string} workDir
 * @param {{ dir: string, name: string }} app
 * @param {string} [sharedDir]
 * @param {{ label: string, edit?: (dir: string) => void }} [options]
 */
export async function candidateConfigs(
  workDir,
  app,
  sharedDir = path.join(ROOT, 'shared'),
  { label, edit } = {},
) {
  const dir = path.join(workDir, label);
  cpSync(path.join(ROOT, app.dir, 'src'), path.join(dir, 'src'), { recursive: true });
  edit?.(dir);
  const { default: original } = await import(path.join(ROOT, app.dir, 'webpack.config.mjs'));
  const configure = createWebpackConfig({ ...original.app, dir });
  const built = await configure({}, { mode: 'production' });
  // The app and its server build (whose routes.json the shell reads); the remote's standalone
  // runtime script plays no part here.
  const [config, ...rest] = Array.isArray(built) ? built : [built];
  const server = rest.find((candidate) => candidate.name.endsWith('-server'));
  config.name = label;
  const pkg = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));
  const alias = { ...config.resolve.alias };
  for (const [subpath, file] of Object.entries(pkg.exports)) {
    alias[`@portfolio/shared/${subpath.slice(2)}$`] = path.join(sharedDir, file);
  }
  // The copies live under node_modules/.cache, which the TypeScript rule would skip.
  const exclude = /node_modules[\\/](?!\.cache[\\/])/;
  const configs = server ? [config, server] : [config];
  for (const each of configs) {
    each.resolve = { ...each.resolve, alias };
    each.module.rules[0] = { ...each.module.rules[0], exclude };
    const federation = each.plugins.find((plugin) => plugin instanceof ModuleFederationPlugin);
    federation._options.shared = sharedModules({ sharedDir });
  }
  if (server) server.name = `${label}-server`;
  return configs;
}

export function buildCandidates(configs) {
  return new Promise((resolve, reject) => {
    webpack(configs).run((error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) {
        const { errors } = stats.toJson({ all: false, errors: true });
        return reject(new Error(errors.map((e) => e.message).join('\n')));
      }
      resolve();
    });
  });
}
