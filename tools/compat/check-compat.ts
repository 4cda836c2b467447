// npm run check:compat — may this build go live next to what is live now?
//
//   npm run check:compat -- --candidate remote-shop/dist --live https://www.example.com
//   npm run check:compat -- --candidate remote-shop/dist \
//     --live live/shell live/portfolio live/blog live/auth live/shop
//
// --live takes the live site's origin (its /runtime-config.json names the remotes' manifests,
// the shell's own is /mf-manifest.json), or one entry per app: a build folder, an
// mf-manifest.json file or its URL. --candidate is the build about to replace the live app of
// the same name. Each app's manifest lists the singletons it shares, with the version it
// provides and the range it requires; on a page, one provider serves them all (the shell's, as
// it loads first), so every app's range must accept every other app's version. It fails when the
// candidate needs a version the live site does not provide, or provides one a live app cannot
// use, and says which deploy order would work.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { REMOTES } from '@portfolio/platform/apps';
import { readCommandLine } from '../command-line';
import { checkExposedTypes } from './exposed-types';

/** A shared module as an app's mf-manifest.json lists it. */
export interface SharedEntry {
  name: string;
  version: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}
/** What check:compat reads of an app's mf-manifest.json. */
export interface Manifest {
  name: string;
  metaData?: { pluginVersion?: string };
  shared: SharedEntry[];
}
/** An app's manifest and where it was read from. */
export interface App {
  manifest: Manifest;
  source: string;
}

/** Does `version` fall in `range`? A missing or "*" range accepts anything. */
function accepts(range: string | false | undefined, version: string): boolean {
  if (!range || range === '*') return true;
  return semver.satisfies(version, range, { includePrerelease: true });
}

export function checkCompat({ live, candidate }: { live: App[]; candidate: App }): {
  errors: string[];
  warnings: string[];
  checked: string[];
} {
  const name = candidate.manifest.name;
  const apps = [...live.filter((app) => app.manifest.name !== name), candidate];
  const shell = apps.find((app) => app.manifest.name === 'shell');
  const errors: string[] = [];
  const warnings: string[] = [];
  const keys = new Set(
    apps.flatMap((app) => app.manifest.shared.filter((s) => s.singleton).map((s) => s.name)),
  );
  for (const key of [...keys].sort()) {
    const entries = apps.flatMap((app) =>
      app.manifest.shared
        .filter((shared) => shared.name === key && shared.singleton)
        .map((shared) => ({ app: app.manifest.name, shared })),
    );
    // shareStrategy 'loaded-first': the shell loads before any remote, so its copy of a
    // singleton it shares is the one every app gets. Only a singleton the shell does not share
    // goes to whichever remote loads first, so then any provider may serve any consumer.
    const fromShell = entries.find((entry) => entry.app === 'shell');
    const providers = fromShell ? [fromShell] : entries;
    for (const consumer of entries) {
      for (const provider of providers) {
        if (provider.app === consumer.app) continue;
        if (accepts(consumer.shared.requiredVersion, provider.shared.version)) continue;
        const fact =
          `${consumer.app} requires ${key} ${consumer.shared.requiredVersion}, ` +
          `but ${provider.app} provides ${provider.shared.version}`;
        if (consumer.app === name) {
          errors.push(
            `${fact}. The candidate needs a newer singleton than the live site has: first deploy ` +
              `a ${provider.app} whose ${key} satisfies ${consumer.shared.requiredVersion} (and ` +
              `still suits the other live apps), then ${name}.`,
          );
        } else if (provider.app === name) {
          errors.push(
            `${fact}. The candidate provides a singleton a live app cannot use: rebuild ` +
              `${consumer.app} against it and deploy them together, or keep ${key}'s ` +
              `exports compatible (no removed export: a minor version) so ${consumer.app} still accepts it.`,
          );
        } else {
          warnings.push(`${fact} (already so on the live site, not caused by ${name}).`);
        }
      }
    }
  }
  // A singleton the live shell shares and the candidate shell does not: the live remotes would
  // then share it among themselves while the shell keeps its own copy, two instances of state
  // that must be one (e.g. a module moved from singleton to bundled before the remotes were).
  if (name === 'shell') {
    const liveShell = live.find((app) => app.manifest.name === 'shell');
    const singletonsOf = (app: App | undefined): Set<string> =>
      new Set(app?.manifest.shared.filter((s) => s.singleton).map((s) => s.name) ?? []);
    const before = singletonsOf(liveShell);
    const after = singletonsOf(candidate);
    for (const key of [...before].filter((k) => !after.has(k)).sort()) {
      const users = apps
        .filter((app) => app.manifest.name !== 'shell' && singletonsOf(app).has(key))
        .map((app) => app.manifest.name);
      if (users.length === 0) continue;
      errors.push(
        `The candidate shell no longer shares ${key} as a singleton, but live ${users.join(', ')} ` +
          `still do: if the shell still uses it, the page would hold two instances. Deploy ` +
          `${users.join(', ')} built without that singleton first, then the shell.`,
      );
    }
  }
  // Remotes run on the shell's federation runtime core (ADR 029): a remote must not be built
  // with a newer @module-federation/enhanced than the live shell.
  const candidatePlugin = semver.valid(candidate.manifest.metaData?.pluginVersion);
  const shellPlugin = semver.valid(shell?.manifest.metaData?.pluginVersion);
  if (name !== 'shell' && candidatePlugin && shellPlugin) {
    if (semver.gt(candidatePlugin, shellPlugin)) {
      errors.push(
        `${name} is built with @module-federation/enhanced ${candidatePlugin}, the live ` +
          `shell with ${shellPlugin}: remotes run on the shell's runtime, so deploy the shell first.`,
      );
    }
  }
  return { errors, warnings, checked: [...keys].sort() };
}

