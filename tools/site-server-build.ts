// The site's server as one file (docs/decisions/090): shell/server/main.ts and the workspace code
// it imports (@portfolio/platform, @portfolio/contract), bundled by esbuild into
// shell/dist/site/main.mjs beside the shell's browser and rendering builds. npm packages stay
// imports, resolved from node_modules at run time; the same sources run unbundled under tsx in
// development (npm run dev).
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, PluginBuild } from 'esbuild';
import { ROOT } from './root';

export const SITE_SERVER_ENTRY = path.join(ROOT, 'shell', 'server', 'main.ts');
export const SITE_SERVER_BUNDLE = path.join(ROOT, 'shell', 'dist', 'site', 'main.mjs');
/** The condition under which workspace packages resolve to their TypeScript sources. */
export const SOURCE_CONDITION = '@portfolio/source';

/** npm packages are left to node_modules; the repo's own packages are compiled in. */
export const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(build: PluginBuild) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portfolio/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildSiteServerBundle(): Promise<void> {
  await build({
    entryPoints: [SITE_SERVER_ENTRY],
    outfile: SITE_SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: [SOURCE_CONDITION],
    plugins: [npmPackagesExternal],
    // Where the shell's build is, seen from the bundle (main.ts).
    define: { __SHELL_DIST__: JSON.stringify('..') },
    sourcemap: true,
    logLevel: 'warning',
  });
}
