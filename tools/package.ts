// `npm run package`: from a production build (`npm run build`), one folder per service that runs
// without the repository (docs/decisions/103), in dist-deploy/:
//   site/           the site's server (dist/site/main.mjs, esbuild) and the shell's build, with
//                   only the npm packages they load at run time   → node dist/site/main.mjs
//   api/            the content API bundled by esbuild (dist/server.mjs, dist/admin.mjs), its
//                   migrations and seed, with only its production dependencies
//                                                                  → node dist/server.mjs
//   remote-<name>/  a remote's build: static files, its mf-manifest.json and server/
//   static/         serve.mjs, a server for such a folder, one file (its few npm modules inside)
//                                                                  → node serve.mjs <folder>
// The npm packages are copied from this checkout's node_modules (installed from the lock file by
// `npm ci`), with their own dependencies and nothing else: offline, and the versions the tests
// ran with. No source maps, no test build. deploy/Dockerfile copies exactly these folders, and
// tools/package-check.mjs starts them outside the repository with the Dockerfile's commands.
import { builtinModules } from 'node:module';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { REMOTES } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { SOURCE_CONDITION, npmPackagesExternal } from './site-server-build';
import { readCommandLine } from './command-line';

export const PACKAGE_DIR = path.join(ROOT, 'dist-deploy');
/** The runtime the packages are made for (their package.json's engines, the Dockerfile's image). */
export const NODE_ENGINES = '>=24';

/** What this file reads of a package.json. */
interface PackageManifest {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** The npm package a specifier names (`@scope/name/sub` → `@scope/name`), or null. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier)) {
    return null;
  }
  if (specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** The npm packages a bundle imports or requires by name. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names = new Set<string>();
  const patterns = [
    /(?:^|\n)\s*import\s+(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']/g,
    /(?:^|\n)\s*export\s+[^'"`;]*?\s+from\s+["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\b(?:__require|require)\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const name = match[1] === undefined ? null : packageOf(match[1]);
      if (name && !name.startsWith('@portfolio/')) names.add(name);
    }
  }
  return [...names].sort();
}

/** The installed folder of package `name` as Node resolves it from `fromDir`. */
function findPackage(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === path.dirname(dir)) return null;
  }
}

/**
 * Copies `names` (resolved from `fromDir`) and everything they depend on into `outDir`'s
 * node_modules, in npm's layout: each package at the top unless another version is there, then
 * under the package that needs it. Returns the top-level packages' versions.
 */
export function copyPackages(
  names: readonly string[],
  fromDir: string,
  outDir: string,
): Record<string, string> {
  /** Output folder → the installed folder copied there. */
  const placed = new Map<string, string>();
  const versions: Record<string, string> = {};
  function place(
    name: string,
    requesterSource: string,
    requesterTarget: string,
    optional: boolean,
  ): void {
    if (name.startsWith('@portfolio/')) return;
    const source = findPackage(name, requesterSource);
    if (!source) {
      if (optional) return;
      throw new Error(`${name} is not installed (needed from ${requesterSource}): run npm ci`);
    }
    const top = path.join(outDir, 'node_modules', name);
    let target = top;
    if (placed.has(top)) {
      if (placed.get(top) === source) return;
      target = path.join(requesterTarget, 'node_modules', name);
      if (placed.get(target) === source) return;
    }
    placed.set(target, source);
    cpSync(source, target, {
      recursive: true,
      // Its own node_modules are placed package by package; no source maps, no .bin links.
      filter: (file) => {
        const relative = path.relative(source, file);
        return (
          !relative.split(path.sep).includes('node_modules') &&
          !relative.endsWith('.map') &&
          !relative.split(path.sep).includes('.bin')
        );
      },
    });
    const manifest = JSON.parse(
      readFileSync(path.join(source, 'package.json'), 'utf8'),
    ) as PackageManifest;
    for (const dep of Object.keys(manifest.dependencies ?? {})) place(dep, source, target, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
      place(dep, source, target, true);
    }
    for (const dep of Object.keys(manifest.peerDependencies ?? {}))
      place(dep, source, target, true);
  }
  for (const name of names) {
    place(name, fromDir, outDir, false);
    const manifest = path.join(outDir, 'node_modules', name, 'package.json');
    versions[name] = (JSON.parse(readFileSync(manifest, 'utf8')) as PackageManifest).version;
  }
  return versions;
}

/** Copies a build folder without source maps. */
function copyBuild(from: string, to: string): void {
  if (!existsSync(from)) throw new Error(`${from} is missing: run npm run build first`);
  cpSync(from, to, { recursive: true, filter: (file) => !file.endsWith('.map') });
}

