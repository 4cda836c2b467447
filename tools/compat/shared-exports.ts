// The export surface of @portfolio/shared, per subpath, and the versioning rule that goes with
// it. A federated app only breaks on a shared module whose exports differ from what it was built
// against, so the runtime value exports (not types, which are erased) are what gets recorded.
//   npm run shared:exports                            compare with the snapshot, exit 1 if stale
//   npm run shared:exports -- --write                 record the current surface and version
//   npm run shared:exports -- --write --changed ./config
//       also mark ./config as changed (a behaviour change consumers depend on, exports unchanged)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import ts from 'typescript';
import { readCommandLine } from '../command-line';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_DIR = path.join(ROOT, 'shared');
export const SNAPSHOT_FILE = 'exports-snapshot.json';
const UPDATE_COMMAND = 'npm run shared:exports -- --write';

/** shared/exports-snapshot.json: each subpath's value exports and the version they last changed at. */
export interface ExportsSnapshot {
  version: string;
  subpaths: Record<string, { since: string; values: string[] }>;
}

/** What these checks read of shared/package.json. */
export interface SharedPackageJson {
  version: string;
  dependencies: Record<string, string>;
  exports: Record<string, string>;
}

/** One subpath's change between the snapshot and the sources. */
export interface SurfaceChange {
  subpath: string;
  added: string[];
  removed: string[];
}

export function readSharedPackage(sharedDir: string = SHARED_DIR): SharedPackageJson {
  return JSON.parse(
    readFileSync(path.join(sharedDir, 'package.json'), 'utf8'),
  ) as SharedPackageJson;
}

export function readSnapshot(sharedDir: string = SHARED_DIR): ExportsSnapshot | null {
  try {
    return JSON.parse(readFileSync(path.join(sharedDir, SNAPSHOT_FILE), 'utf8')) as ExportsSnapshot;
  } catch {
    return null;
  }
}

