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
import { createHash, createHmac, randomBytes } from 'node:crypto';
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
import { REMOTES } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { loadSettingsFile } from '@portfolio/platform/settings';
import {
  DEFAULT_CANARY_MARGIN,
  DEFAULT_CANARY_MIN_VIEWS,
  DEFAULT_PREVIEW_TTL_S,
  PREVIEW_PATH,
  signPreview,
} from '@portfolio/platform/remote-rollout';
// By path: the platform's package names no entry for it (docs/decisions/147).
import { readStackSettings } from './stack/settings';
import { checkCompat, loadApp, loadSite } from './compat/check-compat';
import type { App } from './compat/check-compat';
import { TYPES_ZIP, checkExposedTypes, publishExposedTypes } from './compat/exposed-types';
import { readCommandLine } from './command-line';
import { previewSecret } from './preview-secret';
import { parsePublishedRoutes } from '@portfolio/contract';
import { ROOT } from './root';
import { checkProductionBuilds } from './check-production-build';
import {
  CANARY_FILE,
  POINTER_FILE,
  VERSIONS_DIR,
  VERSION_PATTERN,
  readPointer,
} from '@portfolio/platform/deploy-folders';
import type { DeployPointer } from '@portfolio/platform/deploy-folders';
import { parseCanaryPlan } from '@portfolio/platform/remote-rollout';
import type { CanaryPlan } from '@portfolio/platform/remote-rollout';

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

/** A build to upload to a deploy folder. */
export interface UploadOptions {
  buildDir: string;
  deployRoot: string;
  /** Its version's name (default: a hash of its files, buildVersion). */
  version?: string | undefined;
  /** How many versions are kept. */
  keep?: number;
}

/** Copies `buildDir` to `<deployRoot>/versions/<version>/` unless it is there; its version. */
export function uploadVersion({
  buildDir,
  deployRoot,
  version,
}: Omit<UploadOptions, 'keep'>): string {
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
  return id;
}

function writePointer(deployRoot: string, pointer: DeployPointer): void {
  writeAtomically(path.join(deployRoot, POINTER_FILE), `${JSON.stringify(pointer, null, 2)}\n`);
}

/** Removes versions neither in the history nor kept as a candidate (nor a canary's). */
function removeStale(deployRoot: string, pointer: DeployPointer): void {
  const versions = path.join(deployRoot, VERSIONS_DIR);
  const canary = readCanary(deployRoot)?.version;
  for (const entry of readdirSync(versions)) {
    const folder = path.join(versions, entry);
    const stale =
      !pointer.history.includes(entry) &&
      !pointer.kept.includes(entry) &&
      entry !== canary &&
      !entry.startsWith('.staging-');
    const abandoned =
      entry.startsWith('.staging-') && Date.now() - statSync(folder).mtimeMs > 3600_000;
    // A render that started on a removed version has long finished.
    if (stale || abandoned) rmSync(folder, { recursive: true, force: true });
  }
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
}: UploadOptions): { version: string; changed: boolean } {
  const id = uploadVersion({ buildDir, deployRoot, version });
  return switchLive(deployRoot, id, keep);
}

/** Points `current.json` at a version already uploaded (a deploy, a rollback, a promotion). */
export function switchLive(
  deployRoot: string,
  id: string,
  keep = DEFAULT_KEEP,
): { version: string; changed: boolean } {
  if (!existsSync(path.join(deployRoot, VERSIONS_DIR, id))) {
    throw new Error(`Version ${id} is not uploaded to ${deployRoot}`);
  }
  const previous = readPointer(deployRoot);
  if (previous?.version === id) return { version: id, changed: false };
  const pointer: DeployPointer = {
    version: id,
    history: [id, ...(previous?.history ?? []).filter((old) => old !== id)].slice(0, keep),
    kept: (previous?.kept ?? []).filter((old) => old !== id),
  };
  writePointer(deployRoot, pointer);
  removeStale(deployRoot, pointer);
  return { version: id, changed: true };
}

/**
 * Uploads a candidate without switching the pointer, and keeps it (the newest `keep` candidates):
 * a preview's or a canary's version (docs/decisions/191). A remote must be live first.
 */