/** Refuses the browser specs' test build (ADR 071): a package is a production build. */
function assertProductionBuild(dir: string): void {
  const stamp = path.join(dir, '.build-stamp');
  const kind = existsSync(stamp)
    ? (JSON.parse(readFileSync(stamp, 'utf8')) as { kind?: string }).kind
    : 'production';
  if (kind !== 'production') {
    throw new Error(`${dir} is a ${kind} build: run npm run build (a production build) first`);
  }
}

function writeManifest(
  dir: string,
  name: string,
  start: string,
  dependencies: Record<string, string>,
): void {
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name,
        private: true,
        type: 'module',
        engines: { node: NODE_ENGINES },
        scripts: { start },
        dependencies,
      },
      null,
      2,
    )}\n`,
  );
}

/**
 * The content API's bundles: its server, its admin command, and the SVG checks' worker, which
 * the server starts by its path beside its own (content-api/src/features/images/svg-checks.ts).
 */
export const API_ENTRIES = {
  server: path.join(ROOT, 'content-api', 'src', 'server.ts'),
  admin: path.join(ROOT, 'content-api', 'src', 'cli', 'admin.ts'),
  'svg-worker': path.join(ROOT, 'content-api', 'src', 'features', 'images', 'svg-worker.ts'),
};

/**
 * esbuild, as the site's server is bundled: workspace code compiled in, npm packages left to
 * node_modules (or compiled in too: `npmInside`, for a server with no node_modules of its own).
 */
export async function bundle(
  entryPoints: Record<string, string>,
  outdir: string,
  { npmInside = false }: { npmInside?: boolean } = {},
): Promise<void> {
  await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: [SOURCE_CONDITION],
    plugins: npmInside ? [] : [npmPackagesExternal],
    logLevel: 'warning',
  });
}

export async function packageServices({
  out = PACKAGE_DIR,
}: { out?: string } = {}): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  // The site's server and the shell's build.
  const shellDist = path.join(ROOT, 'shell', 'dist');
  assertProductionBuild(shellDist);
  const site = path.join(out, 'site');
  copyBuild(shellDist, path.join(site, 'dist'));
  // jsdom: required at run time by a remote's server code (its Markdown is sanitised on a window).
  const siteImports = [...importsOf(path.join(site, 'dist', 'site', 'main.mjs')), 'jsdom'];
  writeManifest(
    site,
    'portfolio-site',
    'node dist/site/main.mjs',
    copyPackages(siteImports, path.join(ROOT, 'shell'), site),
  );

  // The content API.
  const api = path.join(out, 'api');
  await bundle(API_ENTRIES, path.join(api, 'dist'));
  for (const folder of ['drizzle', 'seed']) {
    cpSync(path.join(ROOT, 'content-api', folder), path.join(api, folder), { recursive: true });
  }
  const apiManifest = JSON.parse(
    readFileSync(path.join(ROOT, 'content-api', 'package.json'), 'utf8'),
  ) as PackageManifest;
  const apiImports = new Set([
    ...importsOf(path.join(api, 'dist', 'server.mjs')),
    ...importsOf(path.join(api, 'dist', 'admin.mjs')),
    // Read by name at run time (the cards' font files).
    '@fontsource/inter',
  ]);
  for (const name of apiImports) {
    if (!(name in (apiManifest.dependencies ?? {}))) {
      throw new Error(`The API imports ${name}, not in content-api/package.json's dependencies`);
    }
  }
  writeManifest(
    api,
    'portfolio-content-api',
    'node dist/server.mjs',
    copyPackages([...apiImports], path.join(ROOT, 'content-api'), api),
  );

  // The remotes' static server, and each remote's build.
  await bundle({ serve: path.join(ROOT, 'deploy', 'static-entry.ts') }, path.join(out, 'static'), {
    npmInside: true,
  });
  const unexpected = importsOf(path.join(out, 'static', 'serve.mjs'));
  if (unexpected.length > 0) throw new Error(`static/serve.mjs imports ${unexpected.join(', ')}`);
  for (const app of REMOTES) {
    const dist = path.join(ROOT, app.dir, 'dist');
    assertProductionBuild(dist);
    copyBuild(dist, path.join(out, `remote-${app.name}`));
  }
  return out;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  readCommandLine({ usage: 'Usage: npm run package (no arguments)' });
  const started = Date.now();
  packageServices().then(
    (out) =>
      console.log(
        `Packaged site, api, static and ${REMOTES.length} remotes in ${path.relative(ROOT, out)}/ ` +
          `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
      ),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