/** Value exports of each code subpath of the package's exports map (CSS is left out). */
export function currentSurface(sharedDir: string = SHARED_DIR): Record<string, string[]> {
  const { exports } = readSharedPackage(sharedDir);
  const entries = Object.entries(exports).filter(([subpath]) => !subpath.endsWith('.css'));
  const files = entries.map(([, file]) => path.join(sharedDir, file));
  const program = ts.createProgram(files, {
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    allowJs: false,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const surface: Record<string, string[]> = {};
  for (const [subpath, file] of entries) {
    const source = program.getSourceFile(path.join(sharedDir, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`Cannot read the exports of ${subpath} (${file})`);
    surface[subpath] = checker
      .getExportsOfModule(moduleSymbol)
      .filter((symbol) => {
        const target =
          symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((symbol) => symbol.getName())
      .sort();
  }
  return surface;
}

/**
 * What changed between the snapshot and the current surface, and the smallest version that
 * records it: a removed export or subpath needs a major bump, an added one a minor bump.
 * `version` is the package.json version.
 */
export function compareSurface(
  snapshot: ExportsSnapshot | null,
  surface: Record<string, string[]>,
  version: string,
): {
  changes: SurfaceChange[];
  needed: string;
  breaking: boolean;
  problems: string[];
  versionProblem: string | null;
  staleProblem: string | null;
} {
  const before = snapshot?.subpaths ?? {};
  const changes: SurfaceChange[] = [];
  for (const subpath of new Set([...Object.keys(before), ...Object.keys(surface)])) {
    const old = before[subpath]?.values;
    const now = surface[subpath];
    const added = now ? now.filter((name) => !old?.includes(name)) : [];
    const removed = old ? (now ? old.filter((name) => !now.includes(name)) : []) : [];
    // A new subpath with no value exports (types only) is still an addition.
    if (!old && now && added.length === 0) added.push('(subpath)');
    if (old && !now) removed.push('(subpath)');
    if (added.length > 0 || removed.length > 0) changes.push({ subpath, added, removed });
  }
  const base = snapshot?.version ?? '0.0.0';
  const breaking = changes.some((change) => change.removed.length > 0);
  const needed =
    changes.length === 0 ? base : (semver.inc(base, breaking ? 'major' : 'minor') ?? base);
  /** A version too low for the change: only a version bump fixes it. */
  let versionProblem: string | null = null;
  /** A correct version the snapshot does not record yet: only --write fixes it. */
  let staleProblem: string | null = null;
  const list = changes
    .map(
      (change) =>
        `  ${change.subpath}: ${[
          ...change.added.map((name) => `+${name}`),
          ...change.removed.map((name) => `-${name}`),
        ].join(' ')}`,
    )
    .join('\n');
  if (!semver.valid(version)) {
    versionProblem = `shared/package.json version "${version}" is not semver.`;
  } else if (semver.lt(version, needed)) {
    versionProblem =
      `The exports of @portfolio/shared changed, but its version is still ${version}:\n${list}\n` +
      `${breaking ? 'Something was removed: a major' : 'Only additions: a minor'} bump is needed. ` +
      `Set "version": "${needed}" (or higher) in shared/package.json, then run \`${UPDATE_COMMAND}\`.`;
  } else if (changes.length > 0 || base !== version) {
    staleProblem =
      `shared/${SNAPSHOT_FILE} does not record @portfolio/shared ${version}` +
      (changes.length > 0 ? `; exports changed:\n${list}\n` : '. ') +
      `Run \`${UPDATE_COMMAND}\` and commit the result.`;
  }
  const problems = [versionProblem, staleProblem].filter(
    (problem): problem is string => problem !== null,
  );
  return { changes, needed, breaking, problems, versionProblem, staleProblem };
}

/**
 * The snapshot to write: each subpath keeps the version at which its surface last changed
 * (`since`), which is what its federation singleton provides and requires.
 * `alsoChanged`: subpaths to mark as changed at this version anyway.
 */
export function nextSnapshot(
  snapshot: ExportsSnapshot | null,
  surface: Record<string, string[]>,
  version: string,
  alsoChanged: string[] = [],
): ExportsSnapshot {
  const { changes } = compareSurface(snapshot, surface, version);
  const changed = new Set([...changes.map((change) => change.subpath), ...alsoChanged]);
  const subpaths: ExportsSnapshot['subpaths'] = {};
  for (const [subpath, values] of Object.entries(surface).sort(([a], [b]) => a.localeCompare(b))) {
    const since = changed.has(subpath) ? version : (snapshot?.subpaths[subpath]?.since ?? version);
    subpaths[subpath] = { since, values };
  }
  return { version, subpaths };
}

async function main(): Promise<void> {
  const { values: flags } = readCommandLine({
    usage: 'Usage: npm run shared:exports -- [--write [--changed <subpath>…]]',
    options: { write: { type: 'boolean' }, changed: { type: 'string', multiple: true } },
  });
  const alsoChanged = (flags.changed ?? []).map((arg) => (arg.startsWith('./') ? arg : `./${arg}`));
  const { version } = readSharedPackage();
  const snapshot = readSnapshot();
  const surface = currentSurface();
  const { problems, versionProblem } = compareSurface(snapshot, surface, version);
  if (flags.write !== true) {
    for (const problem of problems) console.error(problem);
    process.exit(problems.length > 0 ? 1 : 0);
  }
  if (versionProblem) {
    console.error(versionProblem);
    process.exit(1);
  }
  const unknown = alsoChanged.filter((subpath) => !(subpath in surface));
  if (unknown.length > 0) {
    console.error(`Unknown subpath(s): ${unknown.join(', ')}`);
    process.exit(1);
  }
  if (alsoChanged.length > 0 && snapshot && semver.eq(version, snapshot.version)) {
    console.error(
      `Marking ${alsoChanged.join(', ')} as changed needs a new version: bump shared/package.json first.`,
    );
    process.exit(1);
  }
  const next = nextSnapshot(snapshot, surface, version, alsoChanged);
  // Formatted as the repository's Prettier check expects, so the written file passes lint.
  const file = path.join(SHARED_DIR, SNAPSHOT_FILE);
  // Loaded here, not at the top: only the CLI needs it, and it cannot load inside Jest.
  const { default: prettier } = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(next), { ...options, filepath: file }));
  console.log(`Recorded @portfolio/shared ${version} in shared/${SNAPSHOT_FILE}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
