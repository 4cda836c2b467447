// Proves that production builds carry no test code (docs/decisions/071): no federation
// diagnostics (window.__portfolioDiagnostics, a remote's ./Diagnostics expose), no test support
// (@portfolio/testing, the hostile-request generators, fast-check, the Firebase stand-in), no
// test files, and not the single bundle's stand-in of `npm run bench:bundle`. Nor React Router's
// development build, which its package picks unless the build takes the production files.
//   tsx tools/check-production-build.ts            the five apps' dist/, contract/ and content-api/
//   tsx tools/check-production-build.ts shop api   only these
// tools/build.ts runs the same check after every production build; a test build
// (tools/build.ts --test) fails it, which is how `npm run deploy` refuses one.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { readCommandLine } from './command-line';

/** Text no file of a production build may contain, and what it would mean. */
const FORBIDDEN_TEXT: [needle: string, what: string][] = [
  ['__portfolioDiagnostics', 'the federation diagnostics (test builds only)'],
  ['collectIdentities', 'the federation diagnostics module'],
  ['./Diagnostics', "a remote's ./Diagnostics expose (test builds only)"],
  ['@portfolio/testing', 'the test support package'],
  ['fast-check', 'fast-check, a dev dependency of the tests'],
  ['hostile-requests', 'the hostile-request generators'],
  ['in the single bundle', 'the single bundle stand-in (npm run bench:bundle)'],
  ['jest.fn(', 'a Jest mock (the Firebase stand-in?)'],
  // Unminified (the server builds): the development build's own switch.
  ['ENABLE_DEV_WARNINGS = true', "React Router's development build"],
];

/** Source files no production bundle may be built from (checked in source maps' sources). */
const FORBIDDEN_SOURCES: [pattern: RegExp, what: string][] = [
  [/(^|\/)testing\//, 'test support (the testing package, content-api/src/testing)'],
  [/hostile-requests/, 'the hostile-request generators'],
  [/federation-diagnostics|federation\/diagnostics/, 'the federation diagnostics'],
  [/single-bundle-remotes/, 'the single bundle stand-in (npm run bench:bundle)'],
  [/\.test\.[cm]?[jt]sx?$/, 'a test file'],
  [/node_modules\/fast-check\//, 'fast-check'],
  [/node_modules\/react-router\/dist\/development\//, "React Router's development build"],
];

const TEXT_FILE = /\.(c|m)?js$|\.json$|\.html$|\.css$|\.txt$/;

/** Every file under `dir`, relative, with '/' separators. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/** The test code found in one build folder (empty: none). */
export function testCodeIn(dir: string): { file: string; problem: string }[] {
  const found: { file: string; problem: string }[] = [];
  for (const file of filesUnder(dir)) {
    const [, problem] = FORBIDDEN_SOURCES.find(([pattern]) => pattern.test(file)) ?? [];
    if (problem) found.push({ file, problem: `${problem} was written to the build` });
    if (file.endsWith('.map')) {
      // Only what the bundles were built from: the sources' own text may mention anything.
      const { sources = [] } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
        sources?: string[];
      };
      for (const source of sources) {
        const [, what] = FORBIDDEN_SOURCES.find(([pattern]) => pattern.test(source)) ?? [];
        if (what) found.push({ file, problem: `${what} (${source}) is bundled` });
      }
    } else if (TEXT_FILE.test(file)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const [needle, what] of FORBIDDEN_TEXT) {
        if (text.includes(needle)) found.push({ file, problem: `${what}: "${needle}"` });
      }
    }
  }
  for (const manifest of ['mf-manifest.json', 'mf-stats.json']) {
    if (!existsSync(path.join(dir, manifest))) continue;
    const { exposes = [] } = JSON.parse(readFileSync(path.join(dir, manifest), 'utf8')) as {
      exposes?: { name?: string }[];
    };
    for (const expose of exposes) {
      if (/diagnostics/i.test(expose.name ?? ''))
        found.push({ file: manifest, problem: `exposes ${expose.name} (test builds only)` });
    }
  }
  return found;
}

/** The build folders to check, by app name, `contract` or `api`/`content-api`. */
export function productionBuildDirs(names: string[] = []): string[] {
  const all = [
    ...APPS.map((app) => ({ names: [app.name, app.dir], dir: path.join(ROOT, app.dir, 'dist') })),
    { names: ['contract'], dir: path.join(ROOT, 'contract', 'dist') },
    { names: ['api', 'content-api'], dir: path.join(ROOT, 'content-api', 'dist') },
  ];
  return all
    .filter((entry) => names.length === 0 || entry.names.some((name) => names.includes(name)))
    .map((entry) => entry.dir);
}

/** Checks build folders; returns a report line per problem (empty: all clean). */
export function checkProductionBuilds(dirs: string[]): string[] {
  const problems: string[] = [];
  for (const dir of dirs) {
    const label = path.relative(ROOT, dir) || dir;
    if (!existsSync(dir)) {
      problems.push(`${label}: not built (run npm run build)`);
      continue;
    }
    for (const { file, problem } of testCodeIn(dir)) problems.push(`${label}/${file}: ${problem}`);
  }
  return problems;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  const names = [...APPS.flatMap((app) => [app.name, app.dir]), 'contract', 'api', 'content-api'];
  const { positionals } = readCommandLine({
    usage: `Usage: npm run check:build -- [${APPS.map((app) => app.name).join('|')}|contract|api…]`,
    positionals: { max: names.length, allowed: names },
  });
  const dirs = productionBuildDirs(positionals);
  const problems = checkProductionBuilds(dirs);
  if (problems.length > 0) {
    console.error('Test code in a production build (docs/decisions/071):');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`No test code in ${dirs.map((dir) => path.relative(ROOT, dir)).join(', ')}`);
}