export function uploadCandidate({
  buildDir,
  deployRoot,
  version,
  keep = DEFAULT_KEEP,
}: UploadOptions): { version: string; live: boolean } {
  const pointer = readPointer(deployRoot);
  if (!pointer) throw new Error(`Nothing is live in ${deployRoot} yet: deploy a version first`);
  const id = uploadVersion({ buildDir, deployRoot, version });
  if (id === pointer.version) return { version: id, live: true };
  const kept = {
    ...pointer,
    kept: [id, ...pointer.kept.filter((old) => old !== id)].slice(0, keep),
  };
  writePointer(deployRoot, kept);
  removeStale(deployRoot, kept);
  return { version: id, live: false };
}

/** The remote's canary, when one runs. */
export function readCanary(deployRoot: string): CanaryPlan | null {
  try {
    return parseCanaryPlan(JSON.parse(readFileSync(path.join(deployRoot, CANARY_FILE), 'utf8')));
  } catch {
    return null;
  }
}

/** Starts (or changes) the remote's canary: canary.json, replaced atomically. */
export function startCanary(deployRoot: string, plan: Omit<CanaryPlan, 'startedAt'>): CanaryPlan {
  const pointer = readPointer(deployRoot);
  if (!pointer?.kept.includes(plan.version)) {
    throw new Error(`Version ${plan.version} is not an uploaded candidate of ${deployRoot}`);
  }
  const running = readCanary(deployRoot);
  // The same candidate at another share keeps its start (and the site's counts of it).
  const startedAt =
    running?.version === plan.version ? running.startedAt : new Date().toISOString();
  const started: CanaryPlan = { ...plan, startedAt };
  writeAtomically(path.join(deployRoot, CANARY_FILE), `${JSON.stringify(started, null, 2)}\n`);
  return started;
}

/** Ends the canary (everyone back on the live version); the plan that ran, if any. */
export function endCanary(deployRoot: string): CanaryPlan | null {
  const running = readCanary(deployRoot);
  rmSync(path.join(deployRoot, CANARY_FILE), { force: true });
  return running;
}

/** Makes the canary's version live and ends the canary. */
export function promoteCanary(deployRoot: string): { version: string } {
  const running = readCanary(deployRoot);
  if (!running) throw new Error(`No canary runs in ${deployRoot}`);
  switchLive(deployRoot, running.version);
  endCanary(deployRoot);
  return { version: running.version };
}

/** The signature of a status request (shell/server/plugins/rollout.ts checks it). */
function statusSignature(secret: string, at: number): string {
  return `${at}.${createHmac('sha256', secret).update(`rollout-status\n${at}`).digest('base64url')}`;
}

const USAGE = `Usage:
  npm run deploy -- [<remote>…] [--version <id>]      make builds live (every remote without names)
  npm run deploy -- <remote>… --preview [--hours <n>]  upload as candidates, print a preview link
  npm run deploy -- <remote> --canary <percent> [--margin <points>] [--min-views <n>]
  npm run deploy -- <remote> --status | --promote | --abort
  --site <origin>   the live site (check:compat, preview links, --status); default SITE_URL,
                    else http://localhost:<SHELL_PORT> (npm start)
Remotes: ${REMOTES.map((app) => app.name).join(', ')}. See docs/remote-team.md.`;