/** A manifest from a build folder, a manifest file or a URL. */
export async function loadApp(where: string): Promise<App> {
  if (/^https?:\/\//.test(where)) {
    const response = await fetch(where, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${where}: HTTP ${response.status}`);
    return { manifest: validManifest((await response.json()) as unknown, where), source: where };
  }
  const file =
    existsSync(where) && statSync(where).isDirectory()
      ? path.join(where, 'mf-manifest.json')
      : where;
  if (!existsSync(file)) throw new Error(`${file} does not exist (build the app first)`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return { manifest: validManifest(parsed, file), source: file };
}

/** The live site's five manifests, from its origin's runtime config. */
export async function loadSite(origin: string): Promise<App[]> {
  const base = origin.replace(/\/+$/, '');
  const response = await fetch(`${base}/runtime-config.json`);
  if (!response.ok) throw new Error(`${base}/runtime-config.json: HTTP ${response.status}`);
  const config = (await response.json()) as { remotes?: Record<string, unknown> };
  const urls = [`${base}/mf-manifest.json`, ...Object.values(config.remotes ?? {})];
  return Promise.all(urls.map((url) => loadApp(new URL(String(url), `${base}/`).href)));
}

function validManifest(value: unknown, where: string): Manifest {
  const manifest = value as Partial<Manifest> | null;
  if (typeof manifest?.name !== 'string' || !Array.isArray(manifest.shared)) {
    throw new Error(`${where} is not a Module Federation manifest (no name or shared list)`);
  }
  return manifest as Manifest;
}

const USAGE =
  'Usage: npm run check:compat -- --candidate <build folder | manifest> ' +
  '--live <site origin | one build folder, manifest file or URL per app ...>';

/** `--candidate X --live A [B …]`: the words after --live are live apps too, as before. */
function parseOptions(argv: string[]): { live: string[]; candidate: string } {
  const { values, positionals } = readCommandLine(
    {
      usage: USAGE,
      options: { candidate: { type: 'string' }, live: { type: 'string', multiple: true } },
      positionals: { max: 16 },
    },
    argv,
  );
  const live = [...(values.live ?? []), ...positionals];
  if (!values.candidate || !values.live || live.length === 0) {
    console.error(USAGE);
    process.exit(2);
  }
  // Words after --candidate's value and before --live would be taken for live apps: refused.
  // By position, not by value: the candidate may be the same file as one of the live apps.
  const firstLive = argv.findIndex((word) => word === '--live' || word.startsWith('--live='));
  const before = argv.slice(0, firstLive);
  const stray = before.find(
    (word, index) =>
      word !== '--candidate' && !word.startsWith('--') && before[index - 1] !== '--candidate',
  );
  if (stray !== undefined) {
    console.error(`Unexpected argument "${stray}"\n${USAGE}`);
    process.exit(2);
  }
  return { live, candidate: values.candidate };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const candidate = await loadApp(options.candidate);
  const [only] = options.live;
  const live =
    options.live.length === 1 && only && /^https?:\/\//.test(only) && !only.endsWith('.json')
      ? await loadSite(only)
      : await Promise.all(options.live.map(loadApp));
  const { errors, warnings, checked } = checkCompat({ live, candidate });
  // A remote's build: its exposed modules' types against the shell's use of them (ADR 194).
  const remote = REMOTES.find((app) => app.name === candidate.manifest.name);
  const candidateDir = path.dirname(candidate.source);
  if (remote && existsSync(path.join(candidateDir, 'mf-manifest.json'))) {
    errors.push(...(await checkExposedTypes({ remote, candidateDir })));
  }
  const liveNames = live
    .map((app) => app.manifest.name)
    .filter((n) => n !== candidate.manifest.name);
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  if (errors.length > 0) {
    console.error(
      `check:compat: ${candidate.manifest.name} (${candidate.source}) must not go live next to ` +
        `the live ${liveNames.join(', ')}:\n${errors.map((error) => `  - ${error}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `check:compat: ${candidate.manifest.name} can go live next to the live ${liveNames.join(', ')} ` +
      `(${checked.length} singletons checked: ${checked.join(', ')}).`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`check:compat: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  });
}
