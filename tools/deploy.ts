// Deploys a remote's build to an immutable, versioned folder and switches a small pointer to it
// (docs/decisions/038): `npm run deploy -- <app…> [--version <id>]` (tools/deploy.ts, under tsx).
//
//   <app>/deploys/
//     current.json          {"version": "<id>", "history": ["<id>", …]}, replaced atomically
//     versions/<id>/…       a whole build (browser files and server/), never changed again
//
// A build's own output folder is cleaned by every build, deleting chunks a page or a render in
// flight may still need; a deployed version stays until it is several deploys old. The static
// server (@portfolio/platform/static-server) serves the current version at the remote's usual addresses
// and every kept version under /v/<id>/; the shell's server and the browsers it renders for load
// a page's code from the version it was rendered with.
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from '@portfolio/platform/apps';
import { parsePublishedRoutes } from '@portfolio/contract';
import { ROOT } from './root';
import { checkProductionBuilds } from './check-production-build';
import {
  POINTER_FILE,
  VERSIONS_DIR,
  VERSION_PATTERN,
  readPointer,
} from '@portfolio/platform/deploy-folders';

export { readPointer };
/** How many versions stay servable: the current one and the last few before it. */
export const DEFAULT_KEEP = 5;

/** Every file under `dir`, relative, sorted (source maps included: they are part of a build). */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
    })
    .sort();
}

/** A build's version: a hash of its files, so deploying the same build twice changes nothing. */
export function buildVersion(buildDir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(buildDir)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(buildDir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Writes a file so that readers see the old content or the new, never a part. */
function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/**
 * Copies `buildDir` to `<deployRoot>/versions/<version>/` (unless that version is there already),
 * records in its server/routes.json where the version is served (`deployment`), then points
 * `current.json` at it and removes versions older than the last `keep`.
 */
export function deployBuild({
  buildDir,
  deployRoot,
  version,
  keep = DEFAULT_KEEP,
}: {
  buildDir: string;
  deployRoot: string;
  version?: string | undefined;
  keep?: number;
}): { version: string; changed: boolean } {
  if (!existsSync(path.join(buildDir, 'mf-manifest.json'))) {
    throw new Error(`${buildDir} is not a remote's build (no mf-manifest.json): build it first`);
  }
  const id = version ?? buildVersion(buildDir);
  if (!VERSION_PATTERN.test(id)) throw new Error(`Not a usable version id: "${id}"`);
  const versions = path.join(deployRoot, VERSIONS_DIR);
  const target = path.join(versions, id);
  mkdirSync(versions, { recursive: true });
  if (!existsSync(target)) {
    // Copied beside, then renamed: the version appears whole or not at all.
    const staging = path.join(versions, `.staging-${id}-${randomBytes(4).toString('hex')}`);
    cpSync(buildDir, staging, { recursive: true });
    const routesFile = path.join(staging, 'server', 'routes.json');
    if (existsSync(routesFile)) {
      const routes = parsePublishedRoutes(JSON.parse(readFileSync(routesFile, 'utf8')), routesFile);
      writeFileSync(routesFile, JSON.stringify({ ...routes, deployment: `v/${id}/` }, null, 2));
    }
    renameSync(staging, target);
  }
  const previous = readPointer(deployRoot);
  if (previous?.version === id) return { version: id, changed: false };
  const history = [id, ...(previous?.history ?? []).filter((old) => old !== id)].slice(0, keep);
  writeAtomically(
    path.join(deployRoot, POINTER_FILE),
    `${JSON.stringify({ version: id, history }, null, 2)}\n`,
  );
  // Versions no longer in the history; a render that started on one has long finished.
  for (const entry of readdirSync(versions)) {
    const folder = path.join(versions, entry);
    const stale = !history.includes(entry) && !entry.startsWith('.staging-');
    const abandoned =
      entry.startsWith('.staging-') && Date.now() - statSync(folder).mtimeMs > 3600_000;
    if (stale || abandoned) rmSync(folder, { recursive: true, force: true });
  }
  return { version: id, changed: true };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  const args = process.argv.slice(2);
  const versionAt = args.indexOf('--version');
  const version = versionAt >= 0 ? args[versionAt + 1] : undefined;
  // Without --version, every argument that is not an option is an app's name (the first too).
  const names = args.filter(
    (arg, index) => !arg.startsWith('--') && (versionAt < 0 || index !== versionAt + 1),
  );
  const remotes = APPS.filter((app) => app.name !== 'shell');
  const chosen = names.length ? remotes.filter((app) => names.includes(app.name)) : remotes;
  if (names.length && chosen.length !== names.length) {
    console.error(
      `Usage: npm run deploy -- [${remotes.map((a) => a.name).join('|')}…] [--version <id>]`,
    );
    process.exit(1);
  }
  for (const app of chosen) {
    // Never a test build (tools/build.ts --test, docs/decisions/071), nor test code.
    const problems = checkProductionBuilds([path.join(ROOT, app.dir, 'dist')]);
    if (problems.length > 0) {
      console.error(`${app.name}: not deployed, its build is not a clean production build:`);
      for (const problem of problems) console.error(`  ${problem}`);
      console.error(`Build it for production first: npm run build -- ${app.name}`);
      process.exit(1);
    }
    const result = deployBuild({
      buildDir: path.join(ROOT, app.dir, 'dist'),
      deployRoot: path.join(ROOT, app.dir, 'deploys'),
      version,
    });
    console.log(
      `${app.name}: version ${result.version} ${result.changed ? 'is live' : 'was already live'}`,
    );
  }
}