/** Refuses the command: its reason and the usage, before anything was done. */
function refuse(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * A remote's build, checked to be a clean production build (never a test build, ADR 071), with
 * the types of what it exposes beside it (made once per source, ADR 194).
 */
async function productionBuildOf(app: AppInfo): Promise<string> {
  const dist = path.join(ROOT, app.dir, 'dist');
  const problems = checkProductionBuilds([dist]);
  if (problems.length > 0) {
    fail(
      `${app.name}: not deployed, its build is not a clean production build:\n` +
        `${problems.map((problem) => `  ${problem}`).join('\n')}\n` +
        `Build it for production first: npm run build -- ${app.name}`,
    );
  }
  const { made } = await publishExposedTypes(app, dist);
  if (made) console.log(`${app.name}: the types of what it exposes are made (${TYPES_ZIP})`);
  return dist;
}

/** check:compat against the live site, as before any deploy (docs/decisions/050). */
async function checkAgainstLive(app: AppInfo, dist: string, site: string): Promise<void> {
  let live: App[];
  try {
    live = await loadSite(site);
  } catch (error) {
    fail(
      `${app.name}: check:compat could not read the live site at ${site} ` +
        `(${error instanceof Error ? error.message : String(error)}): start it, or give --site`,
    );
  }
  const candidate = await loadApp(dist);
  const { errors } = checkCompat({ live, candidate });
  const types = await checkExposedTypes({ remote: app, candidateDir: dist });
  const all = [...errors, ...types];
  if (all.length > 0) {
    fail(
      `${app.name}: check:compat refuses this build next to the live site:\n` +
        `${all.map((error) => `  - ${error}`).join('\n')}`,
    );
  }
  console.log(`${app.name}: check:compat passed against ${site}`);
}

/** The site's counts of a remote's live version and canary (GET /_rollout/status). */
async function siteStatus(site: string): Promise<Record<string, RemoteStatus>> {
  const at = Date.now();
  const response = await fetch(new URL('/_rollout/status', site), {
    headers: { Authorization: `Rollout ${statusSignature(previewSecret(), at)}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${site}/_rollout/status: HTTP ${response.status}`);
  return ((await response.json()) as { remotes: Record<string, RemoteStatus> }).remotes;
}

interface Counts {
  views: number;
  renders: number;
  renderFailures: number;
  islandFailures: number;
  hydrationErrors: number;
}
interface RemoteStatus {
  live: { version: string | null; counts: Counts };
  canary?: CanaryPlan & { counts: Counts; ended?: string };
}

/** Live and canary side by side. */
function statusTable(status: RemoteStatus): string {
  const { live, canary } = status;
  const rate = (counts: Counts) =>
    counts.views > 0
      ? `${(((counts.renderFailures + counts.islandFailures + counts.hydrationErrors) / counts.views) * 100).toFixed(1)} %`
      : '-';
  const rows: [string, (counts: Counts) => string][] = [
    ['views', (c) => String(c.views)],
    ['renders', (c) => String(c.renders)],
    ['render failures', (c) => String(c.renderFailures)],
    ['island load failures', (c) => String(c.islandFailures)],
    ['hydration errors', (c) => String(c.hydrationErrors)],
    ['failure rate', rate],
  ];
  const header = [
    '',
    `live ${live.version ?? '?'}`,
    ...(canary ? [`canary ${canary.version}`] : []),
  ];
  const lines = [
    header,
    ...rows.map(([label, cell]) => [
      label,
      cell(live.counts),
      ...(canary ? [cell(canary.counts)] : []),
    ]),
  ];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]! + 2),
        )
        .join(''),
    )
    .join('\n');
}

