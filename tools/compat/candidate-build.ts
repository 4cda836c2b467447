// Candidate builds: an app's sources copied to a work folder (under node_modules/.cache, so
// tracked sources are never touched), optionally changed, built for production with the app's
// webpack configuration (tools/webpack/app-configs.ts) against a given @portfolio/shared folder.
// Used by the skew checks (skew.ts) and the redeploy specs (e2e/deploys/), which need real builds
// of changed remotes.
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration, RuleSetRule } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { webpackConfigOf } from '../webpack/app-configs';
import type { FederationOptions } from '../webpack/create-config';
import { sharedModules } from '../webpack/shared-modules';
import type { SharedPackageJson } from './shared-exports';

/**
 * Prepares `workDir` for candidate builds. The copies need nothing else beside them: what the
 * build adds to an app's bundles (@portfolio/federation-runtime, the test builds' diagnostics)
 * is resolved by absolute paths from this checkout (docs/decisions/150).
 */
export function prepareWorkDir(workDir: string): void {
  mkdirSync(workDir, { recursive: true });
}

/**
 * The webpack configs (browser, and server for a remote) of a copy of `app`'s sources in
 * `<workDir>/<label>`, changed by `edit(dir)`, built against `sharedDir`. Output: `<dir>/dist`.
 */
export async function candidateConfigs(
  workDir: string,
  app: AppInfo,
  sharedDir: string = path.join(ROOT, 'shared'),
  { label, edit }: { label: string; edit?: (dir: string) => void } = { label: app.name },
): Promise<Configuration[]> {
  const dir = path.join(workDir, label);
  cpSync(path.join(ROOT, app.dir, 'src'), path.join(dir, 'src'), { recursive: true });
  edit?.(dir);
  // The app's own configuration, made from the copy's folder.
  const built = await webpackConfigOf(app, { dir })({}, { mode: 'production' });
  // The app and its server build (whose routes.json the shell reads); the remote's standalone
  // runtime script plays no part here.
  const [config, ...rest] = Array.isArray(built) ? built : [built];
  if (!config) throw new Error(`${app.name}: its webpack config built nothing`);
  const server = rest.find((candidate) => candidate.name?.endsWith('-server'));
  config.name = label;
  const pkg = JSON.parse(
    readFileSync(path.join(sharedDir, 'package.json'), 'utf8'),
  ) as SharedPackageJson;
  const alias: Record<string, string> = {
    ...(config.resolve?.alias as Record<string, string> | undefined),
  };
  for (const [subpath, file] of Object.entries(pkg.exports)) {
    alias[`@portfolio/shared/${subpath.slice(2)}$`] = path.join(sharedDir, file);
  }
  // The copies live under node_modules/.cache, which the TypeScript rule would skip.
  const exclude = /node_modules[\\/](?!\.cache[\\/])/;
  const configs = server ? [config, server] : [config];
  for (const each of configs) {
    each.resolve = { ...each.resolve, alias };
    const rules = each.module?.rules;
    if (!rules?.[0]) throw new Error(`${each.name}: no TypeScript rule to adjust`);
    rules[0] = { ...(rules[0] as RuleSetRule), exclude };
    const federation = each.plugins?.find((plugin) => plugin instanceof ModuleFederationPlugin);
    if (!federation) throw new Error(`${each.name}: no ModuleFederationPlugin`);
    // The plugin keeps its options private, and reads them only when it is applied: the share
    // list is swapped for the one of this shared copy before then.
    (federation as unknown as { _options: FederationOptions })._options.shared = sharedModules({
      sharedDir,
    });
  }
  if (server) server.name = `${label}-server`;
  return configs;
}

export function buildCandidates(configs: Configuration[]): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(configs).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) {
        const { errors = [] } = stats.toJson({ all: false, errors: true });
        return reject(new Error(errors.map((e) => e.message).join('\n')));
      }
      resolve();
    });
  });
}
