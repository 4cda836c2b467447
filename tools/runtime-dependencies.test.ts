/** @jest-environment node */
// `npm start` on a fresh clone installs what building and running the site needs and nothing
// else: `npm ci --omit=dev` (tools/ensure-install.mjs --runtime, docs/decisions/211). A package
// the start imports but a workspace lists only in its devDependencies would be missing there,
// and the full install that CI and `npm test` make would never show it. This test follows the
// imports of everything `npm start` runs, as esbuild resolves them, and checks each npm package
// they reach against the lock file's flags: none may be one that `--omit=dev` leaves out.
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { PACKAGES_NAMED_BY_STRING } from './named-packages';
import { ROOT } from './root';
import { SITE_SERVER_ENTRY, SOURCE_CONDITION } from './site-server-build';

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
}
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Every source file of a folder that a build compiles (its tests are not). */
function sourcesOf(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
    .filter((file) => !file.endsWith('.d.ts'))
    .map((file) => path.join(ROOT, dir, file));
}

/** What `npm start` runs or builds: its launchers, the servers, every app's browser code. */
const ENTRIES = [
  path.join(ROOT, 'tools', 'start.ts'),
  // Run by start.ts as a child: the webpack configs and their loaders and plugins, the API build.
  path.join(ROOT, 'tools', 'build.ts'),
  SITE_SERVER_ENTRY,
  path.join(ROOT, 'content-api', 'src', 'server.ts'),
  path.join(ROOT, 'content-api', 'src', 'features', 'images', 'svg-worker.ts'),
  ...[
    'shell/src',
    'federation-runtime/src',
    'remote-portfolio/src',
    'remote-blog/src',
    'remote-auth/src',
    'remote-shop/src',
  ].flatMap(sourcesOf),
];

/** Modules only a development build loads (`npm run dev` installs everything). */
const DEVELOPMENT_ONLY = new Set([path.join(ROOT, 'tools', 'webpack', 'fast-refresh.ts')]);

/** `react-dom/server` → `react-dom`; `@scope/name/x` → `@scope/name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * The lock file's entry of the package `name` as Node finds it from `dir`: the nearest
 * `node_modules/<name>` up from there (a workspace's own copy before the root's).
 */
function lockEntryOf(name: string, dir: string): string {
  for (let at = path.relative(ROOT, dir); ; at = path.dirname(at)) {
    const base = at === '.' || at === '' ? '' : `${at}/`;
    if (lock.packages[`${base}node_modules/${name}`]) return `${base}node_modules/${name}`;
    if (base === '') throw new Error(`${name}, imported from ${dir}, is not in package-lock.json`);
  }
}

/** Collects the npm packages imported (left external); the repo's own packages are followed. */
function collectPackages(found: Set<string>): Plugin {
  const builtins = new Set(builtinModules);
  return {
    name: 'collect-npm-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\./ }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        const developmentOnly = DEVELOPMENT_ONLY.has(file) || DEVELOPMENT_ONLY.has(`${file}.ts`);
        return developmentOnly ? { path: args.path, external: true } : undefined;
      });
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
        // The remote being built, webpack's alias of its src/ (each remote's sources are entries).
        if (args.path.startsWith('@portfolio/remote-src'))
          return { path: args.path, external: true };
        if (args.path.startsWith('@portfolio/')) return undefined;
        if (args.path.startsWith('node:') || builtins.has(packageName(args.path))) {
          return { path: args.path, external: true };
        }
        found.add(lockEntryOf(packageName(args.path), args.resolveDir));
        return { path: args.path, external: true };
      });
    },
  };
}

async function importedPackages(): Promise<Set<string>> {
  const found = new Set<string>();
  await build({
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    outdir: path.join(ROOT, 'node_modules', '.cache', 'runtime-dependencies'),
    platform: 'node',
    format: 'esm',
    conditions: [SOURCE_CONDITION],
    plugins: [collectPackages(found)],
    // Stylesheets and images are webpack's to load; their own imports are not packages.
    loader: Object.fromEntries(
      ['.css', '.svg', '.png', '.jpg', '.webp', '.woff2', '.html'].map((ext) => [ext, 'empty']),
    ),
    logLevel: 'silent',
  });
  return found;
}

/** Where `--omit=dev` leaves a lock entry out: flagged dev, or dev and optional at once. */
function omittedWithoutDev(entry: string): boolean {
  const flags = lock.packages[entry];
  if (!flags) throw new Error(`${entry} is not in package-lock.json`);
  return flags.dev === true || flags.devOptional === true;
}

test('every package npm start imports is installed by npm ci --omit=dev', async () => {
  const packages = await importedPackages();
  // The webpack configs' loaders and the programs the stack starts by their paths.
  for (const name of PACKAGES_NAMED_BY_STRING) {
    packages.add(lockEntryOf(name, path.join(ROOT, 'tools')));
  }
  // …and what `npm start` loads before any of them (`node --import tsx`).
  const start =
    (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.start ?? '';
  for (const [, name] of start.matchAll(/--import (\S+)/g)) {
    if (name) packages.add(lockEntryOf(name, ROOT));
  }
  expect(packages.has('node_modules/tsx')).toBe(true);
  expect(packages.size).toBeGreaterThan(40);
  // The start path reaches the build tools, the servers and the apps…
  for (const name of ['webpack', 'esbuild', 'fastify', 'react', 'firebase-tools', 'maildev']) {
    expect(packages.has(`node_modules/${name}`)).toBe(true);
  }
  // …and none of them is left out of a runtime install.
  expect([...packages].filter(omittedWithoutDev).sort()).toEqual([]);
});

test('the runtime install leaves out the test, lint and benchmark tools', () => {
  for (const name of ['jest', 'eslint', 'prettier', 'knip', 'lighthouse', 'playwright']) {
    expect(omittedWithoutDev(`node_modules/${name}`)).toBe(true);
  }
});

test("every dev script installs what is missing first: after npm start's runtime install there is no dev server", () => {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const devScripts = ['.', ...workspaces].flatMap((dir) => {
    const { scripts = {} } = JSON.parse(
      readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'),
    ) as { scripts?: Record<string, string> };
    return Object.entries(scripts)
      .filter(([, command]) => command.includes('tools/dev.ts'))
      .map(([name, command]) => ({ script: `${dir} ${name}`, command }));
  });
  // The root's and each app's (`npm run dev -w @portfolio/remote-shop`, docs/remote-team.md).
  expect(devScripts.length).toBeGreaterThanOrEqual(6);
  for (const { script, command } of devScripts) {
    expect({ script, command }).toEqual({
      script,
      command: expect.stringMatching(/^node (\.\.\/)?tools\/ensure-install\.mjs && /),
    });
  }
});