async function main(): Promise<void> {
  const remotes = REMOTES;
  const { values, positionals } = readCommandLine({
    usage: USAGE,
    options: {
      version: { type: 'string' },
      preview: { type: 'boolean' },
      hours: { type: 'string' },
      canary: { type: 'string' },
      margin: { type: 'string' },
      'min-views': { type: 'string' },
      status: { type: 'boolean' },
      promote: { type: 'boolean' },
      abort: { type: 'boolean' },
      site: { type: 'string' },
    },
    positionals: { max: remotes.length, allowed: remotes.map((app) => app.name) },
  });
  const modes = (['preview', 'canary', 'status', 'promote', 'abort'] as const).filter(
    (mode) => values[mode] !== undefined,
  );
  if (modes.length > 1) refuse(`--${modes.join(' and --')} do not go together`);
  const mode = modes[0] ?? 'live';
  const chosen = positionals.length
    ? remotes.filter((app) => positionals.includes(app.name))
    : mode === 'live'
      ? remotes
      : [];
  if (chosen.length === 0) refuse(`--${mode} needs the remote it is for`);
  if (mode !== 'live' && mode !== 'preview' && chosen.length > 1) {
    refuse(`--${mode} is for one remote at a time`);
  }
  if (values.version !== undefined && mode !== 'live' && mode !== 'preview' && mode !== 'canary') {
    refuse(`--version does not go with --${mode}`);
  }
  if (values.hours !== undefined && mode !== 'preview') refuse('--hours goes with --preview');
  if ((values.margin !== undefined || values['min-views'] !== undefined) && mode !== 'canary') {
    refuse('--margin and --min-views go with --canary');
  }
  const number = (text: string | undefined, name: string, min: number, max: number) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) {
      refuse(`--${name} takes a number from ${min} to ${max}, not "${text}"`);
    }
    return value;
  };
  const percent = number(values.canary, 'canary', 1, 100);
  const margin = number(values.margin, 'margin', 0, 100) ?? DEFAULT_CANARY_MARGIN;
  const minViews =
    number(values['min-views'], 'min-views', 1, 1_000_000) ?? DEFAULT_CANARY_MIN_VIEWS;
  const hours = number(values.hours, 'hours', 0.1, 24 * 30) ?? DEFAULT_PREVIEW_TTL_S / 3600;
  loadSettingsFile(process.env);
  const settings = readStackSettings(process.env);
  const site = (
    values.site ??
    settings.SITE_URL ??
    `http://localhost:${settings.SHELL_PORT}`
  ).replace(/\/+$/, '');
  const deployRootOf = (app: AppInfo) => path.join(ROOT, app.dir, 'deploys');

  if (mode === 'live') {
    for (const app of chosen) {
      const result = deployBuild({
        buildDir: await productionBuildOf(app),
        deployRoot: deployRootOf(app),
        version: values.version,
      });
      console.log(
        `${app.name}: version ${result.version} ${result.changed ? 'is live' : 'was already live'}`,
      );
    }
    return;
  }
  if (mode === 'preview') {
    const expires = Math.floor(Date.now() / 1000 + hours * 3600);
    const tokens: string[] = [];
    for (const app of chosen) {
      const dist = await productionBuildOf(app);
      await checkAgainstLive(app, dist, site);
      const { version, live } = uploadCandidate({
        buildDir: dist,
        deployRoot: deployRootOf(app),
        version: values.version,
      });
      if (live)
        fail(`${app.name}: version ${version} is the live version already: nothing to preview`);
      tokens.push(signPreview(previewSecret(), { remote: app.name, version, expires }));
      console.log(`${app.name}: version ${version} is uploaded for preview (not live)`);
    }
    const query = tokens.map((token) => `token=${encodeURIComponent(token)}`).join('&');
    console.log(
      `Preview link (until ${new Date(expires * 1000).toISOString()}; opens the preview in the ` +
        `browser that follows it, nobody else):\n  ${site}${PREVIEW_PATH}?${query}`,
    );
    return;
  }
  const app = chosen[0]!;
  const deployRoot = deployRootOf(app);
  if (mode === 'canary') {
    const dist = await productionBuildOf(app);
    await checkAgainstLive(app, dist, site);
    const { version, live } = uploadCandidate({
      buildDir: dist,
      deployRoot,
      version: values.version,
    });
    if (live) fail(`${app.name}: version ${version} is the live version already: no canary needed`);
    const plan = startCanary(deployRoot, { version, percent: percent!, margin, minViews });
    console.log(
      `${app.name}: canary of version ${plan.version} for ${plan.percent} % of visitors ` +
        `(ended by itself if its failure rate passes the live version's by ${plan.margin} points ` +
        `after ${plan.minViews} views). See it: npm run deploy -- ${app.name} --status`,
    );
    return;
  }
  if (mode === 'abort') {
    const ended = endCanary(deployRoot);
    console.log(
      ended
        ? `${app.name}: canary of version ${ended.version} ended: every visitor gets the live version`
        : `${app.name}: no canary runs`,
    );
    return;
  }
  if (mode === 'promote') {
    const running = readCanary(deployRoot);
    if (!running) fail(`${app.name}: no canary runs: nothing to promote`);
    const dist = path.join(deployRoot, VERSIONS_DIR, running.version);
    await checkAgainstLive(app, dist, site);
    const { version } = promoteCanary(deployRoot);
    console.log(`${app.name}: version ${version} is live for everyone (the canary has ended)`);
    return;
  }
  // --status
  const pointer = readPointer(deployRoot);
  const running = readCanary(deployRoot);
  console.log(
    `${app.name}: live ${pointer?.version ?? '(nothing deployed)'}` +
      (running
        ? `, canary ${running.version} for ${running.percent} % since ${running.startedAt} ` +
          `(margin ${running.margin} points, after ${running.minViews} views)`
        : ', no canary'),
  );
  let status: RemoteStatus | undefined;
  try {
    status = (await siteStatus(site))[app.name];
  } catch (error) {
    fail(`The site at ${site} gave no counts (${error instanceof Error ? error.message : error})`);
  }
  if (!status) fail(`The site at ${site} does not know ${app.name}`);
  console.log(statusTable(status));
  if (status.canary?.ended && running?.version === status.canary.version) {
    endCanary(deployRoot);
    console.log(
      `The site ended this canary by itself: ${status.canary.ended}. ` +
        'Its canary.json is removed: every visitor gets the live version.',
    );
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
